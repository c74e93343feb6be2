// Bounded, streaming reading of an xlsx workbook's question sheet (docs/import-export.md "Reading an xlsx"): the zip's
// central directory is checked before anything is inflated (entry count, declared sizes and ratios), then
// only the parts needed are inflated as streams while their actual bytes are counted, and the sheet's XML is
// parsed by a SAX parser row by row, so that memory holds one row (plus the shared strings), not the sheet.
import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { FileFormatError, limitError, type ImportLimits } from './transfer-model.js';

/** One row of the sheet: its 1-based number and its cells' text by 0-based column (holes for empty cells). */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** Entries up to this size are not held to the ratio: too small to be a bomb, and small XML parts compress well. */
export const RATIO_EXEMPT_BYTES = 1024 * 1024;
const MAX_COLUMNS = 16_384;
/** Default bound of the shared strings' memory (ImportLimits.maxSharedStringsBytes). */
export const SHARED_STRINGS_MAX_BYTES = 96 * 1024 * 1024;

const UNREADABLE = '无法读取 Excel 文件（请上传 .xlsx 格式的导入模板）';
const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

function openZip(data: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, autoClose: false, validateEntrySizes: false, strictFileNames: false },
      (err, zip) => (err ? reject(new FileFormatError(UNREADABLE)) : resolve(zip)),
    );
  });
}

/** Reads the central directory, refusing an archive over the limits before anything is inflated. */
function readDirectory(zip: yauzl.ZipFile, limits: ImportLimits): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > limits.maxEntries)
    return Promise.reject(
      limitError(`Excel 文件中的条目数 ${zip.entryCount} 超过上限 ${limits.maxEntries}（压缩包条目数上限）`),
    );
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    let declared = 0;
    const fail = (e: Error) => {
      zip.removeAllListeners('entry');
      reject(e);
    };
    zip.on('entry', (entry: yauzl.Entry) => {
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes)
        return fail(
          limitError(
            `Excel 文件声明的解压后大小超过上限 ${mb(limits.maxUncompressedBytes)}（解压后总大小上限），可能是压缩炸弹`,
          ),
        );
      if (
        entry.uncompressedSize > RATIO_EXEMPT_BYTES &&
        entry.uncompressedSize > limits.maxRatio * entry.compressedSize
      )
        return fail(
          limitError(
            `Excel 文件中的 ${entry.fileName} 压缩比超过上限 ${limits.maxRatio}（压缩比上限），可能是压缩炸弹`,
          ),
        );
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', () => fail(new FileFormatError(UNREADABLE)));
    zip.readEntry();
  });
}

/** Counts the bytes actually inflated, whatever the headers declared. */
class InflateBudget {
  total = 0;
  constructor(private readonly limits: ImportLimits) {}

  count(entry: yauzl.Entry, entryBytes: number, chunk: number): void {
    this.total += chunk;
    if (this.total > this.limits.maxUncompressedBytes)
      throw limitError(
        `Excel 文件解压后超过上限 ${mb(this.limits.maxUncompressedBytes)}（解压后总大小上限），可能是压缩炸弹`,
      );
    if (entryBytes > entry.uncompressedSize)
      throw limitError(`Excel 文件中的 ${entry.fileName} 解压后比声明的更大，可能是压缩炸弹`);
    if (entryBytes > RATIO_EXEMPT_BYTES && entryBytes > this.limits.maxRatio * entry.compressedSize)
      throw limitError(
        `Excel 文件中的 ${entry.fileName} 压缩比超过上限 ${this.limits.maxRatio}（压缩比上限），可能是压缩炸弹`,
      );
  }
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err ? reject(new FileFormatError(UNREADABLE)) : resolve(stream)));
  });
}

type Handlers = {
  open?: (name: string, attrs: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

const local = (name: string) => name.slice(name.indexOf(':') + 1);

type SaxOptions = { xmlns: false; position: false };
type Sax = SaxesParser<SaxOptions>;

/** A SAX parser over one part; element names without their prefix. DTDs are refused (no entity is expanded). */
function saxFor(part: string, h: Handlers): Sax {
  const p = new SaxesParser<SaxOptions>({ xmlns: false, position: false });
  p.on('doctype', () => {
    throw new FileFormatError(`Excel 文件中的 ${part} 含有 DOCTYPE 声明，不予读取`);
  });
  p.on('error', () => {
    throw new FileFormatError(`${UNREADABLE}：${part} 不是正确的 XML`);
  });
  if (h.open) {
    const open = h.open;
    p.on('opentag', (t: SaxesTagPlain) => open(local(t.name), t.attributes));
  }
  if (h.close) {
    const close = h.close;
    p.on('closetag', (t: SaxesTagPlain) => close(local(t.name)));
  }
  if (h.text) {
    p.on('text', h.text);
    p.on('cdata', h.text);
  }
  return p;
}

/**
 * Inflates one entry as a stream into a SAX parser, counting its actual bytes; `between` runs after each
 * chunk (the sheet hands its finished rows to the sink there, awaited: backpressure on the inflation).
 */
async function streamEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: InflateBudget,
  parser: Sax,
  between?: (entryBytes: number) => Promise<void>,
): Promise<void> {
  const stream = await openEntry(zip, entry);
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      budget.count(entry, bytes, chunk.length);
      parser.write(decoder.decode(chunk, { stream: true }));
      if (between) await between(bytes);
    }
    parser.write(decoder.decode());
    parser.close();
    if (between) await between(bytes);
  } catch (e) {
    if (e instanceof FileFormatError) throw e;
    // zlib errors (a corrupt entry) and the like.
    throw new FileFormatError(UNREADABLE);
  } finally {
    stream.destroy();
  }
}

/** Attributes of every element named `tag` in a small part (relationships, workbook sheets). */
async function elements(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: InflateBudget,
  tag: string,
): Promise<Record<string, string>[]> {
  const out: Record<string, string>[] = [];
  await streamEntry(
    zip,
    entry,
    budget,
    saxFor(entry.fileName, { open: (name, attrs) => name === tag && out.push(attrs) }),
  );
  return out;
}

function find(entries: Map<string, yauzl.Entry>, path: string): yauzl.Entry | undefined {
  const exact = entries.get(path);
  if (exact) return exact;
  const lower = path.toLowerCase();
  for (const [name, e] of entries) if (name.toLowerCase() === lower) return e;
  return undefined;
}

/** A relationship target resolved against the folder of the part that names it. */
function resolveTarget(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

const relsOf = (part: string) => {
  const i = part.lastIndexOf('/');
  return `${part.slice(0, i + 1)}_rels/${part.slice(i + 1)}.rels`;
};

/** Excel's `_xHHHH_` escapes of control characters (`_x000D_` for a carriage return); a NUL is refused. */
const unescapeOoxml = (s: string) =>
  s.includes('_x')
    ? s.replace(/_x(00[01][0-9A-Fa-f])_/g, (_, h: string) => {
        const code = parseInt(h, 16);
        if (code === 0) throw new FileFormatError('Excel 文件的单元格中含有 NUL 字符（_x0000_）：请删除后重试');
        return String.fromCharCode(code);
      })
    : s;

/** Memory a shared string takes, estimated: two bytes a character and the string's own overhead. */
const sharedStringBytes = (s: string) => 2 * s.length + 32;

/**
 * The workbook's shared strings, which the sheet's cells point at: they are held while the sheet is read, so
 * their memory is bounded by `maxSharedStringsBytes` (estimated; default SHARED_STRINGS_MAX_BYTES).
 */
async function sharedStrings(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: InflateBudget,
  limits: ImportLimits,
): Promise<string[]> {
  const max = limits.maxSharedStringsBytes ?? SHARED_STRINGS_MAX_BYTES;
  let held = 0;
  const out: string[] = [];
  let cur: string | null = null;
  let inT = false;
  let phonetic = 0;
  await streamEntry(
    zip,
    entry,
    budget,
    saxFor(entry.fileName, {
      open: (name) => {
        if (name === 'si') cur = '';
        else if (name === 'rPh') phonetic++;
        else if (name === 't') inT = phonetic === 0;
      },
      close: (name) => {
        if (name === 'si') {
          const text = unescapeOoxml(cur ?? '');
          held += sharedStringBytes(text);
          if (held > max)
            throw limitError(
              `Excel 文件中的共享字符串（单元格文字）超过上限 ${mb(max)}（共享字符串上限）：请拆分为多个文件后导入`,
            );
          out.push(text);
          cur = null;
        } else if (name === 'rPh') phonetic--;
        else if (name === 't') inT = false;
      },
      text: (t) => {
        if (inT && cur !== null) cur += t;
      },
    }),
  );
  return out;
}

/** 0-based column of a cell reference such as `AB12`. */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

function cellValue(type: string, v: string, inline: string, shared: readonly string[]): string {
  switch (type) {
    case 's':
      return shared[Number(v)] ?? '';
    case 'inlineStr':
      return unescapeOoxml(inline);
    case 'b':
      return v === '1' ? 'TRUE' : v === '0' ? 'FALSE' : v;
    case 'str':
    case 'e':
      return unescapeOoxml(v);
    default: {
      const n = Number(v);
      return v.trim() !== '' && Number.isFinite(n) ? String(n) : v;
    }
  }
}

/**
 * Reads the sheet named `sheetName` (else the first) of an xlsx and hands each row to `onRow`, awaiting it.
 * `onProgress` gets the share of the sheet read. Throws FileFormatError when the file is not an xlsx, has no
 * sheet, or passes a limit.
 */
export async function readXlsxRows(
  data: Buffer,
  limits: ImportLimits,
  sheetName: string,
  onRow: (row: SheetRow) => void | Promise<void>,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  const zip = await openZip(data);
  try {
    const entries = await readDirectory(zip, limits);
    const budget = new InflateBudget(limits);
    const rootRels = find(entries, '_rels/.rels');
    let workbookPath = 'xl/workbook.xml';
    if (rootRels) {
      const office = (await elements(zip, rootRels, budget, 'Relationship')).find((r) =>
        /\/officeDocument$/.test(r.Type ?? ''),
      );
      if (office?.Target) workbookPath = resolveTarget('', office.Target);
    }
    const workbook = find(entries, workbookPath);
    if (!workbook) throw new FileFormatError(UNREADABLE);
    const sheets = await elements(zip, workbook, budget, 'sheet');
    const wbRels = find(entries, relsOf(workbookPath));
    const rels = wbRels ? await elements(zip, wbRels, budget, 'Relationship') : [];
    const target = (id: string | undefined) => {
      const t = rels.find((r) => r.Id === id)?.Target;
      return t ? resolveTarget(workbookPath, t) : undefined;
    };
    const chosen = sheets.find((s) => s.name === sheetName) ?? sheets[0];
    if (!chosen) throw new FileFormatError('Excel 文件中没有工作表');
    const relId = Object.entries(chosen).find(([k]) => /(^|:)id$/.test(k))?.[1];
    const sheet = find(entries, target(relId) ?? 'xl/worksheets/sheet1.xml');
    if (!sheet) throw new FileFormatError('Excel 文件中没有工作表');
    const sstRel = rels.find((r) => /\/sharedStrings$/.test(r.Type ?? ''));
    const sst = find(entries, sstRel?.Target ? resolveTarget(workbookPath, sstRel.Target) : 'xl/sharedStrings.xml');
    const shared = sst ? await sharedStrings(zip, sst, budget, limits) : [];

    const pending: SheetRow[] = [];
    let row: SheetRow | null = null;
    let lastRow = 0;
    let col = -1;
    let type = 'n';
    let v = '';
    let inline = '';
    let capture: 'v' | 'is' | null = null;
    let inIs = false;
    let phonetic = 0;
    const parser = saxFor(sheet.fileName, {
      open: (name, a) => {
        switch (name) {
          case 'row':
            lastRow = a.r ? Number(a.r) : lastRow + 1;
            row = { row: lastRow, cells: [] };
            col = -1;
            break;
          case 'c':
            col = a.r ? columnOf(a.r) : col + 1;
            type = a.t ?? 'n';
            v = '';
            inline = '';
            break;
          case 'v':
            capture = 'v';
            break;
          case 'is':
            inIs = true;
            break;
          case 'rPh':
            phonetic++;
            break;
          case 't':
            if (inIs && phonetic === 0) capture = 'is';
            break;
        }
      },
      close: (name) => {
        switch (name) {
          case 'row':
            if (row) pending.push(row);
            row = null;
            break;
          case 'c': {
            const text = cellValue(type, v, inline, shared);
            // Excel's last column is XFD (16,384): cells beyond it are no sheet's, and would only cost memory.
            if (row && text !== '' && col >= 0 && col < MAX_COLUMNS) row.cells[col] = text;
            break;
          }
          case 'v':
          case 't':
            capture = null;
            break;
          case 'is':
            inIs = false;
            break;
          case 'rPh':
            phonetic--;
            break;
        }
      },
      text: (t) => {
        if (capture === 'v') v += t;
        else if (capture === 'is') inline += t;
      },
    });
    await streamEntry(zip, sheet, budget, parser, async (bytes) => {
      // Rows are taken out one by one so that a row handed on is no longer held here.
      for (let r = pending.shift(); r; r = pending.shift()) await onRow(r);
      onProgress?.(Math.min(1, bytes / Math.max(1, sheet.uncompressedSize)));
    });
  } finally {
    zip.close();
  }
}
