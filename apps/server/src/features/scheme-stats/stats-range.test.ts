// The range planner: every instant of the range is counted exactly once, by a bucket or by the items.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketOf, DAY_MS, planRange, type RangePlan } from './stats-range.js';

const inSpan = (v: number, from: number | null, to: number | null) =>
  (from === null || v >= from) && (to === null || v < to);

/** How many times the plan counts a training started at `ms`. */
function covers(plan: RangePlan, ms: number): number {
  if (plan.all) return 1;
  const byBuckets = plan.buckets.filter((b) => inSpan(bucketOf(ms, b.level), b.from, b.to)).length;
  return byBuckets + plan.raw.filter((r) => inSpan(ms, r.from, r.to)).length;
}

describe('planRange', () => {
  it('reads the all-time bucket when the range is open on both sides', () => {
    expect(planRange()).toEqual({ all: true, buckets: [], raw: [] });
  });

  it('reads the items alone inside one day, and nothing for an empty range', () => {
    expect(planRange(DAY_MS + 5, DAY_MS + 9)).toEqual({
      all: false,
      buckets: [],
      raw: [{ from: DAY_MS + 5, to: DAY_MS + 9 }],
    });
    expect(planRange(7, 7)).toEqual({ all: false, buckets: [], raw: [] });
  });

  it('uses coarse buckets in the middle and finer ones at the ends', () => {
    const plan = planRange(3 * DAY_MS + 1, 200 * DAY_MS);
    expect(plan.raw).toEqual([{ from: 3 * DAY_MS + 1, to: 4 * DAY_MS }]);
    expect(plan.buckets).toEqual([
      { level: 64, from: 1, to: 3 },
      { level: 8, from: 1, to: 8 },
      { level: 1, from: 4, to: 8 },
      { level: 8, from: 24, to: 25 },
    ]);
  });

  it('counts every instant inside the range once and every other instant never (any bounds)', () => {
    const ms = fc.integer({ min: -400 * DAY_MS, max: 400 * DAY_MS });
    fc.assert(
      fc.property(fc.option(ms, { nil: undefined }), fc.option(ms, { nil: undefined }), ms, (from, to, t) => {
        const plan = planRange(from, to);
        const inside = (from === undefined || t >= from) && (to === undefined || t < to);
        expect(covers(plan, t)).toBe(inside ? 1 : 0);
        // Few reads whatever the range: at most 7 buckets of each finer level per end.
        expect(plan.buckets.length).toBeLessThanOrEqual(5);
      }),
      { numRuns: 2000 },
    );
  });
});
