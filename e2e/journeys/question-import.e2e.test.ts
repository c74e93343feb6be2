// The demo agency admin imports hand-written Moodle XML and GIFT files through the 导入题目 dialog (validation
// report naming the bad item's line, mode "valid", progress to the end), finds the questions in the list,
// exports the repository as Moodle XML and GIFT and downloads the Excel template.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { JOB_END_MS, opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';
import { repoRoot } from '../support/server-process.js';

const MOODLE = join(repoRoot, 'e2e/fixtures/import-questions.moodle.xml');
const GIFT = join(repoRoot, 'e2e/fixtures/import-questions.gift');
const MOODLE_TITLES = ['single', 'multiple', 'truefalse', 'shortanswer', 'essay'].map((t) => `E2E Moodle ${t}`);
const GIFT_TITLES = ['single', 'multiple', 'truefalse', 'short', 'essay'].map((t) => `E2E GIFT ${t}`);

/** 1-based line of the fixture where the item holding `marker` starts (`<question` in XML, the line itself in GIFT). */
function startLine(file: string, marker: string, start: RegExp): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  let at = lines.findIndex((l) => l.includes(marker));
  while (at >= 0 && !start.test(lines[at])) at--;
  if (at < 0) throw new Error(`${marker} not found in ${file}`);
  return at + 1;
}

/** True as soon as `check` holds, false after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** A select of the dialog by its label: its input and the whole field (which shows the choice). */
function selectField(page: Page, dialog: Locator, label: string) {
  return {
    box: dialog.getByRole('combobox', { name: label }),
    field: dialog.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) }),
  };
}

/**
 * Chooses until `chosen` holds, three times at most. The dropdown animates open: on a loaded machine a click can
 * land too early and be lost, leaving the list open over the fields below.
 */
async function chooseUntil(what: string, choose: () => Promise<void>, chosen: () => Promise<boolean>, ms: number) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await choose();
    if (await within(ms, chosen)) return;
  }
  throw new Error(`could not choose ${what}`);
}

async function pickOption(page: Page, dialog: Locator, label: string, option: string) {
  const { box, field } = selectField(page, dialog, label);
  const openLists = page.locator('.ant-select-dropdown:visible');
  await chooseUntil(
    `${option} in ${label}`,
    async () => {
      if ((await openLists.count()) === 0) await box.click();
      await openLists.locator('.ant-select-item-option', { hasText: option }).first().click({ timeout: 5000 });
    },
    // Chosen, and the list closed.
    async () => ((await field.textContent()) ?? '').includes(option) && (await openLists.count()) === 0,
    3000,
  );
}

async function pickTreeNode(page: Page, dialog: Locator, label: string, search: string) {
  const { box, field } = selectField(page, dialog, label);
  await chooseUntil(
    `${search} in ${label}`,
    async () => {
      if ((await page.locator('.ant-select-dropdown:visible .ant-select-tree').count()) === 0) await box.click();
      await box.fill(search);
      const node = page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: search }).first();
      await node.click({ timeout: 5000 });
    },
    async () => ((await field.textContent()) ?? '').includes(search) && (await box.inputValue()) === '',
    2000,
  );
}

async function saved(download: Download): Promise<string> {
  const path = await download.path();
  return readFileSync(path, 'utf8');
}

describe('question import and export', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser, demoServerURL());
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/question/list');
    await page.getByRole('button', { name: '导入题目' }).waitFor();
  });
  afterAll(async () => {
    await browser.close();
  });

  const dialog = () => page.locator('.ant-modal-wrap:visible .ant-modal').last();
  const footerButton = (name: string) => dialog().locator('.ant-modal-footer').getByRole('button', { name });

  async function importFile(file: string, opts: { defaultKp?: string } = {}) {
    await page.goto('/admin/question/list');
    await page.getByRole('button', { name: '导入题目' }).click();
    const d = await opened(dialog());
    await expect.poll(() => d.getByText('点击或拖拽文件到此处').isVisible()).toBe(true);
    await d.locator('input[type="file"]').setInputFiles(file);
    await pickOption(page, d, '目标题库', '演示题库');
    if (opts.defaultKp) await pickTreeNode(page, d, '默认知识点', opts.defaultKp);
    return d;
  }

  async function validateAndImport(
    d: Locator,
    shotName: string,
    opts: { badTitle: string; badLine: number; reason: string },
  ) {
    await footerButton('校验').click();
    const errors = d.locator('.import-errors');
    // The check is a job: wait until it has ended, with its report or a failure, then require the report.
    const outcome = async () =>
      (await errors.isVisible())
        ? 'report'
        : (await d.locator('.ant-alert-error').isVisible())
          ? `failed: ${await d.locator('.ant-alert-error').textContent()}`
          : 'running';
    await expect.poll(outcome, { timeout: JOB_END_MS }).not.toBe('running');
    expect(await outcome()).toBe('report');
    const badRow = errors.locator('tr', { hasText: opts.badTitle });
    expect(await badRow.textContent()).toContain(`第 ${opts.badLine} 行`);
    expect(await badRow.textContent()).toContain(opts.reason);
    expect(await d.locator('.import-unsupported').textContent()).toContain('匹配题不支持导入');
    await shot(page, `${shotName}-report`);
  }

  async function watchJob(d: Locator, shotName: string) {
    await footerButton('开始导入').click();
    await expect.poll(() => d.locator('.ant-progress').first().isVisible()).toBe(true);
    await expect.poll(() => d.getByText('导入完成').isVisible(), { timeout: JOB_END_MS }).toBe(true);
    expect(await d.locator('.import-result').textContent()).toContain('已导入 5 道题，跳过 1 道');
    await shot(page, `${shotName}-done`);
    await footerButton('关闭').click();
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
  }

  async function findInList(keyword: string, titles: string[]) {
    const search = page.getByPlaceholder('搜索题干或标题');
    await search.fill(keyword);
    await search.press('Enter');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(titles.length);
    const text = await page.locator('.ant-table-tbody').textContent();
    for (const t of titles) expect(text).toContain(t);
  }

  it('imports a Moodle XML file: mode all is blocked by the bad item, mode valid imports the rest', async () => {
    const badLine = startLine(MOODLE, 'E2E Moodle broken', /<question\b/);
    const d = await importFile(MOODLE, { defaultKp: '词汇' });
    // Format inferred from .xml.
    expect(await d.locator('.ant-radio-button-wrapper-checked').textContent()).toBe('Moodle XML');
    await opened(d);
    await shot(page, 'import-moodle-form');
    await validateAndImport(d, 'import-moodle', {
      badTitle: 'E2E Moodle broken',
      badLine,
      reason: '答案：单选题需要且只能有一个正确答案',
    });
    expect(await footerButton('开始导入').isDisabled()).toBe(true);
    expect(await d.textContent()).toContain('按“全部成功才导入”不能导入');
    await d.getByRole('button', { name: '改为只导入通过校验的题目' }).click();
    await expect.poll(() => footerButton('开始导入').isEnabled()).toBe(true);
    expect(await d.textContent()).toContain('将导入 5 道题，跳过 1 道未通过校验的题目。');
    await watchJob(d, 'import-moodle');
    await findInList('E2E Moodle', MOODLE_TITLES);
    await shot(page, 'import-moodle-list');
  });

  it('imports a GIFT file with mode valid chosen up front', async () => {
    const badLine = startLine(GIFT, 'E2E GIFT broken', /::E2E GIFT broken::/);
    const d = await importFile(GIFT);
    expect(await d.locator('.ant-radio-button-wrapper-checked').textContent()).toBe('GIFT');
    await d.getByText('只导入通过校验的题目').click();
    await validateAndImport(d, 'import-gift', {
      badTitle: 'E2E GIFT broken',
      badLine,
      // Without an = answer GIFT's choices read as a multiple choice (docs/import-export.md).
      reason: '答案：多选题至少需要一个正确答案',
    });
    await watchJob(d, 'import-gift');
    await findInList('E2E GIFT', GIFT_TITLES);
  });

  async function exportAs(format: string): Promise<{ text: string; name: string; notice: string }> {
    await page.goto('/admin/question/list');
    await page.locator('.ant-card-extra').getByRole('button', { name: '导出' }).click();
    // Clicked only once the dialog stands still: a click while it zooms in can land on the next format.
    const d = await opened(dialog());
    await expect.poll(() => d.getByText('导出题目').isVisible()).toBe(true);
    await d.getByText(format, { exact: true }).click();
    await expect.poll(() => d.locator('.ant-radio-button-wrapper-checked').textContent()).toBe(format);
    await pickOption(page, d, '题库', '演示题库');
    await shot(page, `export-${format === 'GIFT' ? 'gift' : 'moodle'}-dialog`);
    const [download] = await Promise.all([page.waitForEvent('download'), footerButton('导出').click()]);
    const notice = page.locator('.ant-message-notice', { hasText: '已导出' }).last();
    await expect.poll(() => notice.isVisible()).toBe(true);
    return {
      text: await saved(download),
      name: download.suggestedFilename(),
      notice: (await notice.textContent()) ?? '',
    };
  }

  it('exports the repository as Moodle XML and GIFT with the imported questions', async () => {
    const xml = await exportAs('Moodle XML');
    expect(xml.name).toMatch(/^questions-\d{4}-\d{2}-\d{2}\.xml$/);
    expect(xml.text).toContain('<quiz>');
    for (const t of [...MOODLE_TITLES, ...GIFT_TITLES]) expect(xml.text).toContain(t);
    // The demo repository also holds translation and reading questions, which Moodle XML cannot carry.
    expect(xml.notice).toMatch(/已导出 \d+ 道题，\d+ 道题的题型该格式不支持/);
    await shot(page, 'export-moodle-done');

    const gift = await exportAs('GIFT');
    expect(gift.name).toMatch(/^questions-\d{4}-\d{2}-\d{2}\.gift\.txt$/);
    for (const t of [...MOODLE_TITLES, ...GIFT_TITLES]) expect(gift.text).toContain(`::${t}::`);
    expect(gift.text).toContain('Which planet is known as the Red Planet?');
    expect(gift.notice).toMatch(/已导出 \d+ 道题/);
  });

  it("downloads the Excel template from the import dialog of the repository's page", async () => {
    await page.goto('/admin/question/repository');
    await page.getByRole('link', { name: '演示题库' }).first().click();
    await page.waitForURL(/\/admin\/question\/repository\/detail\/[^/]+\/all$/);
    await page.getByRole('button', { name: '导入题目' }).click();
    const d = dialog();
    // The repository of the page is the target.
    await expect
      .poll(() => d.locator('.ant-select-content, .ant-select-selection-item').first().textContent())
      .toContain('演示题库');
    await opened(d);
    await shot(page, 'import-repo-detail');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      d.getByRole('button', { name: /下载 Excel 模板/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('题目导入模板.xlsx');
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await footerButton('取消').click();
  });
});
