// Each demo account logs in through the login page and lands in its area (docs/domain.md "Demo data").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';

const LANDING: [username: string, path: RegExp, welcome: string][] = [
  ['admin', /\/admin\/?$/, '欢迎，平台管理员'],
  ['agency', /\/admin\/?$/, '欢迎，演示机构管理员'],
  ['teacher', /\/admin\/?$/, '欢迎，张老师'],
  ['student', /\/student\/home$/, '你好，李小明'],
  ['parent', /\/parent\/?$/, '您好，李小明家长'],
  ['tutor', /\/WTPteacher\/?$/, '您好，王老师（作业批改）'],
  ['other', /\/admin\/?$/, '欢迎，其他机构管理员'],
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
    const page = await newPage(browser, demoServerURL());
    await loginAs(page, username);
    await page.waitForURL(path);
    await expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('userinfo') ?? 'null') as { user: { username: string } } | null,
    );
    expect(stored?.user.username).toBe(username);
    await shot(page, `login-${username}`);
    await page.context().close();
  });

  it.each([
    // The platform admin is offered no agency staff's page (docs/routes.md "The admin menu offers what works").
    ['admin', ['知识点', '机构'], ['题库', '训练', '班级', '任务', '教学助手']],
    ['agency', ['题库', '训练', '用户管理'], ['知识点', '机构']],
    ['teacher', ['训练'], ['题库', '机构', '知识点']],
  ])('the admin side menu of %s shows only the sections its roles allow', async (username, shown, hidden) => {
    const page = await newPage(browser, demoServerURL());
    await loginAs(page, username);
    await page.waitForURL(/\/admin\/?$/);
    const menu = page.getByRole('menu').first();
    await expect.poll(() => menu.isVisible()).toBe(true);
    for (const label of shown) expect(await menu.getByText(label, { exact: true }).count(), label).toBeGreaterThan(0);
    for (const label of hidden) expect(await menu.getByText(label, { exact: true }).count(), label).toBe(0);
    await page.context().close();
  });

  it('refuses a wrong password with a message that does not say which part was wrong', async () => {
    const page = await newPage(browser, demoServerURL());
    await loginAs(page, 'admin', 'not-the-password');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/用户名或密码/);
    expect(new URL(page.url()).pathname).toBe('/');
    await shot(page, 'login-wrong-password');
    await page.context().close();
  });
});
