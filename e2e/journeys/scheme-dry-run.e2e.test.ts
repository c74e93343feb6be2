// The demo agency admin opens the demo's adaptive scheme in the editor, clicks 模拟, runs 1,000 synthetic students of
// the mixed spread and, once the job has ended, sees its figures: questions used, the phases reached, where students
// get stuck and the same questions as a paper (docs/simulation.md "Dry run of a scheme").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { JOB_END_MS, opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';

/** The demo's adaptive scheme (apps/server/src/seed/seed-schemes.ts DEMO_ADAPTIVE_TITLE). */
const SCHEME = '七年级英语语法闯关';

describe('scheme dry run', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser, demoServerURL());
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin\/?$/);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('runs 1,000 students of the mix through the scheme and shows the charts and tables', async () => {
    await page.goto('/admin/train/list');
    await page.getByRole('link', { name: SCHEME }).click();
    await page.waitForURL(/\/admin\/train\/edit\/\d+\/general$/);
    await page.getByRole('button', { name: '模拟', exact: false }).first().click();
    const drawer: Locator = await opened(page.locator('.ant-drawer-content-wrapper'));
    const panel = drawer.locator('.scheme-simulation');
    await expect.poll(() => panel.getByText(/尚未模拟/).isVisible()).toBe(true);

    // The cohort: 1,000 students of the mixed spread (the panel's defaults, set as a teacher would).
    const count = panel.getByRole('spinbutton', { name: '模拟人数' });
    await count.fill('1000');
    await expect.poll(() => count.inputValue()).toBe('1000');
    const spread = panel.locator('.ant-select', { has: page.getByRole('combobox', { name: '能力分布' }) });
    await expect.poll(() => spread.textContent()).toContain('混合');
    await shot(page, 'scheme-dry-run-form');
    await panel.getByRole('button', { name: '开始模拟' }).click();

    // The run is a job: wait for its end state (the result or a failure), not for a time.
    const outcome = async () =>
      (await panel.locator('.simulation-result').isVisible())
        ? 'done'
        : (await panel.locator('.ant-alert-error').isVisible())
          ? `failed: ${await panel.locator('.ant-alert-error').textContent()}`
          : 'running';
    await expect.poll(outcome, { timeout: JOB_END_MS }).not.toBe('running');
    expect(await outcome()).toBe('done');

    const result = panel.locator('.simulation-result');
    expect(await result.textContent()).toMatch(/方案可抽到的题目：\d+ 道/);
    for (const title of [
      '用题数（中位数）',
      '用题数分布',
      '各阶段达标人数',
      '卡住的地方',
      '与固定试卷对比（同样的题目）',
    ])
      await expect.poll(() => result.getByText(title, { exact: true }).first().isVisible()).toBe(true);
    // The histogram, the phases and the predicted mastery per point are charts; stuck points add one and a table.
    await expect.poll(() => result.locator('.edu-chart').count()).toBeGreaterThanOrEqual(3);
    const stuck = result.locator('.ant-card', { hasText: '卡住的地方' });
    await expect
      .poll(
        async () => (await stuck.locator('.ant-table').isVisible()) || (await stuck.locator('.ant-alert').isVisible()),
      )
      .toBe(true);
    // The paper of the same questions: its column names its question count.
    await expect.poll(() => result.getByText(/固定试卷（\d+ 题）/).isVisible()).toBe(true);
    await expect.poll(() => panel.getByRole('button', { name: '重新模拟' }).isVisible()).toBe(true);
    await shot(page, 'scheme-dry-run-result');
  });
});
