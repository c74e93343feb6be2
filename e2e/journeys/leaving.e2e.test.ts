// Leaving an agency as its people do it (docs/users.md "Leaving and retention"): a student exports their own
// history and leaves the agency themselves; the agency admin finds them under 已离开的学生 with the date their records
// go, restores them, and the student is back; then the admin marks them as left from the student list. Each step
// asks first, and the confirmation states the retention. The student is made for this run, so the journey does not
// depend on the other journeys sharing the server.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';
import { api, apiLogin } from '../support/training-api.js';

const text = async (l: Locator) => (await l.textContent()) ?? '';

describe('leaving an agency', () => {
  const baseURL = demoServerURL();
  const tag = randomBytes(3).toString('hex');
  const name = `离开旅程${tag}`;
  const initial = `Quiet-Harbor-${tag}-61`;
  const password = `Calm-River-${tag}-62`;
  let browser: Browser;
  let username = '';

  beforeAll(async () => {
    const agency = await apiLogin(baseURL, 'agency');
    const created = await api<{ user: { username: string } }>(baseURL, 'PUT', '/v1/users/student', agency, {
      name,
      password: initial,
    });
    username = created.user.username;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Logs the student in; the first time, through the forced change of the initial password. */
  async function studentPage(first: boolean): Promise<Page> {
    const page = await newPage(browser, baseURL);
    await loginAs(page, username, first ? initial : password);
    if (first) {
      await page.waitForURL(/\/password$/);
      await page.getByLabel('原密码').fill(initial);
      await page.getByLabel('新密码', { exact: true }).fill(password);
      await page.getByLabel('确认新密码').fill(password);
      await page.getByRole('button', { name: '修改密码' }).click();
    }
    await page.waitForURL(/\/student(\/home)?\/?$/);
    return page;
  }

  /** The agency admin's student list, searched for the journey's student. */
  async function studentList(): Promise<Page> {
    const page = await newPage(browser, baseURL);
    await loginAs(page, 'agency');
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/user/student/list');
    await page.getByPlaceholder('搜索姓名或用户名').fill(name);
    await page.getByPlaceholder('搜索姓名或用户名').press('Enter');
    return page;
  }

  it('the student exports their history, then leaves after reading what happens', async () => {
    const page = await studentPage(true);
    await page.goto('/student/train/history');
    const card = page.locator('.ant-card').filter({ hasText: '我的练习记录与机构' });
    await expect.poll(() => card.getByRole('button', { name: '退出机构' }).isEnabled()).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: '导出我的练习记录' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 2).toString()).toBe('PK');

    await card.getByRole('button', { name: '退出机构' }).click();
    const ask = await opened(page.locator('.ant-modal-confirm'));
    await expect.poll(() => text(ask)).toMatch(/退出「.+」？/);
    expect(await text(ask)).toMatch(/保留你的练习记录 365 天/);
    await shot(page, 'leaving-student-confirm');
    // 取消 changes nothing: the card is still there.
    await ask.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    await card.getByRole('button', { name: '退出机构' }).click();
    await (await opened(page.locator('.ant-modal-confirm'))).getByRole('button', { name: '确认退出' }).click();
    await expect.poll(() => page.getByText('已退出机构').count()).toBeGreaterThan(0);
    await expect.poll(() => new URL(page.url()).pathname.startsWith('/student')).toBe(false);
    await expect.poll(() => page.locator('.ant-modal-confirm, .ant-spin-spinning').count()).toBe(0);
    // Their only role was the agency's student: the landing page says there is nowhere to go.
    await expect.poll(() => page.getByText('这个账号没有可进入的区域').count()).toBe(1);
    await shot(page, 'leaving-student-left');

    // The agency's student area is closed to them now: the API refuses the agency in context.
    const token = await apiLogin(baseURL, 'agency');
    const list = await api<{ list: { username: string }[] }>(
      baseURL,
      'GET',
      `/v1/users/students?keyword=${encodeURIComponent(name)}&start=0&size=10`,
      token,
    );
    expect(list.list.map((s) => s.username)).not.toContain(username);
  });

  it('the agency admin finds them under 已离开的学生 and restores them', async () => {
    const page = await studentList();
    await page.getByRole('button', { name: '已离开的学生' }).click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '已离开的学生（记录保留期内）' }));
    await dialog.getByPlaceholder('搜索姓名或用户名').fill(name);
    await dialog.getByPlaceholder('搜索姓名或用户名').press('Enter');
    const row = dialog.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    // Left today; the records go 365 days later.
    const dates = (await text(row)).match(/\d{4}-\d{2}-\d{2}/g) ?? [];
    expect(dates).toHaveLength(2);
    const [left, purge] = dates.map((d) => Date.parse(d));
    expect(Math.round((purge - left) / 86_400_000)).toBe(365);
    await shot(page, 'leaving-admin-left-list');

    await row.getByRole('button', { name: '恢复' }).click();
    const ask = await opened(page.locator('.ant-modal-confirm'));
    await expect.poll(() => text(ask)).toContain(`恢复「${name}」为本机构学生？`);
    await ask.getByRole('button', { name: '恢复' }).click();
    await expect.poll(() => page.getByText('已恢复为本机构学生').count()).toBeGreaterThan(0);
    await expect.poll(() => row.count()).toBe(0);
    await dialog.getByRole('button', { name: '关闭', exact: true }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: username }).count()).toBe(1);

    // Back in the agency: the student signs in to their area again.
    const student = await studentPage(false);
    await student.goto('/student/train/history');
    await expect.poll(() => student.locator('.ant-card').filter({ hasText: '我的练习记录与机构' }).count()).toBe(1);
  });

  it('the agency admin marks them as left from the student list', async () => {
    const page = await studentList();
    const row = page.getByRole('row').filter({ hasText: username });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByRole('button', { name: '离开' }).isEnabled()).toBe(true);
    await row.getByRole('button', { name: '离开' }).click();
    const ask = await opened(page.locator('.ant-modal-confirm'));
    await expect.poll(() => text(ask)).toContain(`将「${name}」标记为已离开？`);
    expect(await text(ask)).toMatch(/保留其练习记录 365 天/);
    await shot(page, 'leaving-admin-confirm');
    await ask.getByRole('button', { name: '确认离开' }).click();
    await expect.poll(() => page.getByText('已标记为离开').count()).toBeGreaterThan(0);
    await expect.poll(() => row.count()).toBe(0);

    await page.getByRole('button', { name: '已离开的学生' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '已离开的学生（记录保留期内）' });
    await expect.poll(() => dialog.getByRole('row').filter({ hasText: username }).count()).toBe(1);
  });
});
