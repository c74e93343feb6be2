// Text similarity as a percentage with two decimals: recitation comparison (docs/product.md §5) and translation judging.
import { translationSimilarity } from './translation-similarity.js';

/**
 * A translation is judged correct when its similarity to a reference reaches this (docs/domain.md "Questions and
 * repositories"), calibrated on the right and wrong student translations of docs/reading.md "Judging translations".
 */
export const JUDGE_SIMILARITY_THRESHOLD = 63;

/** Code points, so an emoji or a rare CJK character counts as one edit, not two. */
const chars = (text: string): string[] => Array.from(text);

/** Levenshtein distance (insert, delete, substitute, each cost 1) over code points. */
export function levenshteinDistance(a: string, b: string): number {
  let x = chars(a);
  let y = chars(b);
  // A shared prefix and suffix never change the distance; dropping them keeps long, mostly equal texts cheap.
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  x = x.slice(start, endX);
  y = y.slice(start, endY);
  if (x.length < y.length) [x, y] = [y, x];
  if (y.length === 0) return x.length;

  // Two rows over the shorter text.
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  let curr = new Array<number>(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    curr[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      curr[j] = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + cost);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[y.length];
}

/**
 * 100 × (1 − distance / longer length), over code points, rounded half up to two decimals.
 * Two empty texts are identical (100). Computed on integers so 2/3 gives exactly 66.67.
 */
export function levenshteinSimilarity(a: string, b: string): number {
  const longest = Math.max(chars(a).length, chars(b).length);
  if (longest === 0) return 100;
  const same = longest - levenshteinDistance(a, b);
  return Math.round((same * 10_000) / longest) / 100;
}

const text = (value: string | null | undefined): string => (typeof value === 'string' ? value : '');

/**
 * Recitation / text comparison (docs/product.md §5): 100 when `newText` contains `oldText` (so also when `oldText` is
 * empty, and when both are empty), otherwise `levenshteinSimilarity` of the raw texts. null/undefined read as ''.
 */
export function textSimilarity(oldText: string | null | undefined, newText: string | null | undefined): number {
  const before = text(oldText);
  const after = text(newText);
  if (after.includes(before)) return 100;
  return levenshteinSimilarity(before, after);
}

/**
 * What judging compares: Unicode NFKC (full-width letters, digits and punctuation become half-width),
 * lower case, runs of whitespace as one space, trimmed.
 */
export function normaliseForJudging(value: string | null | undefined): string {
  return text(value).normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Translation judging: `translationSimilarity` of the normalised texts (tolerant of word order and near-synonyms,
 * strict on negation, people, numbers and times; docs/reading.md "Judging translations"), without the "contains
 * the old text" rule (an answer that merely includes the reference plus noise must not score 100). Symmetric.
 * Correct when the result is ≥ `JUDGE_SIMILARITY_THRESHOLD`.
 */
export function judgeSimilarity(reference: string | null | undefined, answer: string | null | undefined): number {
  return translationSimilarity(normaliseForJudging(reference), normaliseForJudging(answer));
}

/** True when the answer is similar enough to the reference to be judged correct. */
export const isSimilarEnough = (reference: string | null | undefined, answer: string | null | undefined): boolean =>
  judgeSimilarity(reference, answer) >= JUDGE_SIMILARITY_THRESHOLD;
