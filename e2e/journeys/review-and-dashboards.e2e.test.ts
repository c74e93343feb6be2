// After the demo trainings (seed/seed-trainings.ts plays three for `student`, with mistakes): the student reviews
// due wrong answers in the wrong-answer book and sees mastery and the knowledge graph; the agency admin reads
// the demo scheme's dashboard (charts, question analysis), the student comparison and the student's results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';
import { api, apiLogin } from '../support/training-api.js';

const DEMO_PAPER_TITLE = '七年级英语单元小测';

describe('wrong-answer review, mastery and dashboards', () => {
  const baseURL = demoServerURL();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  const login = async (username: string, lands: RegExp): Promise<Page> => {
    const page = await newPage(browser, baseURL);
    await loginAs(page, username);
    await page.waitForURL(lands);
    return page;
  };

  /** Answers whatever the form shows: the first option, or a word in every blank / text box. */
  async function answerShown(dialog: Locator) {
    const radio = dialog.getByRole('radio');
    const checkbox = dialog.getByRole('checkbox');
    if ((await radio.count()) > 0) await radio.first().check();
    else if ((await checkbox.count()) > 0) await checkbox.first().check();
    else for (const box of await dialog.getByRole('textbox').all()) await box.fill('a');
  }

  /** The demo paper's id, read as the agency admin (whose token is answered too). */
  async function demoPaperId(): Promise<{ token: string; paperId: string }> {
    const token = await apiLogin(baseURL, 'agency');
    const schemes = await api<{ list: { schemeId: string; title: string }[] }>(
      baseURL,
      'GET',
      '/v1/train/control/schemes',
      token,
    );
    return { token, paperId: schemes.list.find((s) => s.title === DEMO_PAPER_TITLE)!.schemeId };
  }

  /** Switches the demo paper on or off as the agency admin. */
  async function demoPaper(state: 'on' | 'off'): Promise<void> {
    const { token, paperId } = await demoPaperId();
    await api(baseURL, 'POST', `/v1/train/scheme/${paperId}/${state}`, token);
  }

  it('the student reviews due wrong answers, then sees mastery and the knowledge graph', async () => {
    // A question of a switched-on paper cannot be reviewed (its answer would show; docs/judging.md "Who sees an
    // answer when"): the demo paper is off while the student reviews, and on again afterwards.
    await demoPaper('off');
    try {
      await reviewAndLook();
    } finally {
      await demoPaper('on');
    }
  });

  async function reviewAndLook() {
    const page = await login('student', /\/student/);
    await page.goto('/student/wrong/list');
    const start = page.getByRole('button', { name: /开始复习（\d+ 题到期）/ });
    await expect.poll(() => start.isVisible()).toBe(true);
    const due = Number(/（(\d+)\s*题到期）/.exec(await start.innerText())?.[1] ?? 0);
    expect(due).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await shot(page, 'student-wrong-list');

    await start.click();
    const dialog = await opened(page.getByRole('dialog'));
    await expect.poll(() => dialog.getByText(`第 1 / ${due} 题`).isVisible()).toBe(true);
    await answerShown(dialog);
    await dialog.getByRole('button', { name: '提交答案' }).click();
    await expect.poll(() => dialog.locator('.judge-result').count()).toBe(1);
    await shot(page, 'student-wrong-review');
    // Every review is judged and scheduled: the book's due count goes down by the one reviewed.
    await dialog.getByRole('button', { name: due > 1 ? '下一题' : '完成复习' }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(async () =>
        (await page.getByRole('button', { name: /开始复习|暂无到期错题/ }).innerText()).replace(/\s/g, ''),
      )
      .toBe(due - 1 > 0 ? `开始复习（${due - 1}题到期）` : '暂无到期错题');

    await page.goto('/student/point/userpoint');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await shot(page, 'student-mastery-mine');
    await page.goto('/student/knowledgegraph/mine');
    // The curated demo graphs, drawn at desktop width (docs/knowledge-graph.md).
    await expect.poll(() => page.locator('.react-flow__node').count()).toBeGreaterThan(0);
    await shot(page, 'student-knowledge-graph');
    await page.context().close();
  }

  it('the agency admin reads the demo paper dashboard, the student comparison and the student results', async () => {
    const { paperId } = await demoPaperId();
    const page = await login('agency', /\/admin/);
    await page.goto(`/admin/train/${paperId}/dashboard`);
    await expect.poll(() => page.getByText(`${DEMO_PAPER_TITLE} · 训练看板`).isVisible()).toBe(true);
    for (const chart of ['每日参与', '得分率分布（已结束的训练）', '题目分析（首次作答）'])
      await expect.poll(() => page.getByRole('img', { name: chart }).isVisible()).toBe(true);
    // A paper: every question with its facility and discrimination.
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(8);
    await shot(page, 'admin-scheme-dashboard');

    await page.goto(`/admin/train/${paperId}/dashboard/group`);
    const row = page.locator('.ant-table-row').filter({ hasText: '李小明' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => page.getByRole('img', { name: '每名学生的得分率' }).isVisible()).toBe(true);
    await shot(page, 'admin-scheme-group');
    await row.getByRole('link', { name: '学生统计' }).click();
    await page.waitForURL(/\/admin\/user\/student\/\d+\/stats$/);
    await expect.poll(() => page.getByText('李小明 · 学生统计').isVisible()).toBe(true);
    // The demo's three trainings at least (other journeys on this server may have trained the student too).
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.ant-table-row').filter({ hasText: DEMO_PAPER_TITLE }).count()).toBe(1);
    await shot(page, 'admin-student-stats');
    await page.context().close();
  });
});
