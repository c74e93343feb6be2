// The ability-matched order (docs/practice-engine.md "Draw modes"): blind guesses, the least-seen tiers a draw can
// reach, and the candidates by times seen, then information at the student's ability.
import { describe, expect, it } from 'vitest';
import { abilityFrom, blindGuess, ESTIMATE_WINDOW, leastSeenTiers, orderByInformation } from './ability-order.js';

describe('blindGuess', () => {
  it('is a blind pick among the options, 0 for a typed answer', () => {
    expect(blindGuess('singleChoice', 4)).toBe(0.25);
    expect(blindGuess('trueFalse', 2)).toBe(0.5);
    expect(blindGuess('multipleChoice', 3)).toBeCloseTo(1 / 7, 12);
    expect(blindGuess('fillBlank', 0)).toBe(0);
    expect(blindGuess('singleChoice', 0)).toBe(0);
  });
});

describe('leastSeenTiers', () => {
  const c = (id: string, seen: number) => ({ id, seen });
  it('takes the fewest-seen candidates until the count is in, the whole last count included', () => {
    const ordered = [c('a', 0), c('b', 0), c('c', 1), c('d', 1), c('e', 2)];
    expect(leastSeenTiers(ordered, 1).map((x) => x.id)).toEqual(['a', 'b']);
    expect(leastSeenTiers(ordered, 3).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(leastSeenTiers(ordered, 9).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(leastSeenTiers(ordered, 0)).toEqual([]);
  });
});

describe('orderByInformation', () => {
  const items = [
    { id: 'easy', seen: 0, item: { a: 1.5, b: -2, c: 0 }, theta: 1 },
    { id: 'match', seen: 0, item: { a: 1.5, b: 1, c: 0 }, theta: 1 },
    { id: 'seen-match', seen: 1, item: { a: 2, b: 1, c: 0 }, theta: 1 },
  ];
  it('orders by times seen, then information at the ability', () => {
    expect(orderByInformation(items, 3, true)).toEqual(['match', 'easy', 'seen-match']);
    expect(orderByInformation(items, 1, false)).toEqual(['seen-match']);
  });
  it('keeps the given order on a tie', () => {
    const same = { a: 1, b: 0, c: 0 };
    expect(
      orderByInformation(
        ['z', 'y', 'x'].map((id) => ({ id, seen: 0, item: same, theta: 0 })),
        3,
        true,
      ),
    ).toEqual(['z', 'y', 'x']);
  });
});

describe('abilityFrom', () => {
  it(`reads only the latest ${ESTIMATE_WINDOW} answers`, () => {
    const item = { a: 1, b: 0, c: 0 };
    const old = Array.from({ length: 30 }, () => ({ item, right: false }));
    const recent = Array.from({ length: ESTIMATE_WINDOW }, () => ({ item, right: true }));
    expect(abilityFrom([...old, ...recent]).theta).toBeCloseTo(abilityFrom(recent).theta, 12);
    expect(abilityFrom([]).theta).toBeCloseTo(0, 9);
  });
});
