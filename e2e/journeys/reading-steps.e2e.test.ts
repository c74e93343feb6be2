// A student answers a reading question of a training step by step in the browser (docs/reading.md "Answering
// steps"): the article, a right choice with its supporting sentence highlighted and the glossary, a reload that
// resumes at the translation (on a 375 px phone from there), a translation missing a key term, then 继续训练 and
// one answer record with every sub-answer. The question and the scheme are set up over the API as the demo agency
// admin would.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';
import { api, apiLogin, setUpTrainingBank, type TrainingBank } from '../support/training-api.js';
import {
  persistentTranslation,
  ridiculedChoice,
  TORTOISE_PARAGRAPHS,
} from '../../apps/server/src/features/reading-steps/tortoise-hare.fixture.js';

const ARTICLE = TORTOISE_PARAGRAPHS.slice(0, 2).join('');

describe('reading answering steps', () => {
  const baseURL = demoServerURL();
  const tag = randomBytes(3).toString('hex');
  const title = `龟兔赛跑阅读-${tag}`;
  let bank: TrainingBank;
  let questionId: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    bank = await setUpTrainingBank(baseURL, 1);
    const repos = await api<{ list: { id: string; owned: boolean }[] }>(
      baseURL,
      'GET',
      '/v1/exam/repositories',
      bank.agencyToken,
    );
    questionId = (
      await api<{ id: string }>(baseURL, 'PUT', '/v1/exam/question', bank.agencyToken, {
        agencyId: 'demo',
        repoId: repos.list.find((r) => r.owned)!.id,
        type: 'enReading',
        judgeType: 'auto',
        title: 'The Tortoise and the Hare',
        question: ARTICLE,
        knowledgeId: bank.kpBasic,
        questionSub: [ridiculedChoice(), persistentTranslation()],
      })
    ).id;
    const scheme = await api<{ schemeId: string }>(baseURL, 'PUT', '/v1/train/scheme', bank.agencyToken, {
      title,
      type: 'general',
      initPhase: '阅读',
      initPoint: '阅读',
      timeLimit: 0,
      kpRange: [bank.kpBasic],
      trainRepoId: bank.trainRepoId,
      phases: [
        {
          phase: '阅读',
          knowledgeIds: [bank.kpBasic],
          timeLimit: 0,
          points: [
            {
              name: '阅读',
              selectors: { questionIds: [questionId] },
              repeat: 1,
              requireCorrect: 1,
              judgeWay: 'once',
              onOK: '@end',
              onError: '@end',
            },
          ],
        },
      ],
    });
    await api(baseURL, 'POST', `/v1/train/scheme/${scheme.schemeId}/on`, bank.agencyToken);
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

  it('a choice, a reload, a translation, then the training goes on; one record with every sub-answer', async () => {
    await page.goto('/student/train');
    await page.locator('.scheme-card').filter({ hasText: title }).getByRole('button', { name: '开始训练' }).click();
    await page.waitForURL(/\/student\/train\/[^/]+\/do$/);
    const trainId = /\/student\/train\/([^/]+)\/do$/.exec(new URL(page.url()).pathname)![1];
    await expect.poll(() => visible('第 1 / 2 小题')).toBe(true);
    await expect.poll(() => visible(/The hare ridiculed him/)).toBe(true);

    await page.getByRole('radio', { name: /嘲笑/ }).check();
    await button('提交').click();
    await expect.poll(() => visible('第 2 / 2 小题')).toBe(true);
    await expect.poll(() => visible('ridiculed：嘲笑')).toBe(true);
    await expect.poll(() => page.locator('.reading-article .reading-evidence').innerText()).toContain('ridiculed');
    await shot(page, 'reading-steps-feedback');

    // A reload resumes at the translation, the first step in the history; the rest is done on a 375 px phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect.poll(() => visible('第 2 / 2 小题')).toBe(true);
    await expect.poll(() => visible('已答小题')).toBe(true);

    await page.getByRole('textbox', { name: '第 2 / 2 小题' }).fill('乌龟很慢。');
    await button('提交').click();
    await expect.poll(() => visible(/没有译出这些关键词：persistent/)).toBe(true);
    await expect.poll(() => visible('本题的小题已全部作答，答案已提交。')).toBe(true);
    await shot(page, 'reading-steps-finished');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await button('继续训练').click();
    // The scheme asked this one question: the training is over and shows its summary.
    await expect.poll(() => page.locator('.reading-steps').count()).toBe(0);

    const student = await apiLogin(baseURL, 'student');
    const records = await api<{ questionId: string; subAnswers: { answer: string[]; isCorrect: boolean | null }[] }[]>(
      baseURL,
      'GET',
      `/v1/train/${trainId}/questions`,
      student,
    );
    const mine = records.filter((r) => r.questionId === questionId);
    expect(mine).toHaveLength(1);
    expect(mine[0].subAnswers.map((s) => [s.answer, s.isCorrect])).toEqual([
      [['A'], true],
      [['乌龟很慢。'], false],
    ]);
  });
});
