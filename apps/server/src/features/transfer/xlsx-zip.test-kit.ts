// Test support: zip archives written by hand, so that tests can build what no spreadsheet program writes —
// bombs, headers that lie about their sizes, thousands of entries — and small workbooks for the xlsx reader.
import { deflateRawSync } from 'node:zlib';
import { createDeflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Deflated bytes. */
  compressed: Buffer;
  /** What the headers declare (the truth unless a test lies). */
  uncompressedSize: number;
}

export const entry = (name: string, text: string): ZipEntry => {
  const raw = Buffer.from(text, 'utf8');
  return { name, compressed: deflateRawSync(raw), uncompressedSize: raw.length };
};

/** Deflates `count` copies of `unit` (after `head`, before `tail`) without ever holding the inflated text. */
export async function repeatedEntry(name: string, head: string, unit: string, count: number, tail: string) {
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => z.on('end', resolve));
  const block = Buffer.from(unit.repeat(Math.max(1, Math.floor(65536 / unit.length))));
  const perBlock = block.length / Buffer.byteLength(unit);
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  z.write(head);
  for (let left = count; left > 0; left -= perBlock) {
    const piece = left >= perBlock ? block : Buffer.from(unit.repeat(left));
    size += piece.length;
    if (!z.write(piece)) await new Promise((resolve) => z.once('drain', resolve));
  }
  z.end(tail);
  await done;
  return { name, compressed: Buffer.concat(out), uncompressedSize: size };
}

/** A header record: signature, 16-bit fields from offset 4, 32-bit sizes at `at`, the name length at `nameAt`. */
function record(
  size: number,
  sig: number,
  shorts: number[],
  at: number,
  longs: number[],
  nameAt: number,
  nameLength: number,
) {
  const b = Buffer.alloc(size);
  b.writeUInt32LE(sig, 0);
  shorts.forEach((v, i) => b.writeUInt16LE(v, 4 + 2 * i));
  longs.forEach((v, i) => b.writeUInt32LE(v, at + 4 * i));
  b.writeUInt16LE(nameLength, nameAt);
  return b;
}

/** A zip archive of deflated entries (CRCs left 0: the reader does not check them). */
export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const sizes = [e.compressed.length, e.uncompressedSize];
    // Version, flags (UTF-8 names), method 8 (deflate), then the sizes and the name's length.
    const local = record(30, 0x04034b50, [20, 0x0800, 8], 18, [...sizes], 26, name.length);
    const central = record(46, 0x02014b50, [20, 20, 0x0800, 8], 20, [...sizes], 28, name.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.compressed);
    centrals.push(central, name);
    offset += local.length + name.length + e.compressed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export const WORKBOOK = entry(
  'xl/workbook.xml',
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="题目" sheetId="1"/></sheets></workbook>',
);
export const SHEET_HEAD =
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  '<row r="1"><c r="A1" t="inlineStr"><is><t>题型</t></is></c><c r="B1" t="inlineStr"><is><t>题干</t></is></c></row>';
export const SHEET_TAIL = '</sheetData></worksheet>';
/** A data row of the template without its number (rows may omit `r`). */
export const TRUE_FALSE_ROW =
  '<row><c t="inlineStr"><is><t>判断题</t></is></c><c t="inlineStr"><is><t>对吗？</t></is></c></row>';
