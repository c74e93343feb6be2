// A platform admin adds, renames and deletes a knowledge point through the admin UI.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
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
    const page = await newPage(browser, inject('baseURL'));
    await loginAs(page, 'admin');
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/knowledge/list/en');
    const tree = page.getByRole('tree');
    await expect.poll(() => tree.isVisible()).toBe(true);
    await shot(page, 'knowledge-tree');

    const name = `e2e 新知识点 ${Date.now() % 100000}`;
    await page.getByRole('button', { name: /新增学科下级|添加下级|新增/ }).first().click();
    await page.getByRole('dialog').getByRole('textbox').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect.poll(() => tree.getByText(name).isVisible()).toBe(true);

    const renamed = `${name} 改`;
    await tree.getByText(name).hover();
    await page.getByRole('button', { name: `重命名 ${name}` }).click();
    await page.getByRole('dialog').getByRole('textbox').fill(renamed);
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect.poll(() => tree.getByText(renamed).isVisible()).toBe(true);
    await shot(page, 'knowledge-renamed');

    await tree.getByText(renamed).hover();
    await page.getByRole('button', { name: `删除 ${renamed}` }).click();
    await page.getByRole('button', { name: /确\s*定|删\s*除/ }).last().click();
    await expect.poll(() => tree.getByText(renamed).count()).toBe(0);
    await page.context().close();
  });
});
