// Each demo account logs in through the login page and lands in its area (DOMAIN.md "Demo data").
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';

const LANDING: [username: string, path: RegExp, visibleText: string][] = [
  ['admin', /\/admin\/?$/, '机构'],
  ['agency', /\/admin\/?$/, '题库'],
  ['teacher', /\/admin\/?$/, '训练'],
  ['student', /\/student\/home$/, '学生'],
  ['parent', /\/parent\/?$/, '家长'],
  ['tutor', /\/WTPteacher\/?$/, '作业'],
  ['other', /\/admin\/?$/, '题库'],
];

describe('login lands each demo account in its area', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(LANDING)('%s', async (username, path, text) => {
    const page = await newPage(browser, inject('baseURL'));
    await loginAs(page, username);
    await page.waitForURL(path);
    await expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userinfo') ?? 'null') as { user: { username: string } } | null);
    expect(stored?.user.username).toBe(username);
    await shot(page, `login-${username}`);
    await page.context().close();
  });

  it('refuses a wrong password with a message that does not say which part was wrong', async () => {
    const page = await newPage(browser, inject('baseURL'));
    await loginAs(page, 'admin', 'not-the-password');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/用户名或密码/);
    expect(new URL(page.url()).pathname).toBe('/');
    await shot(page, 'login-wrong-password');
    await page.context().close();
  });
});
