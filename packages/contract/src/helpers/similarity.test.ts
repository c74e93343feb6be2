import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  JUDGE_SIMILARITY_THRESHOLD,
  isSimilarEnough,
  judgeSimilarity,
  levenshteinDistance,
  levenshteinSimilarity,
  normaliseForJudging,
  textSimilarity,
} from './similarity.js';

// The reference implementation the optimised one is checked against: the textbook full matrix.
function naiveDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const d = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++)
    for (let j = 1; j <= y.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
  return d[x.length][y.length];
}

const hasTwoDecimalsAtMost = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
// Small alphabets make overlaps (and so interesting distances) likely.
const smallText = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '你', '好', '😀', ' '), maxLength: 12 });

describe('levenshteinDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['flaw', 'lawn', 2],
    ['我爱学习', '我爱学英语', 2],
    ['😀a', 'a', 1],
    ['👨‍👩‍👧', '', 5],
  ])('%s → %s is %d', (a, b, d) => {
    expect(levenshteinDistance(a, b)).toBe(d);
  });

  it('agrees with the full-matrix definition', () => {
    fc.assert(
      fc.property(smallText, smallText, (a, b) => {
        expect(levenshteinDistance(a, b)).toBe(naiveDistance(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it('is a metric', () => {
    fc.assert(
      fc.property(smallText, smallText, smallText, (a, b, c) => {
        expect(levenshteinDistance(a, b)).toBe(levenshteinDistance(b, a));
        expect(levenshteinDistance(a, b) === 0).toBe(a === b);
        expect(levenshteinDistance(a, c)).toBeLessThanOrEqual(levenshteinDistance(a, b) + levenshteinDistance(b, c));
      }),
    );
  });

  it('stays fast on long, mostly equal texts', () => {
    const long = 'The quick brown fox jumps over the lazy dog. '.repeat(400);
    const started = Date.now();
    expect(levenshteinDistance(long, `${long.slice(0, 9000)}X${long.slice(9001)}`)).toBe(1);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('levenshteinSimilarity', () => {
  it.each([
    ['', '', 100],
    ['abc', 'abc', 100],
    ['abc', '', 0],
    ['abcdefgh', 'abcdefgX', 87.5],
    ['abc', 'abX', 66.67],
    ['abc', 'aXX', 33.33],
    ['abcdef', 'abcXXX', 50],
    ['kitten', 'sitting', 57.14],
  ])('%s vs %s is %d', (a, b, pct) => {
    expect(levenshteinSimilarity(a, b)).toBe(pct);
  });

  it('is symmetric, within 0..100, with two decimals at most, 100 only for equal texts', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const s = levenshteinSimilarity(a, b);
        expect(s).toBe(levenshteinSimilarity(b, a));
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
        expect(hasTwoDecimalsAtMost(s)).toBe(true);
        if (Array.from(a).length + Array.from(b).length < 10_000) expect(s === 100).toBe(a === b);
      }),
    );
  });

  it('is 100 × (1 − distance / longer length), rounded to two decimals', () => {
    fc.assert(
      fc.property(smallText, smallText, (a, b) => {
        const longest = Math.max(Array.from(a).length, Array.from(b).length);
        fc.pre(longest > 0);
        const exact = 100 * (1 - naiveDistance(a, b) / longest);
        expect(Math.abs(levenshteinSimilarity(a, b) - exact)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});

describe('textSimilarity (docs/product.md §5)', () => {
  it('is 100 when both texts are empty', () => {
    expect(textSimilarity('', '')).toBe(100);
    expect(textSimilarity(null, undefined)).toBe(100);
  });

  it('is 100 when the new text contains the old one', () => {
    expect(textSimilarity('quick brown', 'The quick brown fox')).toBe(100);
    expect(textSimilarity('床前明月光', '床前明月光，疑是地上霜。')).toBe(100);
    // Literally: every text contains the empty text.
    expect(textSimilarity('', 'anything')).toBe(100);
  });

  it('is not 100 when the old text contains the new one', () => {
    expect(textSimilarity('The quick brown fox', 'quick brown')).toBe(57.89);
    expect(textSimilarity('anything', '')).toBe(0);
  });

  it('otherwise compares the raw texts', () => {
    expect(textSimilarity('abcdefgh', 'abcdefgX')).toBe(87.5);
    expect(textSimilarity('abc', 'abX')).toBe(66.67);
    // Case and width are not normalised here (recitation compares what was written).
    expect(textSimilarity('ABC', 'abc')).toBe(0);
  });

  it('gives 100 for any text wrapped around the old one', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (before, old, after) => {
        expect(textSimilarity(old, `${before}${old}${after}`)).toBe(100);
      }),
    );
  });

  it('otherwise equals levenshteinSimilarity and stays within 0..100 with two decimals', () => {
    fc.assert(
      fc.property(smallText, smallText, (a, b) => {
        const s = textSimilarity(a, b);
        expect(s).toBe(b.includes(a) ? 100 : levenshteinSimilarity(a, b));
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
        expect(hasTwoDecimalsAtMost(s)).toBe(true);
      }),
    );
  });
});

describe('judgeSimilarity (translation judging)', () => {
  it('exports the calibrated threshold (docs/reading.md "Judging translations")', () => {
    expect(JUDGE_SIMILARITY_THRESHOLD).toBe(63);
  });

  it('does not apply the contains rule', () => {
    expect(judgeSimilarity('cat', 'the cat sat on the mat')).toBeLessThan(JUDGE_SIMILARITY_THRESHOLD);
    expect(textSimilarity('cat', 'the cat sat on the mat')).toBe(100);
    expect(judgeSimilarity('abc', '')).toBe(0);
    expect(judgeSimilarity('', 'abc')).toBe(0);
    expect(judgeSimilarity('', '')).toBe(100);
  });

  it('normalises case, full-width characters and whitespace', () => {
    expect(normaliseForJudging('  Ｈｅｌｌｏ，\n  WORLD！ ')).toBe('hello, world!');
    expect(judgeSimilarity('I love reading.', '  i LOVE   reading． ')).toBe(100);
    expect(judgeSimilarity(null, undefined)).toBe(100);
  });

  it('judges close translations correct and distant ones wrong', () => {
    const reference = 'I went to school by bike yesterday.';
    expect(isSimilarEnough(reference, 'I went to school by bike yesterday')).toBe(true);
    // Another word order is the same translation (issue 29).
    expect(isSimilarEnough(reference, 'Yesterday I went to school by bike.')).toBe(true);
    expect(isSimilarEnough(reference, 'I go to school by bus.')).toBe(false);
    expect(isSimilarEnough('我们需要每天锻炼。', '我们每天都需要做运动。')).toBe(true);
    expect(isSimilarEnough('我们需要每天锻炼。', '我们不需要每天锻炼。')).toBe(false);
  });

  it('is symmetric and bounded', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const s = judgeSimilarity(a, b);
        expect(s).toBe(judgeSimilarity(b, a));
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
        expect(isSimilarEnough(a, b)).toBe(s >= JUDGE_SIMILARITY_THRESHOLD);
      }),
    );
  });

  it('ignores differences of case and surrounding whitespace', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(judgeSimilarity(`  ${a.toUpperCase()}\t`, b)).toBe(judgeSimilarity(a.toLowerCase(), b));
      }),
    );
  });
});
