// The recitation sheet cut into pages (docs/recitation.md "Pages"): each sentence becomes a block (its numbered
// lines, its image, its description), blocks are stacked under a title header, and a page ends before the block that
// would make it taller than SHEET_PAGE_MAX_HEIGHT. Pure: text is measured through the `measure` passed in.

export const SHEET_WIDTH = 900;
/** The tallest page drawn on one canvas: well under every browser's canvas limits (Chromium's are ~32,000 px). */
export const SHEET_PAGE_MAX_HEIGHT = 8000;
export const SHEET_PAD = 40;
/** The title's baseline, from the page top. */
export const SHEET_TITLE_BASELINE = SHEET_PAD + 36;
/** Where the first block of a page starts: below the title header. */
export const SHEET_HEADER_HEIGHT = SHEET_PAD + 60;
export const SHEET_LINE = 30;
export const SHEET_IMAGE_MAX_H = 220;
const IMAGE_GAP = 10;
const BLOCK_GAP = 8;
/** The width text and images may take. */
export const SHEET_CONTENT_WIDTH = SHEET_WIDTH - SHEET_PAD * 2;

/** The lines of `text` that fit `max` pixels, broken at any character (Chinese has no spaces to break at). */
export function wrapText(measure: (s: string) => number, text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && measure(line + ch) > max) {
      lines.push(line);
      line = ch.trim() ? ch : '';
    } else line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

export interface SheetSentenceInput {
  text: string;
  /** The natural size of the linked image that loaded; absent when none is linked or it failed to load. */
  image?: { width: number; height: number } | null;
  desc?: string;
}

/** A row of a block, placed from the block's top-left corner (x 0 is the page's left padding). */
export type BlockRow =
  { kind: 'line'; text: string; baseline: number } | { kind: 'image'; top: number; width: number; height: number };

export interface SheetBlock {
  /** The sentence's index in the text (0-based). */
  sentence: number;
  height: number;
  rows: BlockRow[];
}

/** A block on its page: `top` from the page top, drawn at `scale` (below 1 only for a block taller than a page). */
export interface PlacedBlock extends SheetBlock {
  top: number;
  scale: number;
}

export interface SheetPage {
  /** 1-based. */
  number: number;
  height: number;
  blocks: PlacedBlock[];
}

/** One sentence's block: `n. sentence` wrapped, then its image scaled to the width and ≤ 220 px high, then its description. */
export function sentenceBlock(measure: (s: string) => number, s: SheetSentenceInput, index: number): SheetBlock {
  const rows: BlockRow[] = [];
  let y = 0;
  const addLines = (text: string) => {
    for (const line of wrapText(measure, text, SHEET_CONTENT_WIDTH)) {
      y += SHEET_LINE;
      rows.push({ kind: 'line', text: line, baseline: y });
    }
  };
  addLines(`${index + 1}. ${s.text}`);
  if (s.image) {
    const { width, height } = s.image;
    const scale = Math.min(1, SHEET_CONTENT_WIDTH / width, SHEET_IMAGE_MAX_H / height);
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    rows.push({ kind: 'image', top: y + IMAGE_GAP, width: w, height: h });
    y += h + IMAGE_GAP;
  }
  if (s.desc) addLines(s.desc);
  return { sentence: index, height: y + BLOCK_GAP, rows };
}

/**
 * The pages of a sheet, each at most `maxHeight` px high. Blocks keep the sentences' order and are never split; a
 * block taller than a page's room gets a page of its own, scaled down to fit (nothing is cut off).
 */
export function layoutSheet(
  sentences: readonly SheetSentenceInput[],
  measure: (s: string) => number,
  maxHeight = SHEET_PAGE_MAX_HEIGHT,
): SheetPage[] {
  const room = maxHeight - SHEET_HEADER_HEIGHT - SHEET_PAD;
  if (room <= 0) throw new Error(`页面高度至少要 ${SHEET_HEADER_HEIGHT + SHEET_PAD + 1} 像素`);
  const pages: SheetPage[] = [];
  let blocks: PlacedBlock[] = [];
  let y = SHEET_HEADER_HEIGHT;
  const endPage = () => {
    pages.push({ number: pages.length + 1, height: Math.ceil(y) + SHEET_PAD, blocks });
    blocks = [];
    y = SHEET_HEADER_HEIGHT;
  };
  sentences.forEach((s, i) => {
    const block = sentenceBlock(measure, s, i);
    if (blocks.length > 0 && y + block.height > SHEET_HEADER_HEIGHT + room) endPage();
    const scale = Math.min(1, room / block.height);
    blocks.push({ ...block, top: y, scale });
    // A scaled block fills the room exactly; min() keeps rounding from pushing the page past maxHeight.
    y = Math.min(y + block.height * scale, SHEET_HEADER_HEIGHT + room);
    if (scale < 1) endPage();
  });
  if (blocks.length > 0 || pages.length === 0) endPage();
  return pages;
}
