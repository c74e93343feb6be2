// The sheet's page layout (docs/recitation.md "Pages"): pages break between blocks, a block is never split, every
// sentence lands on exactly one page in order, and no page is taller than the limit — also for an oversized block.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  layoutSheet,
  sentenceBlock,
  SHEET_HEADER_HEIGHT,
  SHEET_IMAGE_MAX_H,
  SHEET_LINE,
  SHEET_PAD,
  SHEET_PAGE_MAX_HEIGHT,
  wrapText,
  type SheetPage,
  type SheetSentenceInput,
} from './sheet-layout';

/** 10 px a character: 82 characters fill the 820 px of a line. */
const measure = (s: string) => [...s].length * 10;
const oneLine = (text: string): SheetSentenceInput => ({ text });
/** Sentence indexes of each page. */
const sentencesOf = (pages: SheetPage[]) => pages.map((p) => p.blocks.map((b) => b.sentence));

/** The invariants every layout keeps. */
function checkLayout(pages: SheetPage[], count: number, maxHeight: number) {
  expect(pages.flatMap((p) => p.blocks.map((b) => b.sentence))).toEqual([...Array(count).keys()]);
  pages.forEach((p, i) => {
    expect(p.number).toBe(i + 1);
    expect(p.height).toBeLessThanOrEqual(maxHeight);
    let y = SHEET_HEADER_HEIGHT;
    for (const b of p.blocks) {
      // Blocks follow each other without overlap, and each fits whole on its page.
      expect(b.top).toBe(y);
      y += b.height * b.scale;
      expect(y + SHEET_PAD).toBeLessThanOrEqual(maxHeight + 1e-9);
      if (b.scale < 1) expect(p.blocks).toHaveLength(1);
    }
  });
}

describe('sheet text wrapping', () => {
  it('breaks lines at the width and drops a leading space', () => {
    expect(wrapText((s) => s.length, 'abcdef gh', 4)).toEqual(['abcd', 'ef g', 'h']);
    expect(wrapText((s) => s.length, '春眠不觉晓', 2)).toEqual(['春眠', '不觉', '晓']);
  });
});

describe('a sentence block', () => {
  it('holds the numbered lines, the image scaled to ≤ 220 px high and the description', () => {
    const b = sentenceBlock(measure, { text: 'x'.repeat(100), image: { width: 1000, height: 1000 }, desc: '说明' }, 4);
    expect(b.rows).toEqual([
      { kind: 'line', text: `5. ${'x'.repeat(79)}`, baseline: 30 },
      { kind: 'line', text: 'x'.repeat(21), baseline: 60 },
      { kind: 'image', top: 70, width: SHEET_IMAGE_MAX_H, height: SHEET_IMAGE_MAX_H },
      { kind: 'line', text: '说明', baseline: 60 + 10 + 220 + 30 },
    ]);
    expect(b.height).toBe(60 + 10 + 220 + 30 + 8);
    expect(sentenceBlock(measure, oneLine('a'), 0).height).toBe(SHEET_LINE + 8);
  });
});

describe('sheet pages', () => {
  it('keeps a short sheet on one page, as tall as its content', () => {
    const pages = layoutSheet([oneLine('a'), oneLine('b')], measure);
    expect(sentencesOf(pages)).toEqual([[0, 1]]);
    expect(pages[0].height).toBe(SHEET_HEADER_HEIGHT + 2 * 38 + SHEET_PAD);
    expect(layoutSheet([], measure)).toEqual([{ number: 1, height: SHEET_HEADER_HEIGHT + SHEET_PAD, blocks: [] }]);
  });

  it('breaks before the block that would overflow, never inside it', () => {
    // Room for 10 one-line blocks (38 px each) under the header; the 11th starts page 2.
    const max = SHEET_HEADER_HEIGHT + 10 * 38 + SHEET_PAD;
    const pages = layoutSheet(
      Array.from({ length: 25 }, (_, i) => oneLine(`s${i}`)),
      measure,
      max,
    );
    expect(sentencesOf(pages).map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => p.height)).toEqual([max, max, SHEET_HEADER_HEIGHT + 5 * 38 + SHEET_PAD]);
    // A three-line block that no longer fits moves whole to the next page.
    const mixed = layoutSheet(
      [...Array.from({ length: 9 }, () => oneLine('a')), oneLine('x'.repeat(200))],
      measure,
      max,
    );
    expect(sentencesOf(mixed)).toEqual([[...Array(9).keys()], [9]]);
    expect(mixed[1].blocks[0]).toMatchObject({ top: SHEET_HEADER_HEIGHT, scale: 1, height: 3 * 30 + 8 });
    checkLayout(mixed, 10, max);
  });

  it('gives a block taller than a page a page of its own, scaled down to fit', () => {
    const huge = oneLine('x'.repeat(82 * 400)); // 400 lines: 12,000 px
    const pages = layoutSheet([oneLine('a'), huge, oneLine('b')], measure);
    expect(sentencesOf(pages)).toEqual([[0], [1], [2]]);
    const block = pages[1].blocks[0];
    expect(block.scale).toBeCloseTo((SHEET_PAGE_MAX_HEIGHT - SHEET_HEADER_HEIGHT - SHEET_PAD) / block.height);
    expect(pages[1].height).toBe(SHEET_PAGE_MAX_HEIGHT);
    checkLayout(pages, 3, SHEET_PAGE_MAX_HEIGHT);
  });

  it('cuts the editor’s longest text (2,500 one-word sentences) into pages under the limit', () => {
    const pages = layoutSheet(
      Array.from({ length: 2500 }, () => oneLine('a')),
      measure,
    );
    expect(pages.length).toBe(
      Math.ceil(2500 / Math.floor((SHEET_PAGE_MAX_HEIGHT - SHEET_HEADER_HEIGHT - SHEET_PAD) / 38)),
    );
    checkLayout(pages, 2500, SHEET_PAGE_MAX_HEIGHT);
  });

  it('keeps every sentence on exactly one page, in order, each page under the limit (any text)', () => {
    const sentence = fc.record({
      text: fc.string({ maxLength: 400 }),
      image: fc.option(
        fc.record({ width: fc.integer({ min: 1, max: 4000 }), height: fc.integer({ min: 1, max: 4000 }) }),
      ),
      desc: fc.string({ maxLength: 200 }),
    });
    fc.assert(
      fc.property(fc.array(sentence, { maxLength: 80 }), fc.integer({ min: 200, max: 3000 }), (sentences, max) => {
        checkLayout(layoutSheet(sentences, measure, max), sentences.length, max);
      }),
    );
  });

  it('refuses a page too low to hold anything', () => {
    expect(() => layoutSheet([oneLine('a')], measure, SHEET_HEADER_HEIGHT + SHEET_PAD)).toThrow();
  });
});
