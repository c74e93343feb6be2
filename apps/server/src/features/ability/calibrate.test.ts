import { describe, expect, it } from 'vitest';
import { calibrateBank, calibrateItem, facilityPrior } from './calibrate.js';
import { probability, type Item } from './irt.js';

/** A small seeded generator (mulberry32) and normal deviates, so the simulated answers are fixed. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, normal };
}

function answersTo(item: Item, n: number, seed: number) {
  const r = random(seed);
  return Array.from({ length: n }, () => {
    const theta = r.normal();
    return { theta, right: r.next() < probability(item, theta) };
  });
}

describe('one question calibrated from answers, abilities known', () => {
  it('recovers b (and a) of a 2PL from 2,000 answers', () => {
    for (const [i, truth] of [
      { a: 1, b: 0, c: 0 },
      { a: 1.6, b: -1, c: 0 },
      { a: 0.8, b: 1.2, c: 0 },
    ].entries()) {
      const fit = calibrateItem(answersTo(truth, 2000, 10 + i));
      expect(Math.abs(fit.b - truth.b)).toBeLessThan(0.15);
      expect(Math.abs(fit.a - truth.a)).toBeLessThan(0.2);
      expect(fit.weight).toBe(1);
      expect(fit.answers).toBe(2000);
    }
  });

  it('recovers b of a 3PL with its guessing held fixed', () => {
    const truth = { a: 1.3, b: 0.5, c: 0.25 };
    const fit = calibrateItem(answersTo(truth, 3000, 3), 0.25);
    expect(Math.abs(fit.b - truth.b)).toBeLessThan(0.2);
    expect(fit.c).toBe(0.25);
  });

  it('takes the facility prior with few answers and moves toward the fit as they grow', () => {
    const truth = { a: 2, b: 1, c: 0 };
    const all = answersTo(truth, 200, 5);
    expect(calibrateItem([])).toEqual({ a: 1, b: 0, c: 0, answers: 0, facility: null, weight: 0 });
    const few = all.slice(0, 6);
    const prior = facilityPrior(few);
    const shrunk = calibrateItem(few);
    expect(shrunk.weight).toBeCloseTo(0.2, 12);
    expect(Math.abs(shrunk.b - prior.b)).toBeLessThan(
      Math.abs(calibrateItem(few, 0, { minAnswers: 1, iterations: 25 }).b - prior.b) + 1e-9,
    );
    expect(calibrateItem(all.slice(0, 30)).weight).toBe(1);
  });

  it('sets the prior from the facility: b = mean ability − logit(share right), a = 1', () => {
    // 3 right of 4 at ability 0: p = 3.5 / 5 = 0.7, b = −logit(0.7).
    const answers = [true, true, true, false].map((right) => ({ theta: 0, right }));
    const prior = facilityPrior(answers);
    expect(prior.a).toBe(1);
    expect(prior.b).toBeCloseTo(-Math.log(0.7 / 0.3), 12);
    // Harder with more wrong answers, and the guessing floor lifts the bar.
    expect(facilityPrior(answers.map((x) => ({ ...x, right: !x.right }))).b).toBeGreaterThan(prior.b);
    expect(facilityPrior(answers, 0.25).b).toBeGreaterThan(prior.b);
  });

  it('stays finite on an all-right record', () => {
    const fit = calibrateItem(Array.from({ length: 50 }, () => ({ theta: 0, right: true })));
    expect(Number.isFinite(fit.a) && Number.isFinite(fit.b)).toBe(true);
    expect(fit.b).toBeLessThan(-1);
  });
});

describe('a bank calibrated from answers alone (abilities by EAP)', () => {
  it('recovers each b within 0.35 and orders the items (EM over the grid)', () => {
    const items = [-1.5, -0.8, -0.2, 0.3, 0.9, 1.5].map((b, i) => ({
      id: `q${i}`,
      item: { a: 1 + (i % 2) * 0.5, b, c: 0 },
    }));
    const r = random(42);
    const answers = [];
    for (let person = 0; person < 800; person++) {
      const theta = r.normal();
      for (const q of items)
        answers.push({ person: `p${person}`, itemId: q.id, right: r.next() < probability(q.item, theta) });
    }
    const { items: fitted, abilities } = calibrateBank(answers);
    for (const q of items) expect(Math.abs(fitted.get(q.id)!.b - q.item.b)).toBeLessThan(0.35);
    const bs = items.map((q) => fitted.get(q.id)!.b);
    expect([...bs].sort((x, y) => x - y)).toEqual(bs);
    expect(abilities.size).toBe(800);
  });
});
