// The layered layout: prerequisites above their dependants, nothing overlapping, placed nodes left alone.
import { describe, expect, it } from 'vitest';
import {
  DAGRE_MAX_NODES,
  layeredLayout,
  NODE_HEIGHT,
  NODE_WIDTH,
  placeUnplaced,
  positionsOf,
  sweepLayout,
  type LayoutEdge,
} from './layout';

const overlap = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;

describe('layeredLayout', () => {
  it('puts every prerequisite on a rank above the items that build on it', () => {
    // a → b → d, a → c → d, e alone; plus a longer chain d → f.
    const edges: LayoutEdge[] = [
      { from: 'a', to: 'b' },
      { from: 'a', to: 'c' },
      { from: 'b', to: 'd' },
      { from: 'c', to: 'd' },
      { from: 'd', to: 'f' },
    ];
    const p = layeredLayout(['f', 'd', 'c', 'b', 'a', 'e'], edges);
    for (const e of edges) expect(p.get(e.from)!.y).toBeLessThan(p.get(e.to)!.y);
    // b and c share a rank, side by side.
    expect(p.get('b')!.y).toBe(p.get('c')!.y);
    const ids = [...p.keys()];
    for (const a of ids) for (const b of ids) if (a < b) expect(overlap(p.get(a)!, p.get(b)!)).toBe(false);
  });

  it('ignores edges to unknown ids and self-loops', () => {
    const p = layeredLayout(
      ['a', 'b'],
      [
        { from: 'a', to: 'zz' },
        { from: 'a', to: 'a' },
        { from: 'a', to: 'b' },
      ],
    );
    expect([...p.keys()]).toEqual(['a', 'b']);
    expect(p.get('a')!.y).toBeLessThan(p.get('b')!.y);
  });
});

describe('placeUnplaced', () => {
  const edges: LayoutEdge[] = [{ from: 'a', to: 'b' }];

  it('lays out the whole graph when nothing is placed', () => {
    const p = placeUnplaced(
      [
        { id: 'a', x: null, y: null },
        { id: 'b', x: null, y: null },
      ],
      edges,
    );
    expect(p.size).toBe(2);
    expect(p.get('a')!.y).toBeLessThan(p.get('b')!.y);
  });

  it('keeps placed nodes and puts the new ones to their right, still layered', () => {
    const nodes = [
      { id: 'x', x: 0, y: 0 },
      { id: 'y', x: 400, y: 300 },
      { id: 'a', x: null, y: null },
      { id: 'b', x: null, y: null },
    ];
    const added = placeUnplaced(nodes, edges);
    expect([...added.keys()].sort()).toEqual(['a', 'b']);
    for (const p of added.values()) expect(p.x).toBeGreaterThanOrEqual(400 + NODE_WIDTH);
    expect(added.get('a')!.y).toBeLessThan(added.get('b')!.y);
    const all = positionsOf(nodes, edges);
    expect(all.get('y')).toEqual({ x: 400, y: 300 });
    expect(all.size).toBe(4);
  });

  it('answers nothing when every node is placed', () => {
    expect(placeUnplaced([{ id: 'a', x: 1, y: 2 }], []).size).toBe(0);
  });
});

describe('sweepLayout (graphs of more than DAGRE_MAX_NODES items)', () => {
  // A curriculum-like DAG as the benchmark's (bench/lib/knowledge-graph.ts): each item's dependants among the next 12.
  const ids = Array.from({ length: 1200 }, (_, i) => `n${i}`);
  const edges: LayoutEdge[] = [];
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let k = 0; k < 3000; k++) {
    const i = Math.floor(random() * (ids.length - 1));
    const j = i + 1 + Math.floor(random() * Math.min(12, ids.length - 1 - i));
    edges.push({ from: ids[i], to: ids[j] });
  }

  it('puts every prerequisite on a rank above its dependants and overlaps nothing', () => {
    const p = sweepLayout(ids, edges);
    expect(p.size).toBe(ids.length);
    expect(edges.filter((e) => p.get(e.from)!.y >= p.get(e.to)!.y)).toEqual([]);
    // Nodes of one rank share a y, ranks at least a node's height apart; on a rank, nodes a node's width apart.
    const ranks = new Map<number, number[]>();
    for (const { x, y } of p.values()) ranks.set(y, [...(ranks.get(y) ?? []), x]);
    const ys = [...ranks.keys()].sort((a, b) => a - b);
    expect(ys.filter((y, i) => i > 0 && y - ys[i - 1] < NODE_HEIGHT)).toEqual([]);
    const tooClose = [...ranks.values()].flatMap((xs) =>
      xs.sort((a, b) => a - b).filter((x, i) => i > 0 && x - xs[i - 1] < NODE_WIDTH),
    );
    expect(tooClose).toEqual([]);
    expect(Math.min(...[...p.values()].map((q) => q.x))).toBe(0);
  });

  it('is the layered layout above DAGRE_MAX_NODES items, dagre up to it', () => {
    expect(layeredLayout(ids, edges)).toEqual(sweepLayout(ids, edges));
    const few = ids.slice(0, DAGRE_MAX_NODES);
    const known = new Set(few);
    const some = edges.filter((e) => known.has(e.from) && known.has(e.to));
    expect(layeredLayout(few, some)).not.toEqual(sweepLayout(few, some));
  });

  it('ignores edges to unknown ids and self-loops, and places every item of a cycle', () => {
    const p = sweepLayout(
      ['a', 'b', 'c'],
      [
        { from: 'a', to: 'zz' },
        { from: 'a', to: 'a' },
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
        { from: 'c', to: 'b' },
      ],
    );
    expect([...p.keys()]).toEqual(['a', 'b', 'c']);
    expect(p.get('a')!.y).toBeLessThan(p.get('b')!.y);
  });
});
