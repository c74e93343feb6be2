// The layered layout: prerequisites above their dependants, nothing overlapping, placed nodes left alone.
import { describe, expect, it } from 'vitest';
import { layeredLayout, NODE_HEIGHT, NODE_WIDTH, placeUnplaced, positionsOf, type LayoutEdge } from './layout';

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
