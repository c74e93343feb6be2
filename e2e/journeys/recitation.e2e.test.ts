// A teacher exports a recitation sheet in a real browser (docs/recitation.md "Export" and "Pages"): a text with an
// image attached to a sentence through the editor is drawn with the canvas API and downloaded as one PNG (signature,
// 900 px wide, a height that holds the sentences and the image); the longest text the editor accepts, far taller than
// one canvas, downloads as one ZIP of PNG pages (one download: a browser may drop some of several), each 900 px wide
// and at most SHEET_PAGE_MAX_HEIGHT high, read back with yauzl. The retry's failure path is tested in unit tests
// (docs/recitation.md "Pages" says why not here).
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Download, Page } from 'playwright-core';
import yauzl from 'yauzl';
import { launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';
import { repoRoot } from '../support/server-process.js';
import { api, apiLogin } from '../support/training-api.js';

const PNG_SIGNATURE = '89504e470d0a1a0a';
/** The tallest page of a sheet: SHEET_PAGE_MAX_HEIGHT of docs/recitation.md "Pages". */
const SHEET_PAGE_MAX_HEIGHT = 8000;
const TEXT = 'The early bird catches the worm. Practice makes perfect! 熟能生巧。';

/** Width and height of a PNG from its IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The entries of a ZIP archive, in order, with their bytes (yauzl checks the directory, headers and sizes). */
function readZip(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, file) => {
      if (err) return reject(err);
      const entries: { name: string; data: Buffer }[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            file.readEntry();
          });
        }),
      );
      file.readEntry();
    });
  });
}

describe('recitation sheet export', () => {
  const baseURL = demoServerURL();
  const title = `背诵单-${randomBytes(3).toString('hex')}`;
  let id: string;
  let browser: Browser;
  let page: Page;
  let downloads = 0;

  beforeAll(async () => {
    const token = await apiLogin(baseURL, 'agency');
    id = (await api<{ id: string }>(baseURL, 'PUT', '/v1/recitation', token, { title, text: TEXT })).id;
    browser = await launch();
    page = await newPage(browser, baseURL);
    page.on('download', () => void downloads++);
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const visible = (text: string | RegExp) => page.getByText(text).first().isVisible();
  const exportButton = () => page.getByRole('button', { name: /导出背诵单/ });

  it('attaches an image to a sentence and downloads the sheet as a PNG', async () => {
    await page.goto(`/admin/recitation/${id}/edit`);
    await expect.poll(() => page.getByTestId('sentence-row').count()).toBe(3);
    // A 320×160 PNG drawn by the browser itself, attached to the first sentence as a teacher would pick a file.
    const dataUrl = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 320;
      c.height = 160;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#1677ff';
      ctx.fillRect(0, 0, 320, 160);
      return c.toDataURL('image/png');
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('sentence-row').first().getByRole('button', { name: /配图/ }).click();
    await (
      await chooser
    ).setFiles({ name: 'bird.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1], 'base64') });
    await expect.poll(() => page.getByRole('img', { name: '第 1 句配图' }).isVisible()).toBe(true);
    await page.getByPlaceholder('图片说明（可选）').fill('早起的鸟儿');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => visible('已保存')).toBe(true);

    const download = page.waitForEvent('download');
    await exportButton().click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${title}.png`);
    const bytes = await readFile(await file.path());
    await file.saveAs(join(repoRoot, 'e2e/screenshots/recitation-sheet.png'));
    const { width, height } = pngSize(bytes);
    expect(width).toBe(900);
    // Title, three sentence lines, the 160 px image and its description: taller than the image, one short page.
    expect(height).toBeGreaterThan(160 + 4 * 30);
    expect(height).toBeLessThan(1200);
    expect(bytes.length).toBeGreaterThan(2_000);
    expect(bytes.length).toBeLessThan(2_000_000);
    await expect.poll(() => visible('背诵单已导出')).toBe(true);
    expect(downloads).toBe(1);
    await shot(page, 'recitation-export');
  });

  it('the editor’s longest text downloads as one ZIP of PNG pages, each 900 px wide and at most 8,000 px high', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/admin/recitation/${id}/edit`);
    await expect.poll(() => page.getByTestId('sentence-row').count()).toBe(3);
    // 2,500 one-word sentences (a comma separates sentences, docs/product.md §9): about 95,000 px of sheet, far beyond
    // one canvas; not saved, the export draws what the editor holds.
    await page.getByRole('textbox', { name: '背诵文本' }).fill('a,'.repeat(2500));
    await expect.poll(() => visible('分句预览（2500 句）')).toBe(true);
    const files: Download[] = [];
    const onDownload = (d: Download) => void files.push(d);
    page.on('download', onDownload);
    await exportButton().click();
    await expect.poll(() => visible(/^正在导出第 \d+\/\d+ 页$/)).toBe(true);
    await page.screenshot({ path: join(repoRoot, 'e2e/screenshots/recitation-export-progress-375.png') });
    // 206 one-line blocks of 38 px fit the 7,860 px under a page's header: 13 pages (docs/recitation.md "Pages").
    const pages = 13;
    await expect.poll(() => visible(`背诵单已导出，共 ${pages} 页`), { timeout: 60_000 }).toBe(true);
    await page.screenshot({ path: join(repoRoot, 'e2e/screenshots/recitation-export-pages-375.png') });
    // One download for the whole sheet, saved before the message above.
    await expect.poll(() => files.length).toBe(1);
    page.off('download', onDownload);
    expect(downloads).toBe(1 + 1);
    expect(files[0].suggestedFilename()).toBe(`${title}.zip`);
    const entries = await readZip(await readFile(await files[0].path()));
    expect(entries.map((e) => e.name)).toEqual(Array.from({ length: pages }, (_, i) => `${title}-第${i + 1}页.png`));
    let total = 0;
    for (const [i, { data: bytes }] of entries.entries()) {
      const { width, height } = pngSize(bytes);
      expect(width).toBe(900);
      expect(height).toBeLessThanOrEqual(SHEET_PAGE_MAX_HEIGHT);
      // Each page has its 100 px header and 40 px margin around at least one 38 px sentence block.
      expect(height).toBeGreaterThanOrEqual(100 + 38 + 40);
      total += height - 100 - 40;
      if (i === 1) await writeFile(join(repoRoot, 'e2e/screenshots/recitation-sheet-page-2.png'), bytes);
    }
    // Every sentence's one-line block (a 30 px line and an 8 px gap) is on some page.
    expect(total).toBeGreaterThanOrEqual(2500 * 38);
  });
});
