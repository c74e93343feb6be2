// Judging answers: one pure function per question type and the dispatcher `judgeQuestion`, used by the API
// (trainings, `…/test`) and by the web (instant feedback in previews). No I/O, no clock. Full rules: docs/judging.md.
//
// Decisions:
// - Submission encoding (`QuestionTestRequest`, spec `request{answer}`): `answer: string[]` for every type but
//   enReading — option letters, `T`/`F`, one entry per blank, or the text for translation/shortAnswer. enReading
//   answers its sub-questions in `subAnswers: { [questionSubId]: string[] }` (each encoded as for its own type);
//   its `answer` is ignored. A missing or empty answer is judged wrong, never an error.
// - Scores: choice, trueFalse and translation are all-or-nothing (1 or 0); fillBlank scores the fraction of blanks
//   right; enReading the fraction of sub-questions right, each sub-question counting whole. For every auto-judged
//   type `isCorrect` ⇔ `score === 1`. Manual answers are pending: `isCorrect` null, `score` 0 until a teacher judges.
// - translation: correct when `judgeSimilarity` ≥ 80; the similarity is returned as `similarity`, but a wrong
//   translation scores 0 (a near-miss is not partly right, and noise must not earn marks).
// - judgeType `manual` makes fillBlank and translation pending (also inside enReading); choice and trueFalse are
//   always judged automatically; shortAnswer is always manual.
import type { JudgeResult, JudgeType, QuestionType } from '../schemas/question.js';
import {
  judgeEnReading,
  judgeFillBlank,
  judgeManual,
  judgeMultipleChoice,
  judgeShortAnswer,
  judgeSingleChoice,
  judgeTranslation,
  judgeTrueFalse,
  type JudgeSubSource,
} from './judge.js';

export * from './judge.js';
export * from './normalise.js';
export * from './feedback.js';

/** What `judgeQuestion` needs; a `Question` fits. */
export interface JudgeTarget {
  type: QuestionType;
  judgeType?: JudgeType;
  answer: readonly string[];
  explanation?: string;
  questionSub?: readonly JudgeSubSource[];
}

/** A submitted answer: `answer` for simple types, `subAnswers` by `questionSubId` for enReading. */
export interface Submission {
  answer?: readonly string[];
  subAnswers?: Readonly<Record<string, readonly string[]>>;
}

/** Judges a submission against a question by the rules of its type. */
export function judgeQuestion(question: JudgeTarget, submission: Submission): JudgeResult {
  const answer = submission.answer ?? [];
  const manual = question.judgeType === 'manual';
  switch (question.type) {
    case 'singleChoice':
      return judgeSingleChoice(question, answer);
    case 'multipleChoice':
      return judgeMultipleChoice(question, answer);
    case 'trueFalse':
      return judgeTrueFalse(question, answer);
    case 'fillBlank':
      return manual ? judgeManual(question, answer) : judgeFillBlank(question, answer);
    case 'translation':
      return manual ? judgeManual(question, answer) : judgeTranslation(question, answer);
    case 'shortAnswer':
      return judgeShortAnswer(question, answer);
    case 'enReading':
      return judgeEnReading({ ...question, questionSub: question.questionSub ?? [] }, submission);
  }
}
