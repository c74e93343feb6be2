// Taking in judged answers: which question may be answered now, which answer counts, and where a finished visit
// leads. Works on a draft copy of the state.
import { marksOf, pointMark } from './marks.js';
import { goTo, phaseIndexOf, pointKey } from './navigate.js';
import {
  EngineError,
  type EnginePoint,
  type EngineScheme,
  type TrainingAnswer,
  type TrainingState,
  type TrainingVisit,
} from './types.js';

/** `score`: the judge's share of the question (0..1), or null while a teacher has to judge it. */
type AnswerEvent = { at: number; questionId: string; score: number | null; isCorrect: boolean | null };

const scoreOf = (a: { score: number | null }) => (a.score !== null && Number.isFinite(a.score) ? a.score : 0);

function pointOf(scheme: EngineScheme, phase: string, point: string): EnginePoint | undefined {
  return scheme.phases[phaseIndexOf(scheme, phase)]?.points.find((p) => p.name === point);
}

/**
 * Most answers one question takes in a training: under 'retry' the last of them settles the question even when
 * wrong, and a paper refuses more (`too_many_answers`). Every answer is stored in the training's state, so
 * without a bound one question answered wrong over and over would make each later answer of the training
 * dearer to store (docs/practice-engine.md "Answering").
 */
export const MAX_ANSWERS_PER_QUESTION = 50;

/** Under 'once' any answer settles a question; under 'retry' one that is not wrong (right, or left to a teacher). */
const settles = (way: EnginePoint['judgeWay'] | undefined, a: { isCorrect: boolean | null }) =>
  way !== 'retry' || a.isCorrect !== false;

/** Settled: an answer settles it, or it took as many answers as a question may. */
const settledBy = (way: EnginePoint['judgeWay'] | undefined, answers: readonly { isCorrect: boolean | null }[]) =>
  answers.length >= MAX_ANSWERS_PER_QUESTION || answers.some((a) => settles(way, a));

/** The answers that count for the score: each question's first (general) or last (paper) answer. */
export function countedAnswers(scheme: Pick<EngineScheme, 'type'>, state: TrainingState): TrainingAnswer[] {
  if (scheme.type !== 'paper') return state.answers.filter((a) => a.first);
  const last = new Map<string, TrainingAnswer>();
  for (const a of state.answers) last.set(a.questionId, a);
  return [...last.values()];
}

const sumScores = (answers: TrainingAnswer[]) => answers.reduce((sum, a) => sum + scoreOf(a), 0);

/** Records an answer on a running draft, or throws when this question cannot be answered now. */
export function takeAnswer(scheme: EngineScheme, d: TrainingState, e: AnswerEvent): void {
  if (!isDrawn(d, e.questionId)) throw new EngineError('not_in_training', '该题目不在本次训练中');
  if (d.pending.kind === 'paper')
    return takePaperAnswer(scheme, d, e, !d.answers.some((a) => a.questionId === e.questionId));

  const current = d.pending.kind === 'answer' && d.pending.questionId === e.questionId;
  const visit = d.visit;
  if (!current || !visit) {
    if (!current && settledEarlier(scheme, d, e.questionId))
      throw new EngineError('already_answered', '该题已作答，不能修改');
    throw new EngineError('not_current', '该题不是当前题目，不能作答');
  }
  // Only the visit's answers are read: every answer to its questions is among them (`visitAnswers`).
  const ofVisit = visitAnswers(d.answers, visit);
  const first = !ofVisit.some((a) => a.questionId === e.questionId);
  const point = pointOf(scheme, visit.phase, visit.point);
  const taken = record(d, e, visit.phase, visit.point, visit.n, first, pointMark(point, e.questionId));
  if (first) d.score += scoreOf(taken);
  ofVisit.push(taken);

  const index = phaseIndexOf(scheme, visit.phase);
  const next = nextUnsettled(visit, ofVisit, e.questionId, point?.judgeWay);
  if (next !== undefined) {
    d.pending = { kind: 'answer', questionId: next };
    return;
  }
  // The visit is over: its first answers decide. A short draw needs no more right than it brought.
  const answersTo = answersByQuestion(ofVisit, visit.questionIds);
  const right = visit.questionIds.filter((id) => answersTo.get(id)?.[0]?.isCorrect === true);
  const required = Math.min(point?.requireCorrect ?? 0, visit.questionIds.length);
  const ok = right.length >= required;
  d.passed[pointKey(visit.phase, visit.point)] = ok;
  goTo(scheme, d, index, point ? (ok ? point.onOK : point.onError) : '@next', e.at);
}

/**
 * Whether the training drew the question. The current question always was (the engine's property test checks it
 * after every step), so the usual answer — to the current question — skips the search through every drawn id.
 */
export function isDrawn(d: TrainingState, questionId: string): boolean {
  return (d.pending.kind === 'answer' && d.pending.questionId === questionId) || d.drawn.includes(questionId);
}

/**
 * The answers of the current visit: the tail of the training's answers recorded under the visit's phase, point and
 * entry number. No question is drawn twice in a training and while a visit lasts only its current question takes
 * answers, so every answer to one of its questions is in that tail: an answer late in a long training reads the
 * few answers of its visit instead of every answer of the training (docs/practice-engine.md "Answering").
 */
export function visitAnswers(answers: readonly TrainingAnswer[], visit: TrainingVisit): TrainingAnswer[] {
  let from = answers.length;
  while (from > 0) {
    const a = answers[from - 1];
    if (a.visit !== visit.n || a.point !== visit.point || a.phase !== visit.phase) break;
    from--;
  }
  return answers.slice(from);
}

/** Whether the question's earlier answers settled it (why a question no longer current is refused). */
function settledEarlier(scheme: EngineScheme, d: TrainingState, questionId: string): boolean {
  const earlier = d.answers.filter((a) => a.questionId === questionId);
  const way = earlier[0] && pointOf(scheme, earlier[0].phase, earlier[0].point)?.judgeWay;
  return settledBy(way, earlier);
}

/**
 * The visit's first unsettled question after an answer to `answered`, its current one. A visit starts at its first
 * question and every answer moves it to the first unsettled one, so the questions before the current one are
 * settled, and an answer settles no other question than its own: the search starts at the answered question and
 * the ones after it have no answers yet, which spares an answer the grouping of the visit's answers by question.
 * The engine's property test checks after every step that the current question is the first unsettled one.
 */
function nextUnsettled(
  visit: TrainingVisit,
  ofVisit: readonly TrainingAnswer[],
  answered: string,
  way: EnginePoint['judgeWay'] | undefined,
): string | undefined {
  const ids = visit.questionIds;
  for (let i = Math.max(0, ids.indexOf(answered)); i < ids.length; i++) {
    const of = ofVisit.filter((a) => a.questionId === ids[i]);
    if (!settledBy(way, of)) return ids[i];
  }
  return undefined;
}

/** The answers to these questions, each question's in the order given. */
function answersByQuestion(answers: readonly TrainingAnswer[], ids: readonly string[]): Map<string, TrainingAnswer[]> {
  const out = new Map<string, TrainingAnswer[]>(ids.map((id) => [id, []]));
  for (const a of answers) out.get(a.questionId)?.push(a);
  return out;
}

/** A paper takes answers to any of its questions until it ends; the last one of each question counts. */
function takePaperAnswer(scheme: EngineScheme, d: TrainingState, e: AnswerEvent, first: boolean): void {
  if (d.answers.filter((a) => a.questionId === e.questionId).length >= MAX_ANSWERS_PER_QUESTION)
    throw new EngineError('too_many_answers', `本题已作答 ${MAX_ANSWERS_PER_QUESTION} 次，不能再修改`);
  const visit = d.visit;
  const phase = visit?.phase ?? d.phase ?? '';
  const point = visit?.point ?? d.point ?? '';
  const mark = pointMark(pointOf(scheme, phase, point), e.questionId);
  record(d, e, phase, point, visit?.n ?? 1, first, mark);
  d.score = sumScores(countedAnswers(scheme, d));
}

/** Stores the answer with the question's mark; its score is the judge's share of that mark. */
function record(
  d: TrainingState,
  e: AnswerEvent,
  phase: string,
  point: string,
  visit: number,
  first: boolean,
  mark: number,
): TrainingAnswer {
  const answer: TrainingAnswer = {
    questionId: e.questionId,
    phase,
    point,
    visit,
    at: e.at,
    score: marksOf(e.score, mark),
    isCorrect: e.isCorrect,
    mark,
    first,
  };
  d.answers.push(answer);
  return answer;
}
