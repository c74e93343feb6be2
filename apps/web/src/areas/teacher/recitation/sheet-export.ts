// The recitation sheet as a PNG (docs/product.md §8–9; docs/recitation.md "Export"): the title and each sentence,
// numbered, with its linked image and description, drawn with the 2D canvas API and downloaded; the drawing is
// retried by export-retry.ts.
import type { Recitation } from '@edu/contract';

const WIDTH = 900;
const PAD = 40;
const LINE = 30;
const IMAGE_MAX_H = 220;
/** An image that has not loaded by then is left out of the sheet. */
export const IMAGE_LOAD_TIMEOUT_MS = 10_000;
const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

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

/** Draws the sheet on a new canvas; images that fail to load are left out with a warning. */
export type SheetContent = Pick<Recitation, 'title' | 'sentences' | 'images'>;

export async function drawSheet(r: SheetContent, load = loadImage): Promise<HTMLCanvasElement> {
  const images = new Map<string, { img: HTMLImageElement | null; desc: string }>();
  await Promise.all(
    r.images.map(async (l) => {
      const img = await load(l.img).catch((e: unknown) => {
        console.warn(e);
        return null;
      });
      images.set(l.value, { img, desc: l.desc });
    }),
  );
  const probe = document.createElement('canvas').getContext('2d');
  if (!probe) throw new Error('浏览器无法生成图片');
  probe.font = `18px ${FONT}`;
  const measure = (s: string) => probe.measureText(s).width;
  type Row =
    | { kind: 'text'; text: string; y: number; bold?: boolean }
    | { kind: 'img'; img: HTMLImageElement; y: number; w: number; h: number };
  const rows: Row[] = [];
  let y = PAD + 36;
  rows.push({ kind: 'text', text: r.title, y, bold: true });
  y += 24;
  r.sentences.forEach((s, i) => {
    for (const line of wrapText(measure, `${i + 1}. ${s.text}`, WIDTH - PAD * 2)) {
      y += LINE;
      rows.push({ kind: 'text', text: line, y });
    }
    const linked = images.get(s.id);
    if (linked?.img) {
      const scale = Math.min(1, (WIDTH - PAD * 2) / linked.img.width, IMAGE_MAX_H / linked.img.height);
      const w = Math.max(1, Math.round(linked.img.width * scale));
      const h = Math.max(1, Math.round(linked.img.height * scale));
      rows.push({ kind: 'img', img: linked.img, y: y + 10, w, h });
      y += h + 10;
    }
    if (linked?.desc)
      for (const line of wrapText(measure, linked.desc, WIDTH - PAD * 2)) {
        y += LINE;
        rows.push({ kind: 'text', text: line, y });
      }
    y += 8;
  });
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = y + PAD;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('浏览器无法生成图片');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#222';
  for (const row of rows) {
    if (row.kind === 'img') ctx.drawImage(row.img, PAD, row.y, row.w, row.h);
    else {
      ctx.font = row.bold ? `bold 28px ${FONT}` : `18px ${FONT}`;
      ctx.fillText(row.text, PAD, row.y);
    }
  }
  return canvas;
}

/** The canvas as a PNG blob; rejects when the browser gives none (e.g. a tainted canvas). */
export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('浏览器没有生成图片'))), 'image/png');
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}

export function downloadBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** One attempt: draw, encode, download. */
export async function exportSheetOnce(r: SheetContent): Promise<void> {
  const blob = await canvasToPng(await drawSheet(r));
  downloadBlob(blob, `${r.title.replace(/[\\/:*?"<>|]/g, '_') || '背诵单'}.png`);
}
