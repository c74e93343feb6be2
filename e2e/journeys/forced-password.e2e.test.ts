// A platform admin created with a printed one-time password must change it before anything else.
// Runs its own server on an empty database (SEED=none), as a fresh production install would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';
import { startServer, type RunningServer } from '../support/server-process.js';

describe('forced password change', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SEED: 'none', ADMIN_USERNAME: 'boss', LOG_LEVEL: 'info' });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the one-time password leads to /password, blocks other pages, and the new password works', async () => {
    const oneTime = /one-time password: (\S+)/.exec(server.output())?.[1];
    expect(oneTime, 'the server prints the one-time password').toBeTruthy();
    const page = await newPage(browser, server.baseURL);
    await loginAs(page, 'boss', oneTime);
    await page.waitForURL(/\/password$/);
    await expect.poll(() => page.getByText('首次登录或密码已重置').isVisible()).toBe(true);
    await shot(page, 'forced-password');

    // Any other page sends the user back until the password is changed.
    await page.goto('/admin/agency/list');
    await page.waitForURL(/\/password$/);

    // Too short is refused in the form with a Chinese message.
    await page.getByLabel('原密码').fill(oneTime!);
    await page.getByLabel('新密码', { exact: true }).fill('short');
    await page.getByLabel('确认新密码').fill('short');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect.poll(() => page.getByText('新密码至少 8 个字符').isVisible()).toBe(true);

    const fresh = 'Boss-new-pass-2026';
    await page.getByLabel('新密码', { exact: true }).fill(fresh);
    await page.getByLabel('确认新密码').fill(fresh);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/agency/list');
    await expect.poll(() => page.getByText('机构管理').first().isVisible()).toBe(true);
    await shot(page, 'forced-password-done');

    // The old password no longer works; the new one does.
    const check = await newPage(browser, server.baseURL);
    await loginAs(check, 'boss', oneTime);
    await expect.poll(() => check.getByRole('alert').first().textContent()).toMatch(/用户名或密码/);
    await loginAs(check, 'boss', fresh);
    await check.waitForURL(/\/admin\/?$/);
    await check.context().close();
    await page.context().close();
  });
});
