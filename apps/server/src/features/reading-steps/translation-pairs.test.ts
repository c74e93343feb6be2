// The translation judge's threshold, calibrated on the project's right and wrong student translations
// (docs/reading.md "Judging translations"): the error rates written there, and the threshold the one of fewest errors.
import { JUDGE_SIMILARITY_THRESHOLD, judgeSimilarity } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { TRANSLATION_PAIRS } from './translation-pairs.js';

const scored = TRANSLATION_PAIRS.map((p) => ({ ...p, similarity: judgeSimilarity(p.reference, p.answer) }));
const errorsAt = (threshold: number) => ({
  rightRejected: scored.filter((p) => p.right && p.similarity < threshold).length,
  wrongAccepted: scored.filter((p) => !p.right && p.similarity >= threshold).length,
});

describe('translation judging on the calibration pairs', () => {
  it('holds at least 100 pairs, right and wrong ones', () => {
    expect(TRANSLATION_PAIRS.length).toBeGreaterThanOrEqual(100);
    expect(scored.filter((p) => p.right).length).toBe(62);
    expect(scored.filter((p) => !p.right).length).toBe(90);
  });

  it('judges at most the error counts docs/reading.md gives', () => {
    expect(errorsAt(JUDGE_SIMILARITY_THRESHOLD)).toEqual({ rightRejected: 10, wrongAccepted: 20 });
  });

  it('uses the threshold with the fewest errors on them', () => {
    const total = (t: number) => Object.values(errorsAt(t)).reduce((a, b) => a + b, 0);
    for (let t = 30; t <= 95; t++) expect(total(t)).toBeGreaterThanOrEqual(total(JUDGE_SIMILARITY_THRESHOLD));
  });

  it('judges issue 29’s case right: another order and a near-synonym', () => {
    expect(judgeSimilarity('我们需要每天锻炼。', '我们每天都需要做运动。')).toBeGreaterThanOrEqual(
      JUDGE_SIMILARITY_THRESHOLD,
    );
  });
});
