// A platform admin adds, renames and deletes a knowledge point through the admin UI; with the system asking for
// reduced motion its dialogs open without animating (docs/decisions.md "Reduced motion").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser } from 'playwright-core';
import { animationsStarted, launch, newPage, shot } from '../support/browser.js';
import { entrances, opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';

describe('knowledge tree', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('admin adds, renames and deletes a point', async () => {
    const page = await newPage(browser, demoServerURL());
    await loginAs(page, 'admin');
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/knowledge/list/en');
    const tree = page.getByRole('tree');
    await expect.poll(() => tree.isVisible()).toBe(true);
    await shot(page, 'knowledge-tree');

    const name = `e2e 新知识点 ${Date.now() % 100000}`;
    const root = page.locator('.kp-node[data-code="en"]');
    await root.hover();
    await root.getByRole('button', { name: /^添加子知识点 / }).click();
    // The 确定 of a dialog still zooming in can land on its mask, which closes it silently (docs/testing.md "Dialogs").
    const nameInput = (await opened(page.getByRole('dialog'))).getByLabel('名称');
    // The page animates its dialogs (no reduced motion asked for), and the record of animations sees it.
    expect(entrances(await animationsStarted(page))).toContain('antZoomIn');
    await nameInput.fill(name);
    // The name is in the field when 确定 is pressed (a refusal of the form shows under the field, not as a toast).
    await expect.poll(() => nameInput.inputValue()).toBe(name);
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    // The toasts said so far: a refusal fails here with the server's words rather than as a missing node.
    await expect
      .poll(() => page.locator('.ant-message-notice').allTextContents(), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining('已添加'));
    const added = page.locator('.kp-node', { hasText: name });
    await expect.poll(() => added.count()).toBe(1);
    const code = await added.getAttribute('data-code');
    expect(code).toMatch(/^en\.g\d+$/);

    const renamed = `${name} 改`;
    await added.hover();
    await page.getByRole('button', { name: `重命名 ${name}` }).click();
    await (await opened(page.getByRole('dialog'))).getByLabel('名称').fill(renamed);
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.locator(`.kp-node[data-code="${code}"]`).textContent()).toContain(renamed);
    await shot(page, 'knowledge-renamed');

    await page.locator(`.kp-node[data-code="${code}"]`).hover();
    await page.getByRole('button', { name: `删除 ${renamed}` }).click();
    await (await opened(page.locator('.ant-modal-confirm'))).getByRole('button', { name: '删除' }).click();
    await expect.poll(() => page.locator(`.kp-node[data-code="${code}"]`).count()).toBe(0);

    // A point with children is refused with the server's reason and stays.
    await root.hover();
    await page
      .getByRole('button', { name: /^删除 / })
      .first()
      .click();
    await (await opened(page.locator('.ant-modal-confirm'))).getByRole('button', { name: '删除' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/该知识点下还有 \d+ 个子知识点/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await root.count()).toBe(1);
    await shot(page, 'knowledge-delete-refused');
    await page.context().close();
  });

  it('with the system asking for reduced motion, dialogs and confirmations open without animating', async () => {
    const page = await newPage(browser, demoServerURL(), { reducedMotion: 'reduce' });
    await loginAs(page, 'admin');
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/knowledge/list/en');
    const root = page.locator('.kp-node[data-code="en"]');
    await root.hover();
    await root.getByRole('button', { name: /^添加子知识点 / }).click();
    // `opened` fails on any entrance animation the page started (support/dialogs.ts).
    await (await opened(page.getByRole('dialog'))).getByRole('button', { name: '取消' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await root.hover();
    await page
      .getByRole('button', { name: /^删除 / })
      .first()
      .click();
    await (await opened(page.locator('.ant-modal-confirm'))).getByRole('button', { name: '取消' }).click();
    await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
    expect(entrances(await animationsStarted(page))).toEqual([]);
    await page.context().close();
  });
});
