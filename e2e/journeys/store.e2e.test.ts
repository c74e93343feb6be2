// The store (docs/store.md): agency `other` shares a repository of its own (made here over HTTP, so no other
// journey's data changes); the demo agency admin finds it in 商店 by keyword and subject, previews it without
// answers, subscribes, and puts one of its questions into a paper; the platform admin withdraws it with a
// reason, and `other` sees the reason on its repository list.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot, DEMO_PASSWORD } from '../support/browser.js';
import { opened, openedDropdown } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';

const TAG = randomBytes(3).toString('hex');
const REPO = `商店题库 ${TAG}`;
const STEM = `Store question ${TAG}: the moon is ____ than the earth.`;
const PAPER = `商店引用小测 ${TAG}`;
const REASON = '题目解析不完整，请补充后再申请上架';

/** An API call as `token` in `agency`, the body sent as `{ request }`. */
async function api<T>(method: string, path: string, token: string, agency: string | null, body?: unknown): Promise<T> {
  const r = await fetch(`${demoServerURL()}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(agency ? { 'X-Agency-Id': agency } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify({ request: body }),
  });
  const env = (await r.json()) as { errno: number; errmsg: string; response: T };
  if (env.errno !== 0) throw new Error(`${method} ${path}: ${env.errno} ${env.errmsg}`);
  return env.response;
}

const login = async (username: string) =>
  (
    await api<{ access_token: string }>('POST', '/v1/auth/login', '', null, {
      username,
      password: DEMO_PASSWORD,
    })
  ).access_token;

/** Logs a user in, in a fresh context of its own (one browser, several people). */
async function pageOf(browser: Browser, username: string, home: RegExp): Promise<Page> {
  const page = await newPage(browser, demoServerURL());
  await loginAs(page, username);
  await page.waitForURL(home);
  return page;
}

const row = (page: Page, text: string) => page.locator('tr').filter({ hasText: text });

describe('the store', () => {
  let browser: Browser;
  let repoId: string;
  let agencyToken: string;

  beforeAll(async () => {
    browser = await launch();
    const other = await login('other');
    agencyToken = await login('agency');
    const repo = await api<{ id: string }>('PUT', '/v1/exam/repository', other, 'other', {
      name: REPO,
      description: '商店旅程共享的题目',
      shared: true,
      subjectId: 'en',
      gradeId: 'g8',
    });
    repoId = repo.id;
    for (const [question, answer] of [
      [STEM, ['smaller']],
      [`Store question ${TAG}: the sun is ____ than the moon.`, ['bigger']],
    ] as const)
      await api('PUT', '/v1/exam/question', other, 'other', {
        agencyId: 'other',
        repoId,
        type: 'fillBlank',
        judgeType: 'auto',
        question: `<p>${question}</p>`,
        explanation: '<p>比较级。</p>',
        knowledgeId: 'en.g8',
        answer,
      });
  });
  afterAll(async () => {
    // demo stops using it, so no other journey's bank grows (the paper keeps a question it no longer reads).
    await api('POST', `/v1/exam/repository/${repoId}/unsubscribe`, agencyToken, 'demo').catch(() => undefined);
    await browser.close();
  });

  it('the agency admin finds, previews and subscribes to a shared repository', async () => {
    const page = await pageOf(browser, 'agency', /\/admin\/?$/);
    await page.goto('/admin/store');
    await expect.poll(() => page.getByText('其他机构共享题库').isVisible()).toBe(true);
    await page.getByPlaceholder('搜索名称、说明或机构').fill(TAG);
    await page.getByPlaceholder('搜索名称、说明或机构').press('Enter');
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(1);
    await expect.poll(() => row(page, REPO).getByText('英语 / 初二').isVisible()).toBe(true);
    await shot(page, 'store');

    await row(page, REPO).getByRole('button', { name: '预览' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `预览：${REPO}` });
    await expect.poll(() => drawer.getByText(/the moon is/).isVisible()).toBe(true);
    await expect
      .poll(() => drawer.getByText('引用前只显示题干与选项，引用后可以看到答案与解析。').isVisible())
      .toBe(true);
    expect(await drawer.getByText('smaller').count()).toBe(0);
    await shot(page, 'store-preview');
    await drawer.locator('.ant-drawer-close').click();
    await expect.poll(() => page.locator('.ant-drawer-mask:visible, .ant-drawer-section:visible').count()).toBe(0);

    await row(page, REPO).getByRole('button', { name: '引用' }).click();
    await expect.poll(() => row(page, REPO).getByText('已引用').isVisible()).toBe(true);

    // At 375 px the list scrolls sideways inside its card and the actions stay reachable.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => row(page, REPO).getByText('取消引用').count()).toBe(1);
    await shot(page, 'store-375');
    await page.setViewportSize({ width: 1366, height: 860 });

    // Using it in a paper: the subscribed repository is one of the picker's repositories.
    await page.goto('/admin/train/create/paper/new/0');
    await page.getByLabel('试卷名称', { exact: true }).fill(PAPER);
    const picker = page.locator('.question-picker');
    await picker.getByRole('combobox', { name: '题库', exact: true }).click();
    await (await openedDropdown(page)).locator('.ant-select-item-option').getByText(REPO, { exact: true }).click();
    await expect.poll(() => picker.getByRole('button', { name: /^加入 / }).count()).toBe(2);
    await picker
      .getByRole('button', { name: /^加入 / })
      .first()
      .click();
    await expect.poll(() => page.locator('.paper-item').count()).toBe(1);
    await shot(page, 'store-paper');
    await page.getByRole('button', { name: '保存试卷' }).click();
    await page.waitForURL(/\/admin\/train\/list$/);
    await expect.poll(() => page.getByRole('link', { name: PAPER }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('the platform admin withdraws it with a reason, and its owner sees why', async () => {
    const admin = await pageOf(browser, 'admin', /\/admin\/?$/);
    await admin.goto('/admin/store');
    await admin.getByPlaceholder('搜索名称、说明或机构').fill(TAG);
    await admin.getByPlaceholder('搜索名称、说明或机构').press('Enter');
    await expect.poll(() => admin.locator('tbody tr.ant-table-row').count()).toBe(1);
    await row(admin, REPO).getByRole('button', { name: '下架' }).click();
    const dialog = await opened(admin.locator('.ant-modal').filter({ hasText: `下架「${REPO}」` }));
    await dialog.getByLabel('下架原因').fill(REASON);
    await shot(admin, 'store-withdraw');
    await dialog.getByRole('button', { name: '下架' }).click();
    await expect.poll(() => row(admin, REPO).getByText('已下架').isVisible()).toBe(true);
    await expect.poll(() => row(admin, REPO).getByRole('button', { name: '恢复上架' }).isVisible()).toBe(true);
    await admin.context().close();

    // Out of the store for demo (it stays readable where it is used).
    const store = await api<{ list: { id: string }[] }>(
      'GET',
      `/v1/store/repositories?kind=question&keyword=${TAG}`,
      agencyToken,
      'demo',
    );
    expect(store.list).toEqual([]);

    const owner = await pageOf(browser, 'other', /\/admin\/?$/);
    await owner.goto('/admin/question/repository');
    await expect.poll(() => row(owner, REPO).getByText('已被平台下架').isVisible()).toBe(true);
    await expect.poll(() => row(owner, REPO).getByText(`下架原因：${REASON}`).isVisible()).toBe(true);
    await expect.poll(() => owner.locator('.ant-table .ant-spin-spinning').count()).toBe(0);
    await shot(owner, 'store-owner-withdrawn');
    await owner.context().close();
  });
});
