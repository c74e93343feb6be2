// Where a read-only graph opens (fit.ts startViewport): a small graph centred both ways, a tall one at its top and
// centred across, zoom kept within FIT's bounds; names at least 12 px on the screen at any zoom it opens at.
import { describe, expect, it } from 'vitest';
import { FIT, LABEL, labelSize, startViewport } from './fit';
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

  it('centres a wide graph across on its focus, and moves a tall one up as far as needed to show it', () => {
    const row = Array.from({ length: 30 }, (_, i) => ({ x: i * 200, y: 0 }));
    const v = startViewport(row, BOX, row[10]);
    expect(middleX(v, 10 * 200, NODE_WIDTH)).toBeCloseTo(BOX.width / 2);
    // A focus near an end: the graph's edge stays at the padding, no empty space beside it.
    const left = startViewport(row, BOX, row[0]);
    expect(left.x).toBeCloseTo(BOX.width * FIT.padding);
    const right = startViewport(row, BOX, row[29]);
    expect(right.x + (29 * 200 + NODE_WIDTH) * right.zoom).toBeCloseTo(BOX.width * (1 - FIT.padding));
    const column = Array.from({ length: 40 }, (_, i) => ({ x: 300, y: i * 100 }));
    // Near the top the graph opens at its top; far down, the focus is a third of the way down the box.
    expect(startViewport(column, BOX, column[1])).toEqual(startViewport(column, BOX));
    const far = startViewport(column, BOX, column[30]);
    expect(far.y + 30 * 100 * far.zoom).toBeCloseTo(BOX.height / 3);
    // A graph that fits is centred whatever the focus.
    expect(startViewport([{ x: 100, y: 50 }], BOX, { x: 100, y: 50 })).toEqual(startViewport([{ x: 100, y: 50 }], BOX));
  });

  it('leaves an empty graph where it is', () => {
    expect(startViewport([], BOX)).toEqual({ x: 0, y: 0, zoom: 1 });
  });
});

describe('labelSize', () => {
  it('keeps a name at least 12 px on the screen from full size down to the least fitted zoom', () => {
    expect(labelSize(1)).toEqual({ font: LABEL.base, line: LABEL.line });
    for (const zoom of [1, 0.9, 0.8, 0.7, FIT.minZoom])
      expect(labelSize(zoom).font * zoom).toBeGreaterThanOrEqual(LABEL.readable);
    // Two lines of the largest still fit inside a node with a 3 px border.
    const largest = labelSize(FIT.minZoom);
    expect(2 * largest.line).toBeLessThanOrEqual(NODE_HEIGHT - 6);
    expect(largest.line).toBeGreaterThanOrEqual(largest.font);
  });

  it('grows no further below the least fitted zoom, and never shrinks below 13 px when zoomed in', () => {
    expect(labelSize(0.3)).toEqual(labelSize(FIT.minZoom));
    expect(labelSize(2)).toEqual({ font: LABEL.base, line: LABEL.line });
    // A zoom not known yet (a box without a size): full size.
    expect(labelSize(Number.NaN)).toEqual({ font: LABEL.base, line: LABEL.line });
  });
});
