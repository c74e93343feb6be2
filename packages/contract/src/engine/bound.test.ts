// The progress bound of a training (bound.ts): a point is counted MAX_ENTRIES times only when a point of its phase
// can lead back to it; a once-through point (graph practice's one point to @end) counts once.
import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES, trainingBound } from './index.js';
import { general, phase, point } from './test-support.js';

describe('trainingBound', () => {
  it('counts a point no target names once', () => {
    const once = general([phase('练习', [point('题', { repeat: 10, onOK: '@end', onError: '@end' })])]);
    expect(trainingBound(once)).toBe(10);
  });

  it('counts a point a target of its phase names up to MAX_ENTRIES times', () => {
    const again = general([
      phase('一', [
        point('甲', { repeat: 2, onOK: '乙', onError: '甲' }),
        point('乙', { repeat: 3, onOK: '@next', onError: '@next' }),
      ]),
      phase('二', [point('丙', { repeat: 1, onOK: '@end', onError: '@end' })]),
    ]);
    expect(trainingBound(again)).toBe(MAX_ENTRIES * 2 + MAX_ENTRIES * 3 + 1);
  });
});
