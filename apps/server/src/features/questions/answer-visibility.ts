// What a student (or a visitor) may see of a judged answer at a given moment: the one rule every training
// response and the public answer test go through (docs/judging.md "Who sees an answer when").
import { FEEDBACK, type JudgeResult, type SubJudgeResult } from '@edu/contract';

/**
 * The moment a judged answer is shown at:
 * - `sealed`: a paper's answer (judged when handed in): nothing at all, not even the verdict;
 * - `verdict`: the verdict and score without the standard answer, the explanation or a feedback that names
 *   the answer: a wrong answer under judgeWay 'retry' while its question is still current, and a visitor's
 *   try of a published question whose publisher did not opt in to show answers;
 * - `due`: everything (a general training's answer once it counts, staff previews).
 */
export type AnswerMoment = 'sealed' | 'verdict' | 'due';

/** Said instead of a feedback that would name the answer. */
export const RETRY_FEEDBACK = '回答错误，请再试一次';
const WRONG_FEEDBACK = '回答错误';

/** A verdict's feedback that names no answer. */
function plainFeedback(r: { isCorrect: boolean | null; pending: boolean }, wrong: string): string {
  if (r.pending) return FEEDBACK.pending;
  return r.isCorrect === true ? FEEDBACK.correct : wrong;
}

function verdictOnly(r: JudgeResult, wrong: string): JudgeResult {
  const { subResults, ...rest } = r;
  return {
    ...rest,
    standardAnswer: [],
    explanation: '',
    feedback: plainFeedback(r, wrong),
    ...(subResults ? { subResults: subResults.map(subVerdictOnly) } : {}),
  };
}

const subVerdictOnly = (s: SubJudgeResult): SubJudgeResult => ({
  ...s,
  standardAnswer: [],
  explanation: '',
  feedback: plainFeedback(s, WRONG_FEEDBACK),
});

/** The judged answer as shown at `moment` (null = nothing to show). Pure; never changes `result`. */
export function visibleResult(result: JudgeResult | null, moment: AnswerMoment): JudgeResult | null {
  if (result === null || moment === 'sealed') return null;
  return moment === 'verdict' ? verdictOnly(result, RETRY_FEEDBACK) : result;
}

/** A visitor's try of a published question (no retry to suggest): the answer only when the publisher opted in. */
export function publicResult(result: JudgeResult, showAnswer: boolean): JudgeResult {
  return showAnswer ? result : verdictOnly(result, WRONG_FEEDBACK);
}

/**
 * The moment of a training's answer: a paper is sealed, and so is an answer to a question another unfinished
 * training of the student holds (docs/practice-engine.md "Sealing"); a wrong answer whose question is still the
 * current one of a running training under retry shows its verdict only; anything else is due.
 */
export function trainingAnswerMoment(t: {
  paper: boolean;
  /** Another unfinished training of the student holds the question (training/sealing.ts). */
  sealedElsewhere?: boolean;
  running: boolean;
  /** The answered question is still the training's current question (judgeWay 'retry' after a wrong answer). */
  stillCurrent: boolean;
  isCorrect: boolean | null;
}): AnswerMoment {
  // A paper's answers are judged when it is handed in: its answer calls never carry a result (its report does).
  if (t.paper || t.sealedElsewhere === true) return 'sealed';
  if (t.running && t.stillCurrent && t.isCorrect !== true) return 'verdict';
  return 'due';
}
