// Recitation scoring (docs/recitation.md "Practice"): each sentence by docs/product.md §5 similarity
// (`textSimilarity(sentence, answer)`: 100 when the answer contains the sentence), banded by colour; the total is
// the mean over the sentences, a sentence left blank counting 0.
import { textSimilarity } from '@edu/contract';

export type Band = 'good' | 'fair' | 'poor';
export const BAND_COLORS: Record<Band, string> = { good: '#389e0d', fair: '#d48806', poor: '#cf1322' };
export const BAND_LABELS: Record<Band, string> = { good: '熟练', fair: '基本记住', poor: '需加强' };

/** ≥ 90 熟练, ≥ 60 基本记住, else 需加强. */
export function bandOf(score: number): Band {
  if (score >= 90) return 'good';
  return score >= 60 ? 'fair' : 'poor';
}

/** A sentence's score; null while nothing is typed (not yet checked). */
export function sentenceScore(sentence: string, answer: string): number | null {
  return answer.trim() === '' ? null : textSimilarity(sentence, answer.trim());
}

/** The mean of the sentences' scores, blanks as 0, rounded to two decimals. */
export function totalScore(scores: readonly (number | null)[]): number {
  if (scores.length === 0) return 0;
  const sum = scores.reduce<number>((s, x) => s + (x ?? 0), 0);
  return Math.round((sum / scores.length) * 100) / 100;
}
