// The pure rules of the placement tests (docs/lessons.md "Placement test"): percentages floored to 0.1 and the band
// a percentage falls in, branch by branch.
import { describe, expect, it } from 'vitest';
import { bandIndex, managesPlacement, percentOf } from './placement.policy.js';

const THIRDS = [{ minPercent: 0 }, { minPercent: 34 }, { minPercent: 67 }];

describe('percentOf', () => {
  it('floors to a tenth, never rounding up into the next band', () => {
    expect(percentOf(1, 2)).toBe(50);
    expect(percentOf(2, 3)).toBe(66.6);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(17, 50)).toBe(34);
    expect(percentOf(3, 3)).toBe(100);
  });

  it('keeps float noise from flooring a whole percentage away', () => {
    expect(percentOf(0.1 + 0.2, 0.3)).toBe(100);
    expect(percentOf(0.34, 1)).toBe(34);
  });

  it('answers 0 for an empty paper and stays within 0–100', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(-1, 4)).toBe(0);
    expect(percentOf(5, 4)).toBe(100);
  });
});

describe('bandIndex', () => {
  it('is the last band whose start the percentage reaches', () => {
    expect(bandIndex(THIRDS, 0)).toBe(0);
    expect(bandIndex(THIRDS, 33.9)).toBe(0);
    expect(bandIndex(THIRDS, 34)).toBe(1);
    expect(bandIndex(THIRDS, 66.6)).toBe(1);
    expect(bandIndex(THIRDS, 67)).toBe(2);
    expect(bandIndex(THIRDS, 100)).toBe(2);
    expect(bandIndex([{ minPercent: 0 }], 80)).toBe(0);
  });
});

describe('managesPlacement', () => {
  it("is the agency's admin only", () => {
    expect(managesPlacement(['edu:agency:demo:admin'], 'demo')).toBe(true);
    expect(managesPlacement(['edu:agency:other:admin'], 'demo')).toBe(false);
    expect(managesPlacement(['edu:agency:demo:teacher', 'edu:admin'], 'demo')).toBe(false);
  });
});
