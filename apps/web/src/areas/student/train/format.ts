// Numbers of the training pages as people read them: scores, rates, durations, times.
import dayjs from 'dayjs';
import { QUESTION_TYPES, type QuestionType } from '@edu/contract';

/** A score with at most two decimals: 3, 2.5, 0.33. */
export function formatScore(n: number): string {
  return Number.isFinite(n) ? String(Math.round(n * 100) / 100) : '0';
}

/** `correct / answered` as a whole percentage, or null when nothing was answered. */
export function correctRate(correct: number, answered: number): number | null {
  if (!(answered > 0)) return null;
  return Math.round((Math.max(0, correct) / answered) * 100);
}

/** Whole seconds from start to end (ms); null while there is no end. */
export function spanSeconds(start: number, end: number | null): number | null {
  if (end === null) return null;
  return Math.max(0, Math.round((end - start) / 1000));
}

export const formatTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

export const isQuestionType = (t: string): t is QuestionType => (QUESTION_TYPES as readonly string[]).includes(t);
