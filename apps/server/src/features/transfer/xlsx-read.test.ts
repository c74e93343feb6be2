// The bounded xlsx reader (docs/import-export.md "Reading an xlsx"): archives over a limit are refused
// before anything is inflated, headers that lie are caught while inflating, rows stream in little memory.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { collect, TEST_LIMITS } from './parse-test-kit.js';
import { ImportLimitError } from './transfer-model.js';
import { readXlsxRows } from './xlsx-read.js';
import {
  entry,
  repeatedEntry,
  SHEET_HEAD,
  SHEET_TAIL,
  TRUE_FALSE_ROW,
  WORKBOOK,
  zip,
  type ZipEntry,
} from './xlsx-zip.test-kit.js';

const SHEET = 'xl/worksheets/sheet1.xml';
const MB = 1024 * 1024;

/** Bytes the process holds for JavaScript objects and buffers. */
const held = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

describe('before inflating: the central directory', () => {
  it('refuses more entries than maxEntries', async () => {
    const many: ZipEntry[] = Array.from({ length: 1001 }, (_, i) => entry(`xl/media/${i}.txt`, 'x'));
    await expect(collect('xlsx', zip([WORKBOOK, ...many]))).rejects.toThrow(
      'Excel 文件中的条目数 1002 超过上限 1000（压缩包条目数上限）',
    );
  });

  it('refuses a bomb inflating to hundreds of MB by its ratio, without inflating it', async () => {
    const bomb = await repeatedEntry(SHEET, SHEET_HEAD, '<row/>', 70_000_000, SHEET_TAIL);
    expect(bomb.uncompressedSize).toBeGreaterThan(400 * MB);
    const file = zip([WORKBOOK, bomb]);
    expect(file.length).toBeLessThan(2 * MB);
    const before = held();
    const err = await collect('xlsx', file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportLimitError);
    expect((err as Error).message).toBe(`Excel 文件中的 ${SHEET} 压缩比超过上限 200（压缩比上限），可能是压缩炸弹`);
    expect(held() - before).toBeLessThan(32 * MB);
  });

  it('refuses declared sizes over maxUncompressedBytes whatever the ratio', async () => {
    const bomb = await repeatedEntry(SHEET, SHEET_HEAD, '<row/>', 5_000_000, SHEET_TAIL);
    await expect(
      collect('xlsx', zip([WORKBOOK, bomb]), { limits: { maxRatio: 1e9, maxUncompressedBytes: 20 * MB } }),
    ).rejects.toThrow('Excel 文件声明的解压后大小超过上限 20 MB（解压后总大小上限），可能是压缩炸弹');
  });
});

describe('while inflating: the bytes themselves', () => {
  it('catches a header that lies about its size as soon as the entry inflates past it', async () => {
    const bomb = await repeatedEntry(SHEET, SHEET_HEAD, '<row/>', 70_000_000, SHEET_TAIL);
    const liar = { ...bomb, uncompressedSize: 4096 };
    const before = held();
    const start = performance.now();
    await expect(collect('xlsx', zip([WORKBOOK, liar]))).rejects.toThrow(
      `Excel 文件中的 ${SHEET} 解压后比声明的更大，可能是压缩炸弹`,
    );
    expect(performance.now() - start).toBeLessThan(2000);
    expect(held() - before).toBeLessThan(32 * MB);
  });

  it('passes honest headers up to the limit and catches a lie in any entry, not only the sheet', async () => {
    const sheet = await repeatedEntry(SHEET, SHEET_HEAD, TRUE_FALSE_ROW, 30_000, SHEET_TAIL);
    const limit = sheet.uncompressedSize + 10;
    await expect(
      collect('xlsx', zip([WORKBOOK, sheet]), { limits: { maxUncompressedBytes: limit + 200, maxRatio: 1e9 } }),
    ).resolves.toMatchObject({ items: { length: 30_000 } });
    const lying = { ...WORKBOOK, uncompressedSize: 1 };
    await expect(
      collect('xlsx', zip([lying, sheet]), { limits: { maxUncompressedBytes: limit, maxRatio: 1e9 } }),
    ).rejects.toThrow(ImportLimitError);
  });
});

describe('rows', () => {
  it('refuses a sheet with more rows than maxItems at the first row over it', async () => {
    const sheet = await repeatedEntry(SHEET, SHEET_HEAD, TRUE_FALSE_ROW, 1_000_000, SHEET_TAIL);
    let handed = 0;
    const err = await collect('xlsx', zip([WORKBOOK, sheet]), { limits: { maxItems: 1000, maxRatio: 1e9 } }).catch(
      (e: unknown) => e,
    );
    expect((err as Error).message).toBe('文件中的题目超过上限 1000 道（导入题目数上限）：请拆分为多个文件后导入');
    await readXlsxRows(zip([WORKBOOK, sheet]), { ...TEST_LIMITS, maxRatio: 1e9 }, '题目', () => {
      if (++handed > 5) throw new Error('stop');
    }).catch(() => undefined);
    expect(handed).toBe(6);
  });

  it('streams a sheet of 64 MB of rows in little memory, with progress up to 1', async () => {
    const sheet = await repeatedEntry(
      SHEET,
      SHEET_HEAD,
      '<row><c t="inlineStr"><is><t></t></is></c></row>',
      1_400_000,
      SHEET_TAIL,
    );
    expect(sheet.uncompressedSize).toBeGreaterThan(64 * MB);
    const before = held();
    let peak = 0;
    const progress: number[] = [];
    await readXlsxRows(
      zip([WORKBOOK, sheet]),
      { ...TEST_LIMITS, maxRatio: 1e9 },
      '题目',
      () => undefined,
      (f) => {
        progress.push(f);
        peak = Math.max(peak, held() - before);
      },
    );
    expect(progress.at(-1)).toBe(1);
    expect(peak).toBeLessThan(48 * MB);
  });

  it('reads what a spreadsheet program wrote: shared strings, rich text, numbers, the sheet named 题目', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('说明').addRow(['not', 'this']);
    const ws = wb.addWorksheet('题目');
    ws.addRow(['题型', '题干', '答案', '选项A', '选项B']);
    ws.addRow(['单选题', { richText: [{ text: 'Which ' }, { text: 'one', font: { bold: true } }] }, 'A', 1.5, 'b']);
    const r = await collect('xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(r.items.map((i) => [i.row, i.draft?.question, i.draft?.options.map((o) => o.content)])).toEqual([
      [2, '<p>Which one</p>', ['1.5', 'b']],
    ]);
  });
});

describe('cells', () => {
  it("keeps no cell beyond Excel's last column", async () => {
    const row = `<row><c t="inlineStr"><is><t>判断题</t></is></c><c t="inlineStr"><is><t>对吗？</t></is></c>${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(20_000)}</row>`;
    const sheet = entry(SHEET, `${SHEET_HEAD}${row}${SHEET_TAIL}`);
    let cells = 0;
    await readXlsxRows(zip([WORKBOOK, sheet]), TEST_LIMITS, '题目', (r) => {
      cells = Math.max(cells, r.cells.length);
    });
    expect(cells).toBe(16_384);
  });
});

describe('shared strings', () => {
  const sst = (body: string) =>
    entry(
      'xl/sharedStrings.xml',
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${body}</sst>`,
    );
  const sheet = entry(SHEET, `${SHEET_HEAD}<row><c t="s"><v>0</v></c><c t="s"><v>1</v></c></row>${SHEET_TAIL}`);

  it('bounds their memory, counting empty ones too', async () => {
    const texts = sst('<si><t>判断题</t></si><si><t>对吗？</t></si>'.repeat(1000));
    const empties = sst('<si/>'.repeat(40_000));
    const limits = { maxSharedStringsBytes: 64 * 1024 };
    const message = 'Excel 文件中的共享字符串（单元格文字）超过上限 0.1 MB（共享字符串上限）：请拆分为多个文件后导入';
    await expect(collect('xlsx', zip([WORKBOOK, texts, sheet]), { limits })).rejects.toThrow(message);
    await expect(collect('xlsx', zip([WORKBOOK, empties, sheet]), { limits })).rejects.toThrow(message);
    const few = await collect('xlsx', zip([WORKBOOK, sst('<si><t>判断题</t></si><si><t>对吗？</t></si>'), sheet]), {
      limits,
    });
    expect(few.items.map((i) => i.draft?.question)).toEqual(['<p>对吗？</p>']);
  });

  it('refuses a NUL character written as _x0000_', async () => {
    const nul = sst('<si><t>判断题</t></si><si><t>a_x0000_b</t></si>');
    await expect(collect('xlsx', zip([WORKBOOK, nul, sheet]))).rejects.toThrow('含有 NUL 字符（_x0000_）');
  });
});
