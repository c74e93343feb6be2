import { describe, expect, it } from 'vitest';
import {
  byInformation,
  DEFAULT_GRID,
  eap,
  grid,
  information,
  maxInformationAt,
  probability,
  type Item,
} from './irt.js';

describe('the 3PL and its information', () => {
  it('gives ½ at θ = b for the 2PL and c + (1 − c)/2 for the 3PL', () => {
    expect(probability({ a: 1.3, b: 0.4, c: 0 }, 0.4)).toBeCloseTo(0.5, 12);
    expect(probability({ a: 1.3, b: 0.4, c: 0.25 }, 0.4)).toBeCloseTo(0.625, 12);
    expect(probability({ a: 1, b: 0, c: 0 }, 1)).toBeCloseTo(0.7310585786, 9);
  });

  it('is a²/4 at θ = b for the 2PL, and a²PQ elsewhere', () => {
    for (const a of [0.5, 1, 1.7, 2.4]) expect(information({ a, b: -0.3, c: 0 }, -0.3)).toBeCloseTo((a * a) / 4, 12);
    const item = { a: 1.2, b: 0.5, c: 0 };
    const p = probability(item, 1.5);
    expect(information(item, 1.5)).toBeCloseTo(1.44 * p * (1 - p), 12);
  });

  it('is the Birnbaum form for the 3PL: a²(1 − c) / ((c + e^{a(θ−b)})(1 + e^{−a(θ−b)})²)', () => {
    const item = { a: 1.5, b: 0.2, c: 0.2 };
    for (const theta of [-2, 0, 0.2, 1, 3]) {
      const z = item.a * (theta - item.b);
      const closed = (item.a ** 2 * (1 - item.c)) / ((item.c + Math.exp(z)) * (1 + Math.exp(-z)) ** 2);
      expect(information(item, theta)).toBeCloseTo(closed, 12);
    }
    // At θ = b with c = ¼, a = 1: (1 − c) / ((c + 1) · 4) = 0.15.
    expect(information({ a: 1, b: 0, c: 0.25 }, 0)).toBeCloseTo(0.15, 12);
  });

  it('peaks at b + ln((1 + √(1 + 8c)) / 2) / a (Lord 1980)', () => {
    for (const item of [
      { a: 1, b: 0, c: 0.25 },
      { a: 2, b: -1, c: 0.5 },
      { a: 0.7, b: 1.2, c: 0.2 },
      { a: 1.3, b: 0.3, c: 0 },
    ]) {
      const peak = maxInformationAt(item);
      const h = 1e-4;
      expect(information(item, peak)).toBeGreaterThan(information(item, peak - h));
      expect(information(item, peak)).toBeGreaterThan(information(item, peak + h));
      // A fine search agrees.
      const fine = grid(8001, -4, 4).reduce((best, t) => (information(item, t) > information(item, best) ? t : best));
      expect(fine).toBeCloseTo(peak, 2);
    }
    expect(maxInformationAt({ a: 1, b: 0, c: 0 })).toBe(0);
    // c = 1: ln 2 / a above b.
    expect(maxInformationAt({ a: 1, b: 0, c: 1 })).toBeCloseTo(Math.log(2), 12);
  });
});

describe('EAP on a standard normal prior', () => {
  it('uses 61 nodes from −4 to 4 by default', () => {
    expect(DEFAULT_GRID).toHaveLength(61);
    expect(DEFAULT_GRID[0]).toBe(-4);
    expect(DEFAULT_GRID[60]).toBe(4);
    expect(DEFAULT_GRID[30]).toBeCloseTo(0, 12);
  });

  it('matches a hand computation on a three-node grid', () => {
    // Nodes −1, 0, 1; prior weights e^{−½}, 1, e^{−½}; one right answer to a = 1, b = 0: likelihoods σ(−1), ½, σ(1).
    // Weights 0.163121, 0.5, 0.443409 (sum 1.106531): mean 0.253304, SD 0.695683.
    const est = eap([{ item: { a: 1, b: 0, c: 0 }, right: true }], [-1, 0, 1]);
    expect(est.theta).toBeCloseTo(0.2533036, 6);
    expect(est.sd).toBeCloseTo(0.6956828, 6);
  });

  it('gives the prior with no answers: 0, SD near 1', () => {
    const est = eap([]);
    expect(est.theta).toBeCloseTo(0, 12);
    expect(est.sd).toBeCloseTo(1, 2);
  });

  it('gives 0 in symmetric cases, and mirrored answers give mirrored estimates', () => {
    const item = { a: 1.4, b: 0, c: 0 };
    expect(
      eap([
        { item, right: true },
        { item, right: false },
      ]).theta,
    ).toBeCloseTo(0, 12);
    const pair = [
      { item: { a: 1, b: -1, c: 0 }, right: true },
      { item: { a: 1, b: 1, c: 0 }, right: false },
    ];
    expect(eap(pair).theta).toBeCloseTo(0, 12);
    const right = eap([{ item, right: true }]);
    const wrong = eap([{ item, right: false }]);
    expect(right.theta).toBeGreaterThan(0);
    expect(wrong.theta).toBeCloseTo(-right.theta, 12);
    expect(wrong.sd).toBeCloseTo(right.sd, 12);
  });

  it('moves up with right answers, and its SD shrinks with more answers', () => {
    const item: Item = { a: 1.5, b: 0.5, c: 0 };
    const sds: number[] = [];
    for (let n = 0; n <= 40; n += 4) {
      const responses = Array.from({ length: n }, (_, i) => ({ item, right: i % 2 === 0 }));
      sds.push(eap(responses).sd);
    }
    for (let i = 1; i < sds.length; i++) expect(sds[i]).toBeLessThan(sds[i - 1]);
    expect(eap([{ item, right: true }]).theta).toBeGreaterThan(eap([]).theta);
  });

  it('recovers a known ability from many simulated answers', () => {
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const truth = 0.8;
    const responses = Array.from({ length: 400 }, (_, i) => {
      const item = { a: 1 + (i % 3) * 0.3, b: -1.5 + (i % 7) * 0.5, c: i % 2 ? 0.25 : 0 };
      return { item, right: next() < probability(item, truth) };
    });
    const est = eap(responses);
    expect(Math.abs(est.theta - truth)).toBeLessThan(3 * est.sd);
    expect(est.sd).toBeLessThan(0.12);
  });
});

describe('the question of maximum information', () => {
  const bank = [
    { id: 'easy', item: { a: 1, b: -2, c: 0 } },
    { id: 'mid', item: { a: 1, b: 0, c: 0 } },
    { id: 'hard', item: { a: 1, b: 2, c: 0 } },
    { id: 'sharp-hard', item: { a: 2, b: 2.2, c: 0 } },
  ];

  it('is the item nearest the estimate when slopes are equal, and the sharper one near it', () => {
    expect(byInformation(bank, -1.8)[0].id).toBe('easy');
    expect(byInformation(bank, 0.1)[0].id).toBe('mid');
    expect(byInformation(bank, 2.1)[0].id).toBe('sharp-hard');
    expect(byInformation(bank, -0.1).map((c) => c.id)).toEqual(['mid', 'easy', 'hard', 'sharp-hard']);
  });

  it('prefers a typed item to a guessable one of the same a and b', () => {
    const two = [
      { id: 'choice', item: { a: 1, b: 0, c: 0.25 } },
      { id: 'typed', item: { a: 1, b: 0, c: 0 } },
    ];
    expect(byInformation(two, 0)[0].id).toBe('typed');
  });

  it('breaks ties by the given key, then the id', () => {
    const same = [
      { id: 'b', item: { a: 1, b: 0, c: 0 } },
      { id: 'a', item: { a: 1, b: 0, c: 0 } },
    ];
    expect(byInformation(same, 0).map((c) => c.id)).toEqual(['a', 'b']);
    expect(byInformation(same, 0, (id) => (id === 'b' ? 0 : 1)).map((c) => c.id)).toEqual(['b', 'a']);
  });
});
