// Class comments in the browser: a teacher opens a demo training's report, writes an overall comment (empty
// text refused) and a comment on one answer; the student sees the overall comment on the report and both on
// the class-comment page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';
import { api, apiLogin } from '../support/training-api.js';

const OVERALL = '这次整体不错：判断题全对，选择题注意排除干扰项。';
const ON_ANSWER = '这题再看一遍题干里的时间状语。';

describe('training comments', () => {
  const baseURL = demoServerURL();
  let browser: Browser;
  let trainId: string;

  beforeAll(async () => {
    // The demo student's earliest ended training with at least two answers: seed/seed-trainings.ts plays three on
    // the first start. Other journeys end trainings of their own (newer, some with one answer), so the newest one
    // is not it.
    const student = await apiLogin(baseURL, 'student');
    const history = await api<{ list: { trainId: string; status: string; answered: number; startTime: number }[] }>(
      baseURL,
      'GET',
      '/v1/train/history?start=0&size=200',
      student,
    );
    const seeded = history.list
      .filter((t) => t.status !== 'running' && t.answered >= 2)
      .sort((a, b) => a.startTime - b.startTime);
    trainId = seeded[0].trainId;
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  const login = async (username: string): Promise<Page> => {
    const page = await newPage(browser, baseURL);
    await loginAs(page, username);
    await page.waitForURL(username === 'student' ? /\/student/ : /\/admin/);
    return page;
  };

  it('a teacher comments on the training and on one answer', async () => {
    const page = await login('teacher');
    await page.goto(`/admin/train/report/${trainId}`);
    await page.getByRole('link', { name: '点评', exact: true }).click();
    await page.waitForURL(new RegExp(`/admin/train/comment/${trainId}/report/${trainId}$`));

    const overall = page.getByLabel('总体点评内容');
    await page.getByRole('button', { name: '保存点评' }).click();
    await expect.poll(() => page.getByText('请输入点评内容').isVisible()).toBe(true);
    await overall.fill(OVERALL);
    await page.getByRole('button', { name: '保存点评' }).click();
    await expect.poll(() => page.getByText(OVERALL).isVisible()).toBe(true);

    await page.getByRole('button', { name: '写点评' }).nth(1).click();
    await page.getByLabel('第 2 题点评内容').fill(ON_ANSWER);
    await page.getByRole('button', { name: '保存点评' }).click();
    await expect.poll(() => page.getByText(ON_ANSWER).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/已点评 1 \/ \d+ 题/).isVisible()).toBe(true);
    await shot(page, 'admin-training-comment');

    // A reload shows what the server stored.
    await page.reload();
    await expect.poll(() => page.getByText(ON_ANSWER).isVisible()).toBe(true);
    expect(await page.getByText(OVERALL).isVisible()).toBe(true);

    // Each answer shows its question's text, not "题目 85"; the question's link opens the read-only preview under
    // /admin/train, which a teacher may open (the question bank's pages are closed to teachers).
    expect(await page.getByText(/^题目 \d+$/).count()).toBe(0);
    await page.locator('.record-stem a').first().click();
    await page.waitForURL(/\/admin\/train\/question\/\d+\/preview$/);
    await expect.poll(() => page.getByText('标准答案与解析').isVisible()).toBe(true);
    expect(await page.locator('.ant-result-404, .ant-result-error').count()).toBe(0);
    expect(await page.getByRole('link', { name: '在题库中打开' }).count()).toBe(0);
    await shot(page, 'admin-question-read-only');
    await page.context().close();
  });

  it('the student reads them on the report and the class-comment page', async () => {
    const page = await login('student');
    await page.goto(`/student/train/report/${trainId}`);
    await expect.poll(() => page.getByText(OVERALL).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('另有 1 道题的点评').isVisible()).toBe(true);
    await page.getByRole('link', { name: '查看全部点评' }).click();
    await page.waitForURL(new RegExp(`/student/train/comment/${trainId}/report$`));
    await expect.poll(() => page.getByText(ON_ANSWER).isVisible()).toBe(true);
    expect(await page.getByText('第 2 题').isVisible()).toBe(true);
    expect(await page.getByText(OVERALL).isVisible()).toBe(true);
    await shot(page, 'student-training-comment');
    await page.context().close();
  });
});
