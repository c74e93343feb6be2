// Public preview: the demo agency admin publishes a question on its preview page and copies the public link;
// a visitor in a fresh browser context opens the link, answers wrong then right and sees the server's judgement
// with the standard answer and explanation; the admin withdraws it and the visitor finds the empty state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import type { Envelope, Question } from '@edu/contract';
import { DEMO_PASSWORD, launch, newPage, shot } from '../support/browser.js';
import { opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';

const baseURL = () => demoServerURL();

async function api<T>(method: string, path: string, token: string, request?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-agency-id': 'demo', 'content-type': 'application/json' },
    body: request === undefined ? undefined : JSON.stringify({ request }),
  });
  const body = (await res.json()) as Envelope<T>;
  if (body.errno !== 0) throw new Error(`${method} ${path}: ${body.errmsg}`);
  return body.response;
}

/** A seeded single-choice question of demo with an explanation, outside the demo paper, as staff read it. */
async function pickQuestion(): Promise<Question> {
  const login = await fetch(`${baseURL()}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ request: { username: 'agency', password: DEMO_PASSWORD } }),
  });
  const token = ((await login.json()) as Envelope<{ access_token: string }>).response.access_token;
  const page = await api<{ list: Question[] }>(
    'POST',
    '/v1/exam/question/list?start=0&size=100&type=singleChoice',
    token,
    { knowledgeIds: [], orderBy: 'createTime' },
  );
  // The newest one: the demo's switched-on paper holds the bank's first questions, and a question a switched-on
  // paper names is not public (docs/question-bank.md "Public preview").
  const q = [...page.list].reverse().find((x) => x.explanation !== '' && x.options.length >= 2);
  if (q) return q;
  throw new Error('no seeded single-choice question with an explanation');
}

const visible = (l: ReturnType<Page['locator']>) => l.isVisible();
/** The text a browser shows for stored HTML: tags dropped, the sanitiser's entities decoded. */
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e])
    .trim();

describe('question public preview', () => {
  let browser: Browser;
  let admin: Page;
  let visitor: Page;
  let q: Question;
  let link: string;

  beforeAll(async () => {
    q = await pickQuestion();
    browser = await launch();
    admin = await newPage(browser, baseURL());
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await loginAs(admin, 'agency');
    await admin.waitForURL(/\/admin\/?$/);
    // A fresh context: no login, no local storage shared with the admin.
    visitor = await newPage(browser, baseURL());
  });
  afterAll(async () => {
    await browser.close();
  });

  const panel = () => admin.locator('.publication-panel');
  const submit = async (page: Page) => {
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => page.locator('.judge-result').count()).toBe(1);
    return (await page.locator('.judge-result').textContent()) ?? '';
  };
  const option = (page: Page, key: string) =>
    page.locator('.question-view').getByRole('radio', { name: new RegExp(`^${key}\\.`) });

  it('the admin publishes the question and copies its public link', async () => {
    await admin.goto(`/admin/question/preview/${q.id}`);
    await expect.poll(() => panel().getByText('未公开').isVisible()).toBe(true);
    // Visitors see the standard answer and explanation only when the publisher switches them on.
    await panel().getByRole('switch', { name: '访客可查看答案与解析' }).click();
    await panel().getByRole('button', { name: '公开预览' }).click();
    const dialog = await opened(admin.getByRole('dialog'));
    await expect.poll(() => dialog.getByText(/任何拿到链接的人都能作答.*标准答案和解析/).isVisible()).toBe(true);
    await shot(admin, 'public-preview-admin-confirm');
    await dialog.getByRole('button', { name: '公开', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const input = admin.getByRole('textbox', { name: '公开链接' });
    await expect.poll(() => visible(input)).toBe(true);
    link = await input.inputValue();
    expect(link).toBe(`${baseURL()}/public/question/preview?id=${q.id}`);
    await expect.poll(() => admin.locator('.ant-card-head').first().getByText('已公开').isVisible()).toBe(true);
    await panel().getByRole('button', { name: '复制链接' }).click();
    await expect.poll(() => admin.getByText('链接已复制').isVisible()).toBe(true);
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await panel().getByRole('link', { name: /打开/ }).getAttribute('href')).toBe(link);
    await shot(admin, 'public-preview-admin-published');
  });

  it('a visitor opens the link, answers wrong then right, and sees the standard answer and explanation', async () => {
    await visitor.goto(link);
    await expect.poll(() => visible(visitor.getByRole('button', { name: '提交' }))).toBe(true);
    expect(await visitor.getByText('公开预览：提交后即时判分').isVisible()).toBe(true);
    // Nothing of the answer before answering.
    expect(await visitor.getByText(plain(q.explanation)).count()).toBe(0);

    const right = q.answer[0];
    const wrong = q.options.map((o) => o.key).find((k) => k !== right)!;
    await option(visitor, wrong).check();
    const wrongText = await submit(visitor);
    expect(wrongText).toContain(`回答错误，正确答案是 ${right}`);
    expect(wrongText).toContain(plain(q.explanation));
    await shot(visitor, 'public-preview-visitor-wrong');

    await visitor.getByRole('button', { name: '重新作答' }).click();
    await expect.poll(() => visitor.locator('.judge-result').count()).toBe(0);
    await option(visitor, right).check();
    const rightText = await submit(visitor);
    expect(rightText).toContain('回答正确');
    expect(rightText).toMatch(new RegExp(`标准答案\\s*${right}`));
    await shot(visitor, 'public-preview-visitor-right');
  });

  it('the admin withdraws it; the visitor then gets the empty state', async () => {
    await panel().getByRole('button', { name: '从公开预览撤下' }).click();
    const dialog = await opened(admin.getByRole('dialog'));
    await expect.poll(() => dialog.getByText('撤下后公开链接将无法再打开这道题').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: '撤下', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => panel().getByText('未公开').isVisible()).toBe(true);
    expect(await admin.getByRole('textbox', { name: '公开链接' }).count()).toBe(0);
    await shot(admin, 'public-preview-admin-withdrawn');

    await visitor.reload();
    await expect.poll(() => visitor.getByText('该题目未公开或不存在').isVisible()).toBe(true);
    expect(await visitor.getByRole('button', { name: '提交' }).count()).toBe(0);
    await shot(visitor, 'public-preview-visitor-empty');
  });
});
