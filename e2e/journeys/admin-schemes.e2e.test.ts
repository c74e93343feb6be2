// The demo agency admin builds practice schemes: an adaptive scheme with two phases in the editor (watching each
// point's live preview of the questions it would draw), is stopped by the engine's Chinese message when a target
// names a point that no longer exists (nothing is sent), then a paper picked from the bank; switches both on in
// the list, and looks at the train repositories.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { opened, openedDropdown } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';

const SCHEME = '有理数与三角形 · 分层练习';
const PAPER = '初一数学 · 小测';

const phase = (page: Page, i: number) => page.locator('.scheme-phase').nth(i);
const point = (page: Page, i: number, j: number) => phase(page, i).locator('.scheme-point').nth(j);

/** Picks `label` in the antd Select named `name` inside `root` (multi-selects stay open: Escape closes them). */
async function choose(page: Page, root: Locator, name: string, label: string): Promise<void> {
  await root.getByRole('combobox', { name, exact: true }).click();
  await (await openedDropdown(page)).locator('.ant-select-item-option').getByText(label, { exact: true }).click();
  await closeDropdowns(page);
}

async function closeDropdowns(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
}

/** Types a knowledge point's name into the tree picker named `name` inside `root` and picks it. */
async function pickKp(page: Page, root: Locator, name: string, kp: string): Promise<void> {
  const box = root.getByRole('combobox', { name, exact: true });
  await box.click();
  await box.fill(kp);
  await (await openedDropdown(page)).locator('.ant-select-tree-title').getByText(kp, { exact: true }).click();
  await closeDropdowns(page);
}

/** The preview count of a point: 匹配到 N 道题. */
async function previewCount(root: Locator): Promise<number> {
  const text = (await root.locator('.point-preview-count').textContent({ timeout: 10_000 })) ?? '';
  const m = /匹配到 (\d+) 道题/.exec(text);
  return m ? Number(m[1]) : -1;
}

describe('admin schemes', () => {
  let browser: Browser;
  let page: Page;
  const schemeWrites: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser, demoServerURL());
    page.on('request', (r) => {
      if (r.method() !== 'GET' && /\/v1\/train\/scheme(\/\d+)?$/.test(new URL(r.url()).pathname))
        schemeWrites.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin\/?$/);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('builds an adaptive scheme with two phases, seeing what each point would draw', async () => {
    await page.goto('/admin/train/create/general');
    await expect.poll(() => page.getByText('方案结构检查通过').isVisible()).toBe(true);
    await page.getByLabel('方案名称', { exact: true }).fill(SCHEME);
    await page.getByLabel('时间限制（分钟）', { exact: true }).fill('30');

    // Phase 1: true/false questions on 有理数, then a remedial point for those who miss.
    await phase(page, 0).getByLabel('阶段名称', { exact: true }).fill('基础');
    await pickKp(page, phase(page, 0), '阶段知识点', '有理数');
    await point(page, 0, 0).getByLabel('训练点名称', { exact: true }).fill('判断');
    const all = await previewCount(point(page, 0, 0));
    await choose(page, point(page, 0, 0), '题型', '判断题');
    await expect.poll(() => previewCount(point(page, 0, 0))).toBeGreaterThan(0);
    const trueFalse = await previewCount(point(page, 0, 0));
    expect(trueFalse).toBeLessThanOrEqual(all);
    await point(page, 0, 0).getByLabel('每次抽题数', { exact: true }).fill('2');
    await point(page, 0, 0).getByLabel('需答对题数', { exact: true }).fill('2');

    await phase(page, 0).getByRole('button', { name: '添加训练点 阶段 1' }).click();
    await point(page, 0, 1).getByLabel('训练点名称', { exact: true }).fill('补救');
    await point(page, 0, 1).getByLabel('每次抽题数', { exact: true }).fill('3');
    await point(page, 0, 1).getByLabel('需答对题数', { exact: true }).fill('1');
    await point(page, 0, 1).getByText('答对为止').click();
    await choose(page, point(page, 0, 0), '未达标时', '训练点「补救」');
    await choose(page, point(page, 0, 1), '达标后', '训练点「判断」');
    await expect.poll(() => previewCount(point(page, 0, 1))).toBeGreaterThan(0);

    // Phase 2: anything on 三角形.
    await page.getByRole('button', { name: '添加阶段' }).click();
    await phase(page, 1).getByLabel('阶段名称', { exact: true }).fill('提高');
    await pickKp(page, phase(page, 1), '阶段知识点', '三角形');
    await point(page, 1, 0).getByLabel('训练点名称', { exact: true }).fill('综合');
    await point(page, 1, 0).getByLabel('每次抽题数', { exact: true }).fill('3');
    await point(page, 1, 0).getByLabel('需答对题数', { exact: true }).fill('2');
    await choose(page, point(page, 1, 0), '达标后', '结束训练');
    await expect.poll(() => previewCount(point(page, 1, 0))).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('方案结构检查通过').isVisible()).toBe(true);
    await shot(page, 'schemes-editor');

    // A target naming a point that is gone: the engine's message, and 保存 sends nothing.
    await phase(page, 0).getByRole('button', { name: '添加训练点 阶段 1' }).click();
    await point(page, 0, 2).getByLabel('训练点名称', { exact: true }).fill('临时');
    await choose(page, point(page, 0, 1), '未达标时', '训练点「临时」');
    await point(page, 0, 2).getByRole('button', { name: '删除训练点 训练点 3' }).click();
    await expect.poll(() => point(page, 0, 1).getByText('训练点「临时」不存在').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('方案有 1 处问题').isVisible()).toBe(true);
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText('方案有问题，请先修改标出的内容').isVisible()).toBe(true);
    await shot(page, 'schemes-editor-invalid');
    expect(schemeWrites).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/admin/train/create/general');

    await choose(page, point(page, 0, 1), '未达标时', '结束训练');
    await expect.poll(() => page.getByText('方案结构检查通过').isVisible()).toBe(true);
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/admin\/train\/list$/);
    expect(schemeWrites).toEqual(['PUT /v1/train/scheme']);
    await expect.poll(() => page.getByRole('link', { name: SCHEME }).isVisible()).toBe(true);
  });

  it('builds a paper from the question bank', async () => {
    await page.locator('.ant-card-extra').getByRole('button', { name: /新建/ }).click();
    // The menu slides in: click once it stands still (docs/testing.md "Dialogs").
    await opened(page.locator('.ant-dropdown:visible:not([class*="-leave"])'));
    await shot(page, 'schemes-create-menu');
    await page.getByRole('menuitem', { name: '试卷' }).click();
    await page.waitForURL(/\/admin\/train\/create\/paper\/new\/0$/);
    await page.getByLabel('试卷名称', { exact: true }).fill(PAPER);
    await page.getByLabel('时间限制（分钟）', { exact: true }).fill('20');
    const picker = page.locator('.question-picker');
    await pickKp(page, picker, '知识点', '数学');
    await expect.poll(() => picker.getByRole('button', { name: /^加入 / }).count()).toBeGreaterThan(2);
    for (let k = 0; k < 3; k++)
      await picker
        .getByRole('button', { name: /^加入 / })
        .first()
        .click();
    await expect.poll(() => page.locator('.paper-item').count()).toBe(3);
    const before = await page.locator('.paper-item').allTextContents();
    await page.getByRole('button', { name: '上移 3' }).click();
    const after = await page.locator('.paper-item').allTextContents();
    expect(after[1].slice(2)).toBe(before[2].slice(2));
    await shot(page, 'schemes-paper');
    await page.getByRole('button', { name: '保存试卷' }).click();
    await page.waitForURL(/\/admin\/train\/list$/);
    await expect.poll(() => page.getByRole('link', { name: PAPER }).isVisible()).toBe(true);
  });

  it('switches both on after confirming', async () => {
    for (const title of [SCHEME, PAPER]) {
      const toggle = page.getByRole('switch', { name: `开启 ${title}` });
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      const dialog = await opened(page.locator('.ant-modal-confirm').filter({ hasText: `开启「${title}」？` }));
      await dialog.getByRole('button', { name: '开启' }).click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
    }
    await shot(page, 'schemes-list');
    // The paper opens in the paper builder with its questions.
    await page.getByRole('link', { name: PAPER }).click();
    await page.waitForURL(/\/admin\/train\/create\/paper\/edit\/\d+$/);
    await expect.poll(() => page.locator('.paper-item').count()).toBe(3);
    await shot(page, 'schemes-paper-edit');
    // The scheme opens in the editor as saved.
    await page.goto('/admin/train/list');
    await page.getByRole('link', { name: SCHEME }).click();
    await page.waitForURL(/\/admin\/train\/edit\/\d+\/general$/);
    await expect.poll(() => page.locator('.scheme-phase').count()).toBe(2);
    await expect.poll(() => phase(page, 1).getByLabel('阶段名称', { exact: true }).inputValue()).toBe('提高');
  });

  it('train repositories: own, the shared store, and a repository with its schemes', async () => {
    await page.goto('/admin/train/repository');
    await expect.poll(() => page.getByRole('link', { name: '演示方案库' }).isVisible()).toBe(true);
    await shot(page, 'schemes-repositories');
    await page.getByRole('tab', { name: '方案库商店' }).click();
    await expect.poll(() => page.getByText('其他机构共享方案库').isVisible()).toBe(true);
    await shot(page, 'schemes-repository-store');
    await page.getByRole('tab', { name: '本机构方案库' }).click();
    await page.getByRole('link', { name: '演示方案库' }).click();
    await page.waitForURL(/\/admin\/train\/repository\/detail\/\d+\/all$/);
    await expect.poll(() => page.getByRole('link', { name: SCHEME }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: PAPER }).isVisible()).toBe(true);
    await shot(page, 'schemes-repository-detail');
  });
});
