// The per-agency FSRS fit (docs/practice-engine.md "FSRS fitted to each agency"): FSRS items from the book's reviews,
// the time-ordered split, the threshold, the adoption rule, and recovery of a known forgetting model.
import { describe, expect, it } from 'vitest';
import { FASTER_FORGETTING, simulateReviews } from '../simulation/sim-reviews.js';
import { adopts, DEFAULT_PARAMETERS, fitReviews, itemsOf, logLoss, splitByTime, type ReviewLog } from './fsrs-fit.js';

const DAY = 24 * 3600_000;
const T0 = Date.UTC(2026, 0, 1, 12);

/** Students who forget faster than the defaults say (sim-reviews.ts). */
const TRUTH = FASTER_FORGETTING;

describe('itemsOf', () => {
  it('makes an item per review after a card’s first, with days as ts-fsrs counts them', () => {
    const logs: ReviewLog[] = [
      { card: 'a', at: T0 + 2 * DAY + 11 * 3600_000, right: false },
      { card: 'a', at: T0, right: true },
      // 13:00 UTC then 01:00 UTC the next calendar day: one day for ts-fsrs, though 12 hours apart.
      { card: 'a', at: T0 + 3 * DAY + 1000, right: true },
      { card: 'b', at: T0, right: false },
    ];
    const items = itemsOf(logs);
    expect(items).toHaveLength(2);
    const last = items.find((x) => x.at === T0 + 3 * DAY + 1000)!;
    expect(last.item.reviews.map((r) => [r.rating, r.deltaT])).toEqual([
      [3, 0],
      [1, 2],
      [3, 1],
    ]);
  });
});

describe('splitByTime', () => {
  it('holds out the latest fifth, every one later than every fitted item', () => {
    const logs = simulateReviews({ seed: 3, cards: 40, days: 60, truth: TRUTH, startMs: T0 - 12 * 3600_000 });
    const items = itemsOf(logs);
    const { train, test } = splitByTime(items);
    expect(train.length + test.length).toBe(items.length);
    expect(test.length / items.length).toBeGreaterThan(0.15);
    expect(test.length / items.length).toBeLessThanOrEqual(0.2);
    expect(Math.max(...train.map((x) => x.at))).toBeLessThan(Math.min(...test.map((x) => x.at)));
  });
});

describe('the adoption rule', () => {
  it('adopts a fit only when its held-out log-loss is lower', () => {
    expect(adopts(0.52, 0.5)).toBe(true);
    expect(adopts(0.5, 0.5)).toBe(false);
    expect(adopts(0.5, 0.52)).toBe(false);
    expect(adopts(0.5, Number.NaN)).toBe(false);
  });
});

describe('fitReviews', () => {
  it('does not fit below the threshold', async () => {
    const logs = simulateReviews({ seed: 1, cards: 20, days: 60, truth: TRUTH, startMs: T0 });
    const r = await fitReviews(logs, { minReviews: logs.length + 1 });
    expect(r).toEqual({
      outcome: 'too_few',
      reviews: logs.length,
      trainItems: 0,
      testItems: 0,
      parameters: null,
      logLossBefore: null,
      logLossAfter: null,
    });
  });

  it('recovers a known forgetting model better than the defaults (held-out log-loss)', async () => {
    // 300 cards over 120 days, scheduled by the defaults as the book does, recalled by the true memory.
    const logs = simulateReviews({ seed: 1, cards: 300, days: 120, truth: TRUTH, startMs: T0 - 12 * 3600_000 });
    expect(logs.length).toBeGreaterThan(2500);
    const r = await fitReviews(logs, { minReviews: 1000 });
    expect(r.outcome).toBe('adopted');
    expect(r.parameters).toHaveLength(21);
    const truthLoss = logLoss(TRUTH, splitByTime(itemsOf(logs)).test);
    // Lower than the defaults', and most of the way to the truth's own.
    expect(r.logLossAfter!).toBeLessThan(r.logLossBefore!);
    expect(r.logLossAfter! - truthLoss).toBeLessThan(0.25 * (r.logLossBefore! - truthLoss));
    // The fitted memory forgets faster than the defaults, as the truth does: a first Good's stability.
    expect(r.parameters![2]).toBeLessThan(DEFAULT_PARAMETERS[2] / 2);
  });

  it('keeps the defaults when the students forget as the defaults say', async () => {
    // The same students, but the truth is the defaults: the fit cannot beat them on held-out reviews.
    const logs = simulateReviews({
      seed: 1,
      cards: 300,
      days: 120,
      truth: DEFAULT_PARAMETERS,
      startMs: T0 - 12 * 3600_000,
    });
    const r = await fitReviews(logs, { minReviews: 1000 });
    expect(r.outcome).toBe('not_better');
    expect(r.logLossAfter!).toBeGreaterThanOrEqual(r.logLossBefore!);
    expect(r.parameters).toHaveLength(21);
  });
});
