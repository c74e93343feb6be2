// A student trains in the browser on what the demo agency admin set up over the API: an adaptive general
// scheme (a missed true/false sends the student to a 'retry' point, then on to the next phase) and a paper.
// Right and wrong answers, a reload in the middle (same question, nothing drawn again), a connection lost
// after the server stored an answer (a visible warning, the same clientAnswerId sent again, one record), the
// paper's answers saved as they are given and kept over a reload, 交卷 with confirmation, and the reports.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';
import {
  apiLogin,
  createAdaptiveScheme,
  createPaper,
  setUpTrainingBank,
  trainingRecords,
  type TrainingBank,
} from '../support/training-api.js';

const NET_WARNING = '网络异常，答案尚未保存，正在重试…';

describe('student training', () => {
  const baseURL = demoServerURL();
  const tag = randomBytes(3).toString('hex');
  const adaptiveTitle = `冠词闯关-${tag}`;
  const paperTitle = `冠词小测-${tag}`;
  let bank: TrainingBank;
  let paperId: string;
  let studentToken: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    bank = await setUpTrainingBank(baseURL, 3);
    await createAdaptiveScheme(baseURL, bank, adaptiveTitle);
    paperId = await createPaper(baseURL, bank, paperTitle, [
      bank.trueFalse[0],
      bank.singleChoice[0],
      bank.fillBlank[0],
      bank.advancedChoice[0],
    ]);
    studentToken = await apiLogin(baseURL, 'student');
    browser = await launch();
    page = await newPage(browser, baseURL);
    await loginAs(page, 'student');
    await page.waitForURL(/\/student/);
  });
  afterAll(async () => {
    await browser.close();
  });

  const visible = (text: string | RegExp) => page.getByText(text).first().isVisible();
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const result = () => page.locator('.judge-result');
  const stem = () => page.locator('.answer-form').first().innerText();
  const trainIdOf = (url: string) => /\/student\/train\/([^/]+)\/do$/.exec(new URL(url).pathname)?.[1] ?? '';

  async function submitAnswer(): Promise<string> {
    await button('提交').click();
    await expect.poll(() => result().count()).toBe(1);
    return (await result().innerText()).replace(/\s+/g, ' ');
  }

  it('adaptive scheme: right, wrong, retry until right, a reload and a dropped connection, then the report', async () => {
    await page.goto('/student/train');
    const card = page.locator('.scheme-card').filter({ hasText: adaptiveTitle });
    await card.getByRole('button', { name: '开始训练' }).click();
    await page.waitForURL(/\/student\/train\/[^/]+\/do$/);
    const trainId = trainIdOf(page.url());
    await expect.poll(() => visible('第 1/2 阶段')).toBe(true);
    await expect.poll(() => visible('训练点：判断')).toBe(true);
    await expect.poll(() => visible(/剩余时间/)).toBe(true);
    await shot(page, 'student-training-question');

    // 判断 ('once'): a right answer, then a wrong one; each shows its judged result before 下一题.
    await page.getByRole('radio', { name: '对', exact: true }).check();
    expect(await submitAnswer()).toContain('回答正确');
    await button('下一题').click();
    await expect.poll(() => result().count()).toBe(0);
    await page.getByRole('radio', { name: '错', exact: true }).check();
    const wrong = await submitAnswer();
    expect(wrong).toContain('回答错误');
    expect(wrong).toContain('标准答案');
    await shot(page, 'student-training-wrong-once');
    await button('下一题').click();

    // A missed 判断 leads to 巩固 ('retry'): a wrong answer keeps the question and hides the standard answer.
    await expect.poll(() => visible('训练点：巩固')).toBe(true);
    const retryStem = await stem();
    await page.getByRole('radio', { name: /^A\./ }).check();
    const retried = await submitAnswer();
    expect(retried).toContain('回答错误，请再试一次');
    expect(retried).not.toContain('标准答案');
    expect(await button('下一题').count()).toBe(0);
    await button('重新作答').click();

    // A reload resumes at the same question.
    await page.reload();
    await expect.poll(() => button('提交').isVisible()).toBe(true);
    expect(await stem()).toBe(retryStem);
    await expect.poll(() => visible('训练点：巩固')).toBe(true);

    // The connection drops after the server stored the answer: the page warns and sends it again.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/v1/train/${trainId}/answer`))
        sent.push((r.postDataJSON() as { request: { clientAnswerId: string } }).request.clientAnswerId);
    });
    let dropped = false;
    await page.route(`**/v1/train/${trainId}/answer`, async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await new Promise((r) => setTimeout(r, 300));
      await route.abort('connectionreset');
    });
    await page.getByRole('radio', { name: /^B\./ }).check();
    await button('提交').click();
    await expect.poll(() => visible(NET_WARNING)).toBe(true);
    await shot(page, 'student-training-net-warning');
    await expect.poll(() => result().count()).toBe(1);
    expect(await result().innerText()).toContain('回答正确');
    await expect.poll(() => visible(NET_WARNING)).toBe(false);
    await page.unroute(`**/v1/train/${trainId}/answer`);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    const records = await trainingRecords(baseURL, studentToken, trainId);
    expect(records.filter((r) => r.point === '巩固').map((r) => [r.answer, r.isCorrect, r.first])).toEqual([
      [['A'], false, true],
      [['B'], true, false],
    ]);

    // 进阶: the last point; its answer ends the training.
    await button('下一题').click();
    await expect.poll(() => visible('第 2/2 阶段')).toBe(true);
    await page.getByRole('textbox', { name: /第 1 空/ }).fill('go');
    expect(await submitAnswer()).toContain('回答正确');
    await button('查看结果').click();
    await expect.poll(() => visible('训练已完成')).toBe(true);
    const stats = (await page.locator('.training-stats').innerText()).replace(/\s+/g, '');
    expect(stats).toContain('2/4');
    expect(stats).toContain('50%');
    await shot(page, 'student-training-summary');

    await button('查看报告').click();
    await page.waitForURL(`**/student/train/report/${trainId}`);
    await expect.poll(() => page.getByRole('img', { name: '各知识点作答情况' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('.edu-chart svg').count()).toBe(1);
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(5);
    expect(await page.locator('.edu-chart').textContent()).toContain('训练基础');
    await shot(page, 'student-training-report');
  });

  it('paper: answers saved as given, kept over a reload, 交卷 after confirmation, the report', async () => {
    await page.goto(`/student/train/scheme/${paperId}`);
    await button('开始训练').click();
    await page.waitForURL(/\/student\/train\/[^/]+\/do$/);
    const trainId = trainIdOf(page.url());
    const q = (i: number) => page.locator('.paper-question').nth(i);
    await expect.poll(() => page.locator('.paper-question').count()).toBe(4);
    // No right answers or score while the paper runs.
    expect(await visible(/答对/)).toBe(false);

    await q(0).getByRole('radio', { name: '对', exact: true }).check();
    await q(1).getByRole('radio', { name: /^A\./ }).check();
    await q(2).getByRole('textbox').fill('go');
    for (const i of [0, 1, 2]) await expect.poll(() => q(i).getByText('已保存').isVisible()).toBe(true);
    await expect.poll(() => visible('已作答 3 / 4')).toBe(true);
    await shot(page, 'student-training-paper');

    await page.reload();
    await expect.poll(() => page.locator('.paper-question').count()).toBe(4);
    expect(await q(0).getByRole('radio', { name: '对', exact: true }).isChecked()).toBe(true);
    expect(await q(1).getByRole('radio', { name: /^A\./ }).isChecked()).toBe(true);
    expect(await q(2).getByRole('textbox').inputValue()).toBe('go');

    // A changed answer is saved again; the last answer of each question counts.
    await q(1).getByRole('radio', { name: /^B\./ }).check();
    await expect.poll(() => q(1).getByText('已保存').isVisible()).toBe(true);
    await button('交卷').first().click();
    const dialog = await opened(page.locator('.ant-modal-confirm'));
    await expect.poll(() => dialog.innerText()).toContain('还有 1 题未作答');
    await dialog.getByRole('button', { name: '交卷' }).click();
    await expect.poll(() => visible('训练已完成')).toBe(true);
    const stats = (await page.locator('.training-stats').innerText()).replace(/\s+/g, '');
    expect(stats).toContain('3/4');

    const records = await trainingRecords(baseURL, studentToken, trainId);
    expect(records.filter((r) => r.questionId === bank.singleChoice[0]).map((r) => r.answer)).toEqual([['A'], ['B']]);
    expect(records.some((r) => r.questionId === bank.advancedChoice[0])).toBe(false);

    await button('查看报告').click();
    await page.waitForURL(`**/student/train/report/${trainId}`);
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(4);
    await shot(page, 'student-training-paper-report');

    await page.goto('/student/train/history');
    for (const title of [adaptiveTitle, paperTitle])
      await expect.poll(() => page.locator('tr').filter({ hasText: title }).innerText()).toContain('已完成');
  });
});
