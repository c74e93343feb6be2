// Distractors are never synonyms of the key (docs/reading.md "Offline generation").
import { describe, expect, it } from 'vitest';
import { glossesOverlap } from './distractors.js';

describe('glossesOverlap', () => {
  it('a shared sense or two-character word overlaps; unrelated glosses do not', () => {
    expect(glossesOverlap('快乐的；高兴的', '高兴的')).toBe(true);
    expect(glossesOverlap('快乐的', '快乐地')).toBe(true);
    expect(glossesOverlap('解释；说明', '跑；奔跑')).toBe(false);
  });

  it('a one-character sense inside a sense of the other overlaps (bench:reading-generation: 说 against explained)', () => {
    expect(glossesOverlap('解释；说明', '说')).toBe(true);
    expect(glossesOverlap('说', '解释；说明')).toBe(true);
    expect(glossesOverlap('说；讲', '解释')).toBe(false);
  });
});
