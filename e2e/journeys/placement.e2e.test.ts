// The placement test as the demo student takes it (docs/lessons.md "Placement test", "Demo data"): at
// /student/eventutor 李小明 (`student`) finds demo's 初一英语分级测试 with its levels, starts it (开始测试), answers
// every question of the paper, hands it in (交卷, confirmed) and, back on the page, reads the level the score
// recommends — the same result the API gives (its percentage, band and recommended tutoring class) — and 再测一次 in
// place of 开始测试. Screenshots at 1280 and 375 px: e2e/screenshots/placement-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import type { PlacementResult } from '@edu/contract';
import { launch, shot } from '../support/browser.js';
import { opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';
import { api, apiLogin } from '../support/training-api.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const TITLE = '初一英语分级测试';

/** The grade's card among the tests (inside the page's 分级测试 card). */
const testCard = (page: Page) => page.locator('.ant-col .ant-card').filter({ hasText: TITLE });

describe('the placement test of the demo', () => {
  const baseURL = demoServerURL();
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: DESKTOP });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows the demo student the test of 初一 with its levels', async () => {
    await loginAs(page, 'student');
    await page.waitForURL(/\/student/);
    await page.goto('/student/eventutor');
    const card = testCard(page);
    await expect.poll(() => card.isVisible(), { timeout: 30_000 }).toBe(true);
    const text = await card.innerText();
    expect(text).toContain('初一');
    expect(text).toContain('层级：基础 / 提高 / 拔高');
    expect(text).toContain('共 5 题');
    await shot(page, 'placement-tests');
  });

  it('takes the test: every question answered, handed in after confirming', async () => {
    await testCard(page).getByRole('button', { name: '开始测试' }).click();
    await page.waitForURL(/\/student\/train\/[^/]+\/do$/, { timeout: 30_000 });
    const q = (i: number) => page.locator('.paper-question').nth(i);
    await expect.poll(() => page.locator('.paper-question').count(), { timeout: 30_000 }).toBe(5);
    for (let i = 0; i < 5; i++) {
      await q(i).getByRole('radio').first().check();
      await expect.poll(() => q(i).getByText('已保存').isVisible()).toBe(true);
    }
    await page.getByRole('button', { name: '交卷' }).first().click();
    const dialog = await opened(page.locator('.ant-modal-confirm'));
    await dialog.getByRole('button', { name: '交卷' }).click();
    await expect.poll(() => page.getByText('训练已完成').first().isVisible(), { timeout: 30_000 }).toBe(true);
  });

  it('shows the recommended level on the page, as the API has it', async () => {
    const token = await apiLogin(baseURL, 'student');
    const [result] = await api<PlacementResult[]>(baseURL, 'GET', '/v1/student/placement/results', token);
    expect(result).toMatchObject({ gradeName: '初一', title: TITLE, status: 'finished' });
    expect(['基础', '提高', '拔高']).toContain(result.band);

    await page.goto('/student/eventutor');
    const row = page.locator('.ant-card').filter({ hasText: '分级测试结果' });
    await expect.poll(() => row.getByText(`初一 · ${TITLE}`).isVisible(), { timeout: 30_000 }).toBe(true);
    const shown = await row.innerText();
    expect(shown).toContain(result.band!);
    expect(shown).toContain(`${result.percent}%`);
    expect(shown).toContain(
      result.recommendedClass ? `推荐辅导班：${result.recommendedClass.name}` : '该层级暂无推荐辅导班',
    );
    // The test's card names the latest level and offers another go.
    const card = testCard(page).filter({ hasText: '最近结果' });
    expect(await card.innerText()).toContain(result.band!);
    expect(await card.getByRole('button', { name: '再测一次' }).isVisible()).toBe(true);
    await shot(page, 'placement-result');

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect.poll(() => row.getByText(`初一 · ${TITLE}`).isVisible(), { timeout: 30_000 }).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'placement-result-phone');
  });
});
