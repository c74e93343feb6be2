// Numbers of the training pages as people read them: scores, rates, durations, times.
import { QUESTION_TYPES, shareOf, verdictOf, type AnswerVerdict, type QuestionType, cstSeconds } from '@edu/contract';

/** A score with at most two decimals: 3, 2.5, 0.33. */
export function formatScore(n: number): string {
  return Number.isFinite(n) ? String(Math.round(n * 100) / 100) : '0';
}

/**
 * 正确率 as a whole percentage, or null when nothing was answered: `credit / answered` — partial credit counts by its
 * share of the mark (docs/practice-engine.md "Marks") —, or `correct / answered` from a server without `credit`.
 */
export function correctRate(correct: number, answered: number, credit?: number): number | null {
  if (!(answered > 0)) return null;
  return Math.round((Math.max(0, credit ?? correct) / answered) * 100);
}

/** `得分 12 / 15`'s numbers: the marks scored out of the question's mark (1 when the record does not say). */
export const scoreOutOf = (score: number, mark: number | undefined) =>
  `${formatScore(score)} / ${formatScore(mark ?? 1)}`;

/** How a record reads: full marks correct, none wrong, between partial; null while waiting (or kept back). */
export function recordVerdict(r: {
  isCorrect: boolean | null;
  verdict?: AnswerVerdict | null;
  score: number;
  mark?: number;
}): AnswerVerdict | null {
  if (r.verdict !== undefined) return r.verdict;
  return verdictOf(r.isCorrect, shareOf(r.score, r.mark));
}

/** Whole seconds from start to end (ms); null while there is no end. */
export function spanSeconds(start: number, end: number | null): number | null {
  if (end === null) return null;
  return Math.max(0, Math.round((end - start) / 1000));
}

/** `2026-01-05 16:00:05` in China Standard Time (the labels say 北京时间; docs/helpers.md "China Standard Time"). */
export const formatTime = cstSeconds;

export const isQuestionType = (t: string): t is QuestionType => (QUESTION_TYPES as readonly string[]).includes(t);
