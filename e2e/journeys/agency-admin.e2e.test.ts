// A platform admin creates and edits an agency on admin/agency/list; a duplicate id is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';

describe('agency administration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('admin creates an agency, edits it, and cannot reuse its id', async () => {
    const page = await newPage(browser, demoServerURL());
    await loginAs(page, 'admin');
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/agency/list');
    await expect.poll(() => page.getByRole('cell', { name: '演示机构', exact: true }).isVisible()).toBe(true);

    const id = `e2e-${Date.now() % 100000}`;
    await page.getByRole('button', { name: '新建机构' }).click();
    const dialog = await opened(page.getByRole('dialog'));
    // Bad input first: the form explains in Chinese and nothing is sent.
    await dialog.getByLabel('机构标识').fill('Bad Id!');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect.poll(() => dialog.getByText('只能包含小写字母、数字和连字符（2–32 位）').isVisible()).toBe(true);
    await dialog.getByLabel('机构标识').fill(id);
    await dialog.getByLabel('名称').fill('端到端测试机构');
    await dialog.getByLabel('简介').fill('由浏览器测试创建。');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect.poll(() => page.getByRole('cell', { name: id, exact: true }).isVisible()).toBe(true);
    await shot(page, 'agency-created');

    const row = page.getByRole('row', { name: new RegExp(id) });
    await row.getByRole('button', { name: '编辑' }).click();
    await (await opened(page.getByRole('dialog'))).getByLabel('名称').fill('端到端测试机构（改）');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|保\s*存/ })
      .click();
    await expect
      .poll(() => page.getByRole('cell', { name: '端到端测试机构（改）', exact: true }).isVisible())
      .toBe(true);

    // The same id again: the server answers 409 and the dialog shows its message.
    await page.getByRole('button', { name: '新建机构' }).click();
    const again = await opened(page.getByRole('dialog'));
    await again.getByLabel('机构标识').fill(id);
    await again.getByLabel('名称').fill('重复');
    await again.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect
      .poll(() =>
        page
          .getByText(/已被使用/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await shot(page, 'agency-duplicate');
    await page.context().close();
  });
});
