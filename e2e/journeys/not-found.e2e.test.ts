// docs/product.md §2 not-found behaviour: 页面不存在 (404, 返回 goes back) logged in; 尚未登录 (403, 前往登录 goes to /) for visitors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';

describe('not-found pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a visitor on an unknown or protected path sees 尚未登录 and 前往登录 goes to /', async () => {
    const page = await newPage(browser, demoServerURL());
    await page.goto('/admin/agency/list');
    await expect.poll(() => page.getByText('尚未登录').isVisible()).toBe(true);
    await shot(page, 'not-found-visitor');
    await page.getByRole('button', { name: '前往登录' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByLabel('用户名').isVisible()).toBe(true);
    await page.context().close();
  });

  it('a logged-in user on an unknown path sees 页面不存在 and 返回 goes back', async () => {
    const page = await newPage(browser, demoServerURL());
    await loginAs(page, 'student');
    await page.waitForURL(/\/student\/home$/);
    await page.goto('/student/home');
    await page.evaluate(() => {
      history.pushState({}, '', '/no/such/page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.getByText('页面不存在').isVisible()).toBe(true);
    await shot(page, 'not-found-logged-in');
    await page.getByRole('button', { name: /返\s*回/ }).click();
    await page.waitForURL(/\/student\/home$/);
    await page.context().close();
  });

  it('a student opening an admin page sees 页面不存在 (the route is not registered for them)', async () => {
    const page = await newPage(browser, demoServerURL());
    await loginAs(page, 'student');
    await page.waitForURL(/\/student\/home$/);
    await page.goto('/admin/agency/list');
    await expect.poll(() => page.getByText('页面不存在').isVisible()).toBe(true);
    await page.context().close();
  });
});
