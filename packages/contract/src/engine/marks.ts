// Marks (docs/practice-engine.md "Marks"): what a question is worth in a training, what an answer scored of it,
// and the verdict, share and wrong-answer-book rule every reader of an answer shares. Pure, like the engine.
import { DEFAULT_MARK, MARK_STEP, MAX_MARK, MIN_MARK } from './scheme-limits.js';
import type { EnginePoint, EngineScheme, TrainingAnswer } from './types.js';

/** A mark the scheme may give: MIN_MARK..MAX_MARK in steps of MARK_STEP. */
export const isMark = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= MIN_MARK && v <= MAX_MARK && Number.isInteger(v / MARK_STEP);

/**
 * What a question drawn at `point` is worth: its own mark on the fixed list (`marks`), else the point's `mark`,
 * else 1. A mark that is not one (a scheme that skipped validation, an older snapshot) counts as 1.
 */
export function pointMark(point: Pick<EnginePoint, 'mark' | 'marks'> | undefined, questionId: string): number {
  const own = point?.marks?.[questionId];
  if (isMark(own)) return own;
  return isMark(point?.mark) ? point.mark : DEFAULT_MARK;
}

/** What the question is worth when drawn at `phase`/`point` of the scheme (an unknown point: 1). */
export function questionMark(scheme: EngineScheme, phase: string, point: string, questionId: string): number {
  const p = scheme.phases.find((x) => x.phase === phase)?.points.find((x) => x.name === point);
  return pointMark(p, questionId);
}

/** The marks a judged share (0..1) is worth; null (waiting for a teacher) stays null. */
export function marksOf(share: number | null, mark: number): number | null {
  if (share === null) return null;
  if (!Number.isFinite(share)) return 0;
  return Math.min(1, Math.max(0, share)) * mark;
}

/** The share of its mark an answer scored (0..1); null while it waits for a teacher. */
export function shareOf(score: number | null, mark: number | undefined): number | null {
  if (score === null || !Number.isFinite(score)) return null;
  const m = mark !== undefined && mark > 0 ? mark : DEFAULT_MARK;
  return Math.min(1, Math.max(0, score / m));
}

/** How an answer reads: full marks right, nothing wrong, anything between partial; null while it waits. */
export type AnswerVerdict = 'correct' | 'partial' | 'wrong';

/** The verdict of a judged answer from its right/wrong and its share of the mark (docs/practice-engine.md "Marks"). */
export function verdictOf(isCorrect: boolean | null, share: number | null): AnswerVerdict | null {
  if (isCorrect === null) return null;
  if (isCorrect) return 'correct';
  return share !== null && share > 0 ? 'partial' : 'wrong';
}

/** An answer below this share of its mark enters the wrong-answer book; at or above it, partly right, it does not. */
export const WRONG_BOOK_SHARE = 0.6;

/** Whether a judged answer enters the wrong-answer book: wrong, or partial below WRONG_BOOK_SHARE. */
export const entersWrongBook = (isCorrect: boolean | null, share: number | null): boolean =>
  isCorrect === false && (share ?? 0) < WRONG_BOOK_SHARE;

/**
 * The answers' shares summed (a right answer 1, 12 of 15 marks 0.8, a pending one 0): the right answers with
 * partial credit by its share. 正确率 = credit / answered.
 */
export function creditOf(answers: readonly Pick<TrainingAnswer, 'score' | 'isCorrect' | 'mark'>[]): number {
  let sum = 0;
  for (const a of answers) sum += answerCredit(a);
  return roundCredit(sum);
}

/** One answer's share in `creditOf`'s sum (unrounded). */
export function answerCredit(a: Pick<TrainingAnswer, 'score' | 'isCorrect' | 'mark'>): number {
  if (a.isCorrect === true) return 1;
  return a.isCorrect === false ? (shareOf(a.score, a.mark) ?? 0) : 0;
}

/** A sum of shares as `creditOf` answers it: to four decimals. */
export const roundCredit = (sum: number) => Math.round(sum * 10_000) / 10_000;
