import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseAmongIds, chooseQuestions } from './index.js';
import { tieKey } from './choose.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `q${i + 1}`);
const unseen = (list: string[]) => list.map((id) => ({ id, seen: 0 }));

describe('chooseQuestions', () => {
  it('prefers the questions seen least', () => {
    const candidates = [
      { id: 'a', seen: 3 },
      { id: 'b', seen: 0 },
      { id: 'c', seen: 1 },
      { id: 'd', seen: 0 },
      { id: 'e', seen: 2 },
    ];
    const chosen = chooseQuestions(candidates, 3, 1, 0);
    expect(chosen.slice(0, 2).sort()).toEqual(['b', 'd']);
    expect(chosen[2]).toBe('c');
  });

  it('is deterministic for a seed and draw number', () => {
    const pool = unseen(ids(30));
    expect(chooseQuestions(pool, 10, 123, 4)).toEqual(chooseQuestions(pool, 10, 123, 4));
  });

  it('orders ties differently for another seed or draw', () => {
    const pool = unseen(ids(30));
    const base = chooseQuestions(pool, 30, 123, 4);
    expect(chooseQuestions(pool, 30, 124, 4)).not.toEqual(base);
    expect(chooseQuestions(pool, 30, 123, 5)).not.toEqual(base);
  });

  it('gives what there is when fewer are left than asked', () => {
    expect(chooseQuestions(unseen(['x', 'y']), 5, 1, 0).sort()).toEqual(['x', 'y']);
    expect(chooseQuestions([], 5, 1, 0)).toEqual([]);
  });

  it('returns nothing for a count of zero, a negative or a non-number', () => {
    for (const count of [0, -2, Number.NaN]) expect(chooseQuestions(unseen(ids(3)), count, 1, 0)).toEqual([]);
  });

  it('counts a repeated candidate once, with its lowest seen', () => {
    const chosen = chooseQuestions(
      [
        { id: 'a', seen: 5 },
        { id: 'b', seen: 1 },
        { id: 'a', seen: 0 },
      ],
      3,
      9,
      0,
    );
    expect(chosen).toEqual(['a', 'b']);
  });

  it('spreads the first pick over the candidates across seeds', () => {
    const firsts = new Set<string>();
    for (let seed = 0; seed < 200; seed++) firsts.add(chooseQuestions(unseen(ids(5)), 1, seed, 0)[0]);
    expect(firsts.size).toBe(5);
  });
});

const candidatesArb = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), seen: fc.nat(4) }), {
  selector: (c) => c.id,
  maxLength: 25,
});

/** Repeated ids merged at their lowest seen. */
const merged = (c: { id: string; seen: number }[]) => {
  const low = new Map<string, number>();
  for (const x of c) low.set(x.id, Math.min(x.seen, low.get(x.id) ?? x.seen));
  return [...low].map(([id, seen]) => ({ id, seen }));
};
/** The plain sort by (seen, tie key, id): what chooseQuestions must give. */
const reference = (c: { id: string; seen: number }[], count: number, seed: number, drawNo: number) =>
  merged(c)
    .sort(
      (a, b) =>
        a.seen - b.seen ||
        tieKey(seed, drawNo, a.id) - tieKey(seed, drawNo, b.id) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(0, count)
    .map((x) => x.id);

describe('chooseQuestions properties', () => {
  it('chooses min(count, candidates) distinct candidates, none seen more than one left out', () => {
    fc.assert(
      fc.property(candidatesArb, fc.nat(30), fc.integer(), fc.nat(100), (candidates, count, seed, drawNo) => {
        const chosen = chooseQuestions(candidates, count, seed, drawNo);
        expect(chosen).toHaveLength(Math.min(count, candidates.length));
        expect(new Set(chosen).size).toBe(chosen.length);
        const seen = new Map(candidates.map((c) => [c.id, c.seen]));
        const most = Math.max(-1, ...chosen.map((id) => seen.get(id) ?? 0));
        for (const c of candidates) if (!chosen.includes(c.id)) expect(c.seen).toBeGreaterThanOrEqual(most);
      }),
    );
  });

  it('does not depend on the order of the candidates', () => {
    fc.assert(
      fc.property(
        candidatesArb.chain((c) => fc.tuple(fc.constant(c), fc.shuffledSubarray(c, { minLength: c.length }))),
        fc.nat(30),
        fc.integer(),
        fc.nat(100),
        ([candidates, shuffled], count, seed, drawNo) => {
          expect(chooseQuestions(shuffled, count, seed, drawNo)).toEqual(
            chooseQuestions(candidates, count, seed, drawNo),
          );
        },
      ),
    );
  });

  it('takes a prefix of the longer choice when asked for fewer', () => {
    fc.assert(
      fc.property(candidatesArb, fc.nat(30), fc.nat(30), fc.integer(), fc.nat(100), (candidates, a, b, seed, n) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const long = chooseQuestions(candidates, large, seed, n);
        expect(chooseQuestions(candidates, small, seed, n)).toEqual(long.slice(0, small));
      }),
    );
  });

  it('equals the plain sort by (seen, tie key, id), repeated ids and fractional seen counts included', () => {
    const seenArb = fc.oneof(fc.nat(6), fc.double({ min: 0, max: 6, noNaN: true }));
    // Ids from a small alphabet: repeated ids (merged at their lowest seen) come up often.
    const arb = fc.array(
      fc.record({
        id: fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 3 }),
        seen: seenArb,
      }),
      {
        maxLength: 80,
      },
    );
    fc.assert(
      fc.property(arb, fc.nat(90), fc.integer(), fc.nat(100), (candidates, count, seed, drawNo) => {
        expect(chooseQuestions(candidates, count, seed, drawNo)).toEqual(reference(candidates, count, seed, drawNo));
      }),
      { numRuns: 300 },
    );
  });

  it('equals the plain sort on long lists of numeric ids (the candidates of a real draw)', () => {
    const arb = fc.array(fc.record({ id: fc.integer({ min: 1, max: 2000 }).map(String), seen: fc.nat(3) }), {
      minLength: 100,
      maxLength: 700,
    });
    fc.assert(
      fc.property(
        arb,
        fc.integer({ min: 1, max: 120 }),
        fc.integer(),
        fc.nat(100),
        (candidates, count, seed, drawNo) => {
          expect(chooseQuestions(candidates, count, seed, drawNo)).toEqual(reference(candidates, count, seed, drawNo));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('puts ids of equal tie key in id order, also where the tie reaches past the count asked for', () => {
    // Two ids whose tie keys collide in draw (7, 0), found by the birthday paradox among 200,000 ids.
    const first = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; i < 200_000 && !pair; i++) {
      const id = `x${i}`;
      const key = tieKey(7, 0, id);
      const other = first.get(key);
      if (other !== undefined) pair = [other, id];
      else first.set(key, id);
    }
    if (!pair) throw new Error('no tie key collision among 200,000 ids');
    const [a, b] = pair;
    // Candidates below the pair (seen 0), the pair and candidates above it (seen 2), in both list orders.
    const below = ['y1', 'y2', 'y3'].map((id) => ({ id, seen: 0 }));
    const above = ['z1', 'z2', 'z3', 'z4'].map((id) => ({ id, seen: 2 }));
    const pairFirst = [
      { id: b, seen: 1 },
      { id: a, seen: 1 },
    ];
    for (const list of [
      [...below, ...pairFirst, ...above],
      [...above, ...pairFirst.slice().reverse(), ...below],
    ]) {
      for (const count of [4, 5, 6, 12]) {
        const chosen = chooseQuestions(list, count, 7, 0);
        expect(chosen).toEqual(reference(list, count, 7, 0));
        if (count >= 4) expect(chosen[3]).toBe(a < b ? a : b);
      }
    }
  });
});

describe('chooseAmongIds', () => {
  const asCandidates = (ids: number[], seen: Map<number, number>) =>
    ids.map((id) => ({ id: String(id), seen: seen.get(id) ?? 0 }));

  it('chooses as chooseQuestions does for the decimal ids', () => {
    const arb = fc.tuple(
      fc.array(fc.oneof(fc.nat(3000), fc.constantFrom(0, 9, 10, 99, 100, Number.MAX_SAFE_INTEGER)), {
        maxLength: 400,
      }),
      fc.array(fc.tuple(fc.nat(3000), fc.nat(300)), { maxLength: 200 }),
    );
    fc.assert(
      fc.property(arb, fc.nat(120), fc.integer(), fc.nat(100), ([ids, counts], count, seed, drawNo) => {
        // Seen counts past what a packed key holds (255) take the general path: it must agree too.
        const seen = new Map(counts);
        expect(chooseAmongIds(ids, seen, { count, seed, drawNo })).toEqual(
          chooseQuestions(asCandidates(ids, seen), count, seed, drawNo),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('chooses the same from a frozen list (whose hashes and places are kept) as from its copy, draw after draw', () => {
    // Few or many of the ids seen, some seen counts the packed keys cannot hold (past 255, fractional), seen ids
    // outside the list, repeated ids: each takes the kept list's path or the general one, and must agree.
    const seenArb = fc.array(fc.tuple(fc.nat(60), fc.oneof(fc.nat(4), fc.constantFrom(300, 1.5))), { maxLength: 40 });
    const listArb = fc.array(fc.nat(50), { maxLength: 120 });
    fc.assert(
      fc.property(
        listArb,
        fc.array(fc.tuple(seenArb, fc.nat(60), fc.integer(), fc.nat(9)), { minLength: 1, maxLength: 5 }),
        (list, draws) => {
          const frozen = Object.freeze([...list]);
          for (const [counts, count, seed, drawNo] of draws) {
            const seen = new Map(counts);
            const expected = chooseQuestions(asCandidates(list, seen), count, seed, drawNo);
            expect(chooseAmongIds(frozen, seen, { count, seed, drawNo })).toEqual(expected);
            expect(chooseAmongIds([...list], seen, { count, seed, drawNo })).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('chooses without the ids left out as among the list with them filtered out, from a frozen list or its copy', () => {
    // A visit's end chooses among the kept list without what the training drew: few or many left out, some not in
    // the list, few or many seen, repeated ids (the kept list then has no places), counts the keys cannot hold.
    const seenArb = fc.array(fc.tuple(fc.nat(60), fc.oneof(fc.nat(4), fc.constantFrom(300, 1.5))), { maxLength: 40 });
    const listArb = fc.array(fc.nat(50), { maxLength: 120 });
    const leftArb = fc.array(fc.nat(60), { maxLength: 60 });
    fc.assert(
      fc.property(
        listArb,
        fc.array(fc.tuple(seenArb, leftArb, fc.nat(60), fc.integer(), fc.nat(9)), { minLength: 1, maxLength: 5 }),
        (list, draws) => {
          const frozen = Object.freeze([...list]);
          for (const [counts, left, count, seed, drawNo] of draws) {
            const seen = new Map(counts);
            const without = new Set(left);
            const rest = list.filter((id) => !without.has(id));
            const expected = chooseQuestions(asCandidates(rest, seen), count, seed, drawNo);
            expect(chooseAmongIds(frozen, seen, { count, seed, drawNo, without })).toEqual(expected);
            expect(chooseAmongIds([...list], seen, { count, seed, drawNo, without })).toEqual(expected);
            expect(chooseAmongIds(rest, seen, { count, seed, drawNo })).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('hashes ids that are not whole numbers as their decimal strings too', () => {
    const ids = [3, 1.5, -2, 7];
    const seen = new Map([[7, 1]]);
    expect(chooseAmongIds(ids, seen, { count: 3, seed: 11, drawNo: 2 })).toEqual(
      chooseQuestions(asCandidates(ids, seen), 3, 11, 2),
    );
  });
});
