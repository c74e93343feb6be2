// Unit tests of the graph rules (docs/knowledge-graph.md "Cycles", "States and mastery").
import { describe, expect, it } from 'vitest';
import { nodeState, pathBetween, prerequisitesOf } from './graph-rules.js';

const arcs = (...pairs: [number, number][]) => pairs.map(([fromItemId, toItemId]) => ({ fromItemId, toItemId }));

describe('pathBetween', () => {
  it('finds the path an edge would close into a cycle, in order', () => {
    // 1 → 2 → 3: adding 3 → 1 closes 1 → 2 → 3 → 1.
    expect(pathBetween(arcs([1, 2], [2, 3]), 1, 3)).toEqual([1, 2, 3]);
    const diamond = pathBetween(arcs([1, 2], [2, 3], [3, 4], [1, 5], [5, 4]), 1, 4)!;
    expect(diamond[0]).toBe(1);
    expect(diamond.at(-1)).toBe(4);
  });

  it('answers null when there is no path', () => {
    expect(pathBetween(arcs([1, 2], [2, 3]), 3, 1)).toBeNull();
    expect(pathBetween([], 1, 2)).toBeNull();
  });

  it('handles long chains without recursion', () => {
    const n = 20_000;
    const chain = arcs(...Array.from({ length: n - 1 }, (_, i) => [i, i + 1] as [number, number]));
    expect(pathBetween(chain, 0, n - 1)).toHaveLength(n);
    expect(pathBetween(chain, n - 1, 0)).toBeNull();
  });
});

describe('nodeState', () => {
  it.each([
    [true, true, false, 'mastered'],
    [false, false, true, 'ready'],
    [false, true, true, 'ready'],
    [false, true, false, 'learning'],
    [false, false, false, 'locked'],
  ] as const)('mastered %s, trained %s, prerequisites mastered %s → %s', (m, t, p, state) => {
    expect(nodeState(m, t, p)).toBe(state);
  });
});

it('prerequisitesOf lists each item’s prerequisites', () => {
  expect(prerequisitesOf(arcs([1, 3], [2, 3], [3, 4]))).toEqual(
    new Map([
      [3, [1, 2]],
      [4, [3]],
    ]),
  );
});
