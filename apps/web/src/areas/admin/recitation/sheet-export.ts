// The recitation sheet as PNGs (docs/product.md §8–9; docs/recitation.md "Export" and "Pages"): the images are
// loaded and the sheet laid out in pages once (sheet-layout.ts), then each page is drawn on a canvas of its own with
// the 2D canvas API and encoded (export-retry.ts retries each step), and at the end the pages are downloaded as one
// file: the PNG of a one-page sheet, or a ZIP of the pages' PNGs (a browser may drop some of several downloads).
import type { Recitation } from '@edu/contract';
import { saveFile } from '../../../api/download';
import { zipStore } from '../../../app/zip-store';
import {
  layoutSheet,
  SHEET_PAD,
  SHEET_TITLE_BASELINE,
  SHEET_WIDTH,
  type SheetPage,
  type SheetSentenceInput,
} from './sheet-layout';
import { RECITATION_TEXTS } from '../../../components/recitation/texts';

const T = RECITATION_TEXTS.export;
/** An image that has not loaded by then is left out of the sheet. */
export const IMAGE_LOAD_TIMEOUT_MS = 10_000;
const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';
const BODY_FONT = `18px ${FONT}`;
const PAGE_LABEL_WIDTH = 140;

export type SheetContent = Pick<Recitation, 'title' | 'sentences' | 'images'>;

/** A laid-out sheet: how many pages, how to render page n (1-based) — draw, encode — and how to save them all. */
export interface PreparedSheet {
  pages: number;
  /** Page n as a PNG, drawn on a canvas of its own that is emptied once encoded. */
  renderPage: (page: number) => Promise<Blob>;
  /** Downloads the pages' PNGs (all of them, in order) as one file (see saveSheet). */
  save: (pngs: Blob[]) => Promise<void>;
}

/** Loads an image for drawing; rejects naming the image when it fails (docs/product.md §8: logged as a warning). */
export function loadImage(src: string, timeoutMs = IMAGE_LOAD_TIMEOUT_MS): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const timer = setTimeout(() => reject(new Error(`图片加载超时（${src}）`)), timeoutMs);
    img.onload = () => {
      clearTimeout(timer);
      resolve(img);
    };
    img.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`图片加载失败（${src}）`));
    };
    img.src = src;
  });
}

const sheetBaseName = (title: string) => title.replace(/[\\/:*?"<>|]/g, '_').trim() || '背诵单';

/** A page's file name: `标题.png` for one page, `标题-第N页.png` for each of several (inside the ZIP). */
export function sheetFileName(title: string, page: number, pages: number): string {
  const base = sheetBaseName(title);
  return pages > 1 ? `${base}-第${page}页.png` : `${base}.png`;
}

/** The download of a sheet of several pages: `标题.zip`. */
export const sheetArchiveName = (title: string) => `${sheetBaseName(title)}.zip`;

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(T.noCanvas);
  return ctx;
}

/** Draws one page on a new canvas: the title (and `第 n/m 页` when there are several), then its blocks. */
export function drawPage(
  page: SheetPage,
  pages: number,
  title: string,
  imageOf: (sentence: number) => HTMLImageElement | undefined,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = SHEET_WIDTH;
  canvas.height = page.height;
  const ctx = context2d(canvas);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#222';
  const titleRoom = SHEET_WIDTH - SHEET_PAD * 2 - (pages > 1 ? PAGE_LABEL_WIDTH : 0);
  ctx.font = `bold 28px ${FONT}`;
  // fillText's maxWidth narrows a long title to the room instead of running it off the page.
  ctx.fillText(title, SHEET_PAD, SHEET_TITLE_BASELINE, titleRoom);
  if (pages > 1) {
    ctx.font = BODY_FONT;
    ctx.textAlign = 'right';
    ctx.fillStyle = '#888';
    ctx.fillText(T.pageLabel(page.number, pages), SHEET_WIDTH - SHEET_PAD, SHEET_TITLE_BASELINE);
    ctx.textAlign = 'left';
    ctx.fillStyle = '#222';
  }
  ctx.font = BODY_FONT;
  for (const block of page.blocks) {
    ctx.save();
    ctx.translate(SHEET_PAD, block.top);
    ctx.scale(block.scale, block.scale);
    for (const row of block.rows) {
      if (row.kind === 'line') ctx.fillText(row.text, 0, row.baseline);
      else {
        const img = imageOf(block.sentence);
        if (img) ctx.drawImage(img, 0, row.top, row.width, row.height);
      }
    }
    ctx.restore();
  }
  return canvas;
}

/** The canvas as a PNG blob; rejects when the browser gives none (e.g. a tainted canvas). */
export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(T.noImage))), 'image/png');
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}

/**
 * One download for the whole sheet (docs/recitation.md "Export"): `标题.png` for one page; for several, `标题.zip`
 * holding `标题-第1页.png`, `标题-第2页.png` … in order.
 */
export async function saveSheet(title: string, pngs: Blob[], save = saveFile): Promise<void> {
  if (pngs.length === 1) return save(pngs[0], sheetFileName(title, 1, 1));
  const entries = pngs.map((data, i) => ({ name: sheetFileName(title, i + 1, pngs.length), data }));
  save(await zipStore(entries), sheetArchiveName(title));
}

/** Loads the linked images (a failure is a console warning and the image is left out) and lays the sheet out. */
export async function prepareSheet(r: SheetContent, load = loadImage): Promise<PreparedSheet> {
  const links = new Map(r.images.map((l) => [l.value, l]));
  const loaded = new Map<string, HTMLImageElement>();
  await Promise.all(
    r.images.map(async (l) => {
      const img = await load(l.img).catch((e: unknown) => {
        console.warn(e);
        return null;
      });
      if (img) loaded.set(l.value, img);
    }),
  );
  const probe = context2d(document.createElement('canvas'));
  probe.font = BODY_FONT;
  const inputs: SheetSentenceInput[] = r.sentences.map((s) => {
    const img = loaded.get(s.id);
    return { text: s.text, image: img && { width: img.width, height: img.height }, desc: links.get(s.id)?.desc };
  });
  const layout = layoutSheet(inputs, (s) => probe.measureText(s).width);
  const imageOf = (i: number) => loaded.get(r.sentences[i]?.id ?? '');
  return {
    pages: layout.length,
    renderPage: async (n) => {
      const canvas = drawPage(layout[n - 1], layout.length, r.title, imageOf);
      try {
        return await canvasToPng(canvas);
      } finally {
        // Frees the page's pixels before the next page is drawn; only its PNG is kept until the pages are saved.
        canvas.width = 0;
        canvas.height = 0;
      }
    },
    save: (pngs) => saveSheet(r.title, pngs),
  };
}
