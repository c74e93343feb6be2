// The demo student on a 375 × 812 phone: home → 训练 → 训练历史 → a training's report → its answer records →
// 错题本 → 待办 → 知识图谱 (listed, then drawn with names at least 12 px on the screen), moving through the labelled
// 菜单 drawer; the lists are cards whose actions are 44 px tall. On every page nothing scrolls sideways
// (document width ≤ 375), the brand and the page's title are visible and not clipped, and the menu button is
// there; the answer records show each question's text and the answer in words. The top bar's buttons, the do-page's
// 提交 and 结束训练 and the exam page's buttons (答题卡, 交卷) are 44 px tall too. Screenshots at 375 px and, for the
// same pages, at desktop width go to e2e/screenshots/student-mobile-*.png.
// Then the pages a phone meets while training: a general scheme's choice, fill-in and reading question answered
// (each with its judged result), 结束训练's confirmation, a paper with its countdown, the mastery pages, and a
// published question's public page opened by a visitor on a phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';
import { api, apiLogin, createPaper, setUpTrainingBank } from '../support/training-api.js';

const PHONE = { width: 375, height: 812 };
/** The smallest parts of a training's progress row: a label, the bar, a count. */
const PROGRESS_PARTS = '.train-progress .ant-space-item:not(:has(.ant-space-item))';
const PHONE_CONTEXT = { locale: 'zh-CN', viewport: PHONE, isMobile: true, hasTouch: true };

interface Fit {
  pageWidth: number;
  /** Table cells with more than 4 characters that are narrower than 4 characters (64 px): squeezed columns. */
  squeezed: string[];
  brand: { visible: boolean; clipped: boolean };
  title: { text: string; clipped: boolean } | null;
}

/** How the page fits the screen: the document's width, the brand's and the first card title's clipping. */
const measure = (page: Page): Promise<Fit> =>
  page.evaluate(() => {
    const clipped = (el: Element) =>
      el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth + 1;
    const brand = document.querySelector('.area-brand');
    const brandText = brand?.firstElementChild ?? brand;
    const title = document.querySelector('.student-content .ant-card-head-title');
    const squeezed = Array.from(document.querySelectorAll<HTMLElement>('.student-content tbody td'))
      .filter((td) => td.innerText.trim().length > 4 && td.getBoundingClientRect().width < 64)
      .map((td) => td.innerText.trim().slice(0, 20));
    return {
      pageWidth: document.documentElement.scrollWidth,
      squeezed,
      brand: {
        visible: !!brand && brand.getBoundingClientRect().width > 0,
        clipped: !brandText || clipped(brandText),
      },
      title: title ? { text: (title as HTMLElement).innerText, clipped: clipped(title) } : null,
    };
  });

describe('the student area on a phone', () => {
  const baseURL = demoServerURL();
  let browser: Browser;
  let page: Page;
  const visited: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ baseURL, ...PHONE_CONTEXT });
    page = await context.newPage();
    await loginAs(page, 'student');
    await page.waitForURL(/\/student/);
  });
  afterAll(async () => {
    await browser.close();
  });

  const menuButton = () => page.getByRole('button', { name: '菜单', exact: true });

  /** Checks the page once it shows `ready` (and its data: `loaded`), and saves its screenshot. */
  async function check(name: string, ready: string | RegExp, loaded?: string): Promise<Fit> {
    // A fresh load (bundle, session, the page's chunk) on a loaded 2-core machine can pass the usual 10 s.
    await expect.poll(() => page.getByText(ready).first().isVisible(), { timeout: 30_000 }).toBe(true);
    if (loaded) await expect.poll(() => page.locator(loaded).count()).toBeGreaterThan(0);
    // Let lazy chunks (charts, KaTeX) settle before measuring.
    await page.waitForLoadState('networkidle');
    const fit = await measure(page);
    expect(fit.pageWidth, `${name}: page width`).toBeLessThanOrEqual(PHONE.width);
    expect(fit.brand, `${name}: brand`).toEqual({ visible: true, clipped: false });
    expect(fit.squeezed, `${name}: squeezed table columns`).toEqual([]);
    expect(fit.title?.clipped ?? false, `${name}: title «${fit.title?.text}»`).toBe(false);
    expect(await menuButton().isVisible(), `${name}: menu button`).toBe(true);
    await shot(page, `student-mobile-${name}`);
    visited.push(page.url());
    return fit;
  }

  /** Every control the locator finds is at least 44 px tall: a finger's tap target (docs/web.md "Small screens"). */
  async function tappable(name: string, controls: Locator): Promise<void> {
    const heights = await controls.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    expect(heights.length, `${name}: controls`).toBeGreaterThan(0);
    expect(
      heights.filter((h) => h < 44),
      `${name}: shorter than 44 px`,
    ).toEqual([]);
  }

  /** Opens the drawer and follows one of its items. */
  async function viaMenu(label: string, url: RegExp): Promise<void> {
    await menuButton().click();
    const drawer = page.locator('.area-menu-drawer .ant-drawer-body');
    // The drawer slides in: its items move until it stands still (docs/testing.md "Dialogs").
    await opened(page.locator('.area-menu-drawer .ant-drawer-content-wrapper'));
    await drawer.getByRole('menuitem', { name: label }).click();
    await page.waitForURL(url);
    await expect.poll(() => drawer.isVisible()).toBe(false);
  }

  it('walks home → trainings → a report → its records → wrong book → knowledge graph without sideways scrolling', async () => {
    await page.goto('/student/home');
    await check('home', /你好/);
    // The top bar's 菜单, bell and user menu (components/tap-targets.css).
    await tappable('header', page.locator('.area-header button'));
    await menuButton().click();
    // The drawer has slid in when its left edge is at the screen's.
    await expect.poll(async () => (await page.locator('.area-menu-drawer .ant-drawer-body').boundingBox())?.x).toBe(0);
    await shot(page, 'student-mobile-menu');
    await page.keyboard.press('Escape');

    await viaMenu('训练', /\/student\/train$/);
    await check('train-list', '训练历史', '.scheme-card');

    await page.getByRole('link', { name: '训练历史' }).click();
    await page.waitForURL(/\/student\/train\/history$/);
    // On a phone the lists are cards: title, state, score and one 44 px action (components/CardList).
    await check('history', '返回训练列表', '.card-list-item');
    expect(await page.locator('.student-content .ant-table').count(), 'history: no table').toBe(0);
    await tappable('history actions', page.locator('.card-list-action'));
    await page.getByRole('link', { name: '查看报告' }).first().click();
    await page.waitForURL(/\/student\/train\/report\/[^/]+$/);
    const fit = await check('report', '各知识点', '.records-list .record-item');
    expect(fit.title?.text).toMatch(/训练报告/);
    const trainId = /\/report\/([^/]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? '';

    // The answers on a phone are a list, one card per answer: the question's text and the answer in words.
    await page.goto(`/student/train/${trainId}/questions`);
    await check('records', '训练题目记录', '.records-list .record-item');
    const items = page.locator('.records-list .record-item');
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    const first = (await items.first().innerText()).replace(/\s+/g, ' ');
    expect(first).not.toMatch(/题目 #/);
    expect(first).toMatch(/作答：/);
    expect(await page.locator('.records-list .record-answer').first().innerText()).not.toBe('');

    await viaMenu('错题本', /\/student\/wrong\/list$/);
    await check('wrong-book', '错题本', '.card-list-item');
    await tappable('wrong-book actions and controls', page.locator('.card-list-action, .wrong-controls .ant-btn'));

    await viaMenu('待办', /\/student\/tasks\/todo$/);
    await check('todo', '待办任务', '.card-list-item');
    await tappable('todo actions', page.locator('.card-list-action'));

    await viaMenu('知识图谱', /\/student\/knowledgegraph\/mine$/);
    // The curated demo graphs: on a phone their list view (docs/knowledge-graph.md).
    await check('knowledge-graph', '知识图谱', '.graph-list-item');
    await tappable('graph list', page.locator('.graph-list-item .ant-btn'));
    // Drawn, the graph opens at a zoom where every name looks at least 12 px tall (fit.ts labelSize).
    await page.getByText('图谱', { exact: true }).first().click();
    await expect.poll(() => page.locator('.react-flow__node').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    const names = await page.evaluate(() => {
      const zoom = Number(
        /scale\(([\d.]+)\)/.exec(
          document.querySelector<HTMLElement>('.react-flow__viewport')?.style.transform ?? '',
        )?.[1],
      );
      const node = document.querySelector('.graph-node');
      return { zoom, onScreen: node ? parseFloat(getComputedStyle(node).fontSize) * zoom : 0 };
    });
    expect(names.zoom, 'graph: zoom').toBeGreaterThan(0);
    expect(names.onScreen, 'graph: names on the screen (px)').toBeGreaterThanOrEqual(12);
    expect((await measure(page)).pageWidth, 'graph: page width').toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'student-mobile-knowledge-graph-drawn');
    expect(visited).toHaveLength(8);
  });

  it('the same pages at desktop width keep the horizontal menu', async () => {
    const desk = await newPage(browser, baseURL);
    await loginAs(desk, 'student');
    await desk.waitForURL(/\/student/);
    for (const [i, url] of visited.entries()) {
      await desk.goto(url);
      await desk.waitForLoadState('networkidle');
      expect(await desk.getByRole('button', { name: '菜单', exact: true }).count()).toBe(0);
      expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
      await shot(desk, `student-desktop-${i + 1}`);
    }
  });

  /** Every control the locator finds is shown and lies within the screen's width. */
  async function onScreen(name: string, controls: Locator): Promise<void> {
    const n = await controls.count();
    expect(n, `${name}: controls`).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const box = await controls.nth(i).boundingBox();
      expect(box, `${name}: control ${i} shown`).not.toBeNull();
      expect(box!.x, `${name}: control ${i} left`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name}: control ${i} right`).toBeLessThanOrEqual(PHONE.width);
    }
  }

  /** Every element the locator finds lies within its card's body (nothing sticks out over the card's edge). */
  async function inCard(name: string, elements: Locator): Promise<void> {
    const out = await elements.evaluateAll((els) =>
      els
        .filter((el) => {
          const body = el.closest('.ant-card-body')?.getBoundingClientRect();
          return !body || el.getBoundingClientRect().right > body.right + 1;
        })
        .map((el) => (el as HTMLElement).innerText),
    );
    expect(out, `${name}: outside its card`).toEqual([]);
  }

  /**
   * Every element the locator finds is on one line: a label squeezed into a narrow column wraps character by
   * character. An inline element has one client rect per line; a block one is as tall as its lines.
   */
  async function oneLine(name: string, elements: Locator): Promise<void> {
    const lines = await elements.evaluateAll((els) =>
      els.map((el) => ({
        text: (el as HTMLElement).innerText,
        lines: Math.max(
          el.getClientRects().length,
          el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
        ),
      })),
    );
    expect(lines.length, `${name}: elements`).toBeGreaterThan(0);
    expect(
      lines.filter((l) => l.lines >= 1.5).map((l) => l.text),
      `${name}: wrapped`,
    ).toEqual([]);
  }

  /** The mastery table's rows are all one line tall: no cell of any column wraps. */
  async function flatRows(name: string): Promise<void> {
    const heights = await page
      .locator('.ant-table-row')
      .evaluateAll((rows) => rows.map((r) => Math.round(r.getBoundingClientRect().height)));
    expect(Math.max(...heights) - Math.min(...heights), `${name}: row heights ${heights.join(' ')}`).toBeLessThan(4);
  }

  /** No element the locator finds hides part of its text (an ellipsis or overflow). */
  async function uncut(name: string, elements: Locator): Promise<void> {
    const cut = await elements.evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => (el as HTMLElement).innerText),
    );
    expect(await elements.count(), `${name}: elements`).toBeGreaterThan(0);
    expect(cut, `${name}: cut off`).toEqual([]);
  }

  /** Fills every answer control of the question on the page: the first option of a choice, `go` in a blank. */
  async function answerAll(form: Locator): Promise<void> {
    const groups = form.locator('.ant-radio-group, .ant-checkbox-group');
    for (let i = 0; i < (await groups.count()); i++)
      await groups.nth(i).locator('input[type=radio], input[type=checkbox]').first().check();
    const boxes = form.getByRole('textbox');
    for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).fill('go');
  }

  it('trains on a phone: a choice, a fill-in and a reading question, 结束训练, a paper and its countdown', async () => {
    const bank = await setUpTrainingBank(baseURL, 1);
    const t = bank.agencyToken;
    const phase = (name: string, knowledgeId: string, type: string, next: string) => ({
      phase: name,
      knowledgeIds: [knowledgeId],
      timeLimit: 0,
      points: [
        {
          name,
          selectors: { types: [type] },
          repeat: 1,
          requireCorrect: 1,
          judgeWay: 'once',
          onOK: next,
          onError: next,
        },
      ],
    });
    const general = await api<{ schemeId: string }>(baseURL, 'PUT', '/v1/train/scheme', t, {
      title: '手机答题',
      type: 'general',
      initPhase: '选择',
      initPoint: '选择',
      timeLimit: 1800,
      kpRange: ['en.g7'],
      trainRepoId: bank.trainRepoId,
      phases: [
        phase('选择', 'en.g7.c1', 'singleChoice', '@next'),
        phase('填空', 'en.g7.c2', 'fillBlank', '@next'),
        phase('阅读', 'en.g7.c3.k1', 'enReading', '@end'),
      ],
    });
    await api(baseURL, 'POST', `/v1/train/scheme/${general.schemeId}/on`, t);

    await page.goto(`/student/train/scheme/${general.schemeId}`);
    await check('scheme-detail', '开始训练');
    await page.getByRole('button', { name: '开始训练' }).click();
    await page.waitForURL(/\/student\/train\/[^/]+\/do$/);
    const points = [
      ['选择', 'choice'],
      ['填空', 'blank'],
      ['阅读', 'reading'],
    ] as const;
    for (const [i, [point, file]] of points.entries()) {
      if (point === '阅读') {
        // A reading question of a general training is answered sub-question by sub-question (docs/reading.md
        // "Answering steps"); reading-steps.e2e.test.ts checks the feedback, this walk checks the phone's fit.
        await check('do-reading', /第 1 \/ \d+ 小题/, '.reading-steps');
        for (
          let step = 0;
          step < 50 && (await page.locator('.reading-steps .ant-alert-success').count()) === 0;
          step++
        ) {
          const radio = page.locator('.reading-steps .ant-radio-wrapper').first();
          if (await radio.count()) await radio.click();
          else await page.locator('.reading-steps textarea, .reading-steps input[type="text"]').first().fill('x');
          await page.getByRole('button', { name: '提交', exact: true }).click();
          await expect.poll(() => page.locator('.reading-step-history .ant-list-item').count()).toBe(step + 1);
        }
        expect((await measure(page)).pageWidth, 'do-reading steps: page width').toBeLessThanOrEqual(PHONE.width);
        await shot(page, 'student-mobile-do-reading-steps');
        await page.getByRole('button', { name: '继续训练' }).click();
        continue;
      }
      await check(`do-${file}`, `训练点：${point}`, '.answer-form');
      await onScreen(`do-${point} inputs`, page.locator('.answer-form').getByRole(i === 1 ? 'textbox' : 'radio'));
      await onScreen(`do-${point} buttons`, page.getByRole('button', { name: /提交|结束训练/ }));
      await tappable(`do-${point} buttons`, page.getByRole('button', { name: /提交|结束训练/ }));
      await oneLine(`do-${point} progress`, page.locator(PROGRESS_PARTS));
      await inCard(`do-${point} progress`, page.locator('.train-progress .ant-space-item'));
      if (i === 0) {
        await page.getByRole('button', { name: '结束训练' }).click();
        // Its zoom-in animation over before it is measured, shot and clicked (docs/testing.md "Dialogs").
        const dialog = await opened(page.locator('.ant-modal-confirm'));
        await onScreen('finish dialog', dialog.getByRole('button'));
        await shot(page, 'student-mobile-do-finish-confirm');
        await dialog.getByRole('button', { name: '取消' }).click();
        await expect.poll(() => dialog.isVisible()).toBe(false);
      }
      await answerAll(page.locator('.answer-form').first());
      await page.getByRole('button', { name: '提交', exact: true }).click();
      await expect.poll(() => page.locator('.judge-result').count()).toBe(1);
      expect((await measure(page)).pageWidth, `do-${point} judged: page width`).toBeLessThanOrEqual(PHONE.width);
      await shot(page, `student-mobile-do-${file}-judged`);
      await page.getByRole('button', { name: '下一题' }).click();
    }
    await check('do-summary', '训练已完成', '.training-stats');

    const paperId = await createPaper(baseURL, bank, '手机小测', [
      bank.trueFalse[0],
      bank.singleChoice[0],
      bank.fillBlank[0],
      bank.advancedChoice[0],
    ]);
    await page.goto(`/student/train/scheme/${paperId}`);
    await page.getByRole('button', { name: '开始训练' }).click();
    await page.waitForURL(/\/student\/train\/[^/]+\/do$/);
    await check('paper', /剩余时间/, '.paper-question');
    await onScreen('paper countdown', page.getByText(/剩余时间/).first());
    await onScreen('paper inputs', page.locator('.paper-question').getByRole('radio'));
    await onScreen('paper blank', page.locator('.paper-question').getByRole('textbox'));
    await onScreen('paper submit', page.getByRole('button', { name: '交卷' }));
    // 答题卡 and 交卷, and each question's 标记, are finger-sized (components/tap-targets.css).
    await tappable('paper buttons', page.locator('.exam-page .ant-btn:not(.ant-btn-sm.ant-btn-variant-link)'));
    // The exam bar (docs/web.md "The exam page"): time, 答题卡 and 交卷 on one line, still in view at the bottom.
    // One row: the boxes of the time, 答题卡 and 交卷 share their vertical centre and none is two lines tall (the
    // countdown's icon and figures are inline boxes, whose line count innerText does not tell).
    const row = await page
      .locator('.exam-bar .train-countdown, .exam-bar-actions button')
      .evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect()).map((r) => ({ mid: r.y + r.height / 2, h: r.height })),
      );
    expect(row.length, 'paper bar: elements').toBeGreaterThanOrEqual(3);
    const mids = row.map((b) => b.mid);
    expect(Math.max(...mids) - Math.min(...mids), 'paper bar: one row').toBeLessThan(8);
    expect(Math.max(...row.map((b) => b.h)), 'paper bar: one line each').toBeLessThan(48);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await onScreen('paper bar after scrolling', page.locator('.exam-bar').getByRole('button'));
    const bar = await page.locator('.exam-bar').boundingBox();
    expect(bar!.y, 'paper bar in view').toBeGreaterThanOrEqual(0);
    expect(bar!.y + bar!.height, 'paper bar at the top').toBeLessThan(PHONE.height / 4);
    await page
      .locator('.exam-bar')
      .getByRole('button', { name: /答题卡/ })
      .click();
    await expect.poll(() => page.locator('.ant-drawer .sheet-cell').count()).toBe(4);
    await onScreen('paper sheet', page.locator('.ant-drawer .sheet-cell'));
    await shot(page, 'student-mobile-paper-sheet');
  });

  it('the mastery pages fit a phone', async () => {
    await page.goto('/student/point');
    await check('point', '掌握概况', '.edu-chart svg');
    await page.getByRole('link', { name: '全部知识点' }).click();
    await page.waitForURL(/\/student\/point\/allpoint$/);
    await check('point-all', '全部知识点', '.ant-table-row');
    await oneLine('all points: names', page.locator('.mastery-name'));
    await flatRows('all points');
    await page.goto('/student/point/userpoint');
    await check('point-mine', '我练过的知识点', '.ant-table-row');
    await oneLine('my points: names', page.locator('.mastery-name'));
    await flatRows('my points');
  });

  it('a visitor answers a published reading question on a phone', async () => {
    const agency = await apiLogin(baseURL, 'agency');
    const { list } = await api<{ list: { id: string; knowledgeId: string }[] }>(
      baseURL,
      'POST',
      '/v1/exam/question/list?start=0&size=100&type=enReading',
      agency,
      { knowledgeIds: [], orderBy: 'createTime' },
    );
    // A Grade 8 reading: no demo paper or training above holds it, so it may be published.
    const reading = list.find((q) => q.knowledgeId.startsWith('en.g8'));
    expect(reading, 'a seeded Grade 8 reading').toBeDefined();
    await api(baseURL, 'PUT', `/v1/exam/question/${reading!.id}/public`, agency, { showAnswer: true });

    const visitor = await (await browser.newContext({ baseURL, ...PHONE_CONTEXT })).newPage();
    await visitor.goto(`/public/question/preview?id=${reading!.id}`);
    const submit = visitor.getByRole('button', { name: '提交' });
    await expect.poll(() => submit.isVisible()).toBe(true);
    await visitor.waitForLoadState('networkidle');
    const width = () => visitor.evaluate(() => document.documentElement.scrollWidth);
    expect(await width(), 'public preview: page width').toBeLessThanOrEqual(PHONE.width);
    const view = visitor.locator('.question-view');
    await onScreen('public preview options', view.getByRole('radio'));
    await onScreen('public preview submit', submit);
    await uncut('public preview sub-questions', view.locator('.sub-question-card .ant-card-head-title'));
    await shot(visitor, 'public-preview-mobile');
    await answerAll(view);
    await submit.click();
    await expect.poll(() => visitor.locator('.judge-result').count()).toBe(1);
    expect(await width(), 'public preview judged: page width').toBeLessThanOrEqual(PHONE.width);
    await shot(visitor, 'public-preview-mobile-judged');
  });
});
