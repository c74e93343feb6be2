// Where a read-only graph opens (fit.ts startViewport): a small graph centred both ways, a tall one at its top and
// centred across, zoom kept within FIT's bounds.
import { describe, expect, it } from 'vitest';
import { FIT, startViewport } from './fit';
import { NODE_HEIGHT, NODE_WIDTH } from './layout';

const BOX = { width: 800, height: 600 };
/** The screen x of the graph's horizontal middle under the viewport. */
const middleX = (v: { x: number; zoom: number }, minX: number, width: number) => v.x + (minX + width / 2) * v.zoom;

describe('startViewport', () => {
  it('centres a graph that fits, at full size at most', () => {
    const v = startViewport([{ x: 100, y: 50 }], BOX);
    expect(v.zoom).toBe(FIT.maxZoom);
    expect(middleX(v, 100, NODE_WIDTH)).toBe(BOX.width / 2);
    expect(v.y + (50 + NODE_HEIGHT / 2) * v.zoom).toBe(BOX.height / 2);
  });

  it('opens a tall graph at its top, centred across, at the least zoom', () => {
    const column = Array.from({ length: 40 }, (_, i) => ({ x: 300, y: -200 + i * 100 }));
    const v = startViewport(column, BOX);
    expect(v.zoom).toBe(FIT.minZoom);
    expect(middleX(v, 300, NODE_WIDTH)).toBeCloseTo(BOX.width / 2);
    // The first node's top sits at the padding, not above the box.
    expect(v.y + -200 * v.zoom).toBeCloseTo(BOX.height * FIT.padding);
  });

  it('centres a wide graph across whatever its zoom', () => {
    const row = Array.from({ length: 30 }, (_, i) => ({ x: i * 200, y: 0 }));
    const v = startViewport(row, BOX);
    expect(v.zoom).toBe(FIT.minZoom);
    expect(middleX(v, 0, 29 * 200 + NODE_WIDTH)).toBeCloseTo(BOX.width / 2);
  });

  it('leaves an empty graph where it is', () => {
    expect(startViewport([], BOX)).toEqual({ x: 0, y: 0, zoom: 1 });
  });
});
