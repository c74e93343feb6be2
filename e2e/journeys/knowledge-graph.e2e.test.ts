// A knowledge graph from the curator's editor to a student's mastery (docs/knowledge-graph.md, docs/web.md
// "Knowledge graph"). Three new knowledge points A → B → C under 七年级 English, with questions whose answers are
// known, are set up over HTTP; everything else is done in the browser:
// - the platform admin creates a graph (英语, every grade) in 新建图谱, adds the three points with the tree picker,
//   draws the prerequisites A → B and B → C by dragging from a node's bottom handle to another's top handle, is
//   refused C → A with the cycle named (docs/knowledge-graph.md "Cycles"), lays the graph out (自动布局, saved: a
//   reload keeps it), opens the read-only preview (its sample student) and the stats (nothing answered yet);
// - the demo student finds the graph among theirs: A 可以学习, B and C 未解锁 (docs/knowledge-graph.md "States and
//   mastery"); 去练习 on A starts a practice training on A's subtree ("Practice"), answered all right; 返回知识图谱
//   shows A with a level (熟悉) but not mastered, and the admin's stats count the student, stuck on A ("Stats");
// - 掌握测验 on A ("Practice", mastery check): a paper of A's questions, all answered right and handed in (交卷),
//   masters A the same day, which turns B 可以学习; nobody is stuck any more;
// - on a 375 px phone the student's graph is a list by state: A 已掌握, B 可以学习 with 去练习, C 未解锁.
// The journey starts a server of its own (a new graph and the student's new mastery must not change what the other
// journeys count on the shared one). Screenshots go to e2e/screenshots/knowledge-graph-*.png.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, shot } from '../support/browser.js';
import {
  answerRight,
  dragEdge,
  flowNode,
  nodeBox,
  nodeState,
  settledBox,
  setUpPoints,
  type GraphPoint,
} from '../support/graph-ui.js';
import { opened, openedDropdown } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';
import { startServer, type RunningServer } from '../support/server-process.js';

const TAG = randomBytes(3).toString('hex');
const GRAPH = `英语读音路线 ${TAG}`;
/** A → B → C: letters before words, words before sentences. */
const NAMES = [`字母发音-${TAG}`, `单词拼读-${TAG}`, `句子朗读-${TAG}`];
/** Questions of each point: A's four are the whole practice (at most 10) and the whole check (at most 5). */
const QUESTIONS = [4, 1, 1];

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 375, height: 812 };

describe('a knowledge graph: drawn by its curator, learnt by a student', () => {
  let server: RunningServer;
  let baseURL: string;
  let browser: Browser;
  let admin: Page;
  let student: Page;
  let groupId: string;
  let A: string, B: string, C: string;

  beforeAll(async () => {
    server = await startServer();
    baseURL = server.baseURL;
    const points: GraphPoint[] = await setUpPoints(baseURL, NAMES, QUESTIONS);
    [A, B, C] = points.map((p) => p.name);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  // Each step goes on from the one before: after a failure the later ones are skipped, so the first failure is the
  // one reported, not what follows from it.
  let failed: string | null = null;
  beforeEach(({ onTestFailed, skip }) => {
    if (failed) skip(`「${failed}」 failed`);
    onTestFailed(({ task }) => {
      failed ??= task.name;
    });
  });

  /** Logs `username` in, in a browser context of its own. */
  async function pageOf(username: string, viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport, isMobile: viewport === PHONE });
    const page = await context.newPage();
    await loginAs(page, username);
    await page.waitForURL((u) => u.pathname !== '/');
    return page;
  }
  const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();
  const squeezed = (l: Locator) => l.innerText().then((t) => t.replace(/\s+/g, ''));

  // The student's pages.
  const graphFigure = (page: Page) => page.getByRole('figure', { name: `知识图谱「${GRAPH}」` });
  const detail = (page: Page, name: string) => page.locator('.graph-node-detail').filter({ hasText: name });
  /** Opens knowledgegraph/mine and the journey's tab. */
  async function openMyGraph(page: Page): Promise<void> {
    await page.goto('/student/knowledgegraph/mine');
    await page.getByRole('tab', { name: GRAPH }).click();
  }
  /**
   * 返回知识图谱 on the summary of a training started from the graph (instead of 返回训练列表), then the journey's
   * tab. No reload: the graphs were marked stale when the training started, so the way back reads them again and
   * shows the new colours however quick the training was (docs/web.md "Knowledge graph").
   */
  async function backToGraph(page: Page): Promise<void> {
    expect(await page.getByRole('button', { name: '返回训练列表' }).count()).toBe(0);
    await page.getByRole('button', { name: '返回知识图谱' }).click();
    await page.waitForURL('**/student/knowledgegraph/mine');
    await page.getByRole('tab', { name: GRAPH }).click();
  }
  /** The share of the bar along a node's foot (its level on the way to mastered: 熟悉 ½, 已掌握 whole). */
  const progress = (page: Page, name: string) =>
    flowNode(graphFigure(page), name).locator('.graph-node-progress').getAttribute('data-share');
  /** Clicks an item of the drawn graph and waits for its detail card. */
  async function openNode(page: Page, name: string): Promise<Locator> {
    await flowNode(graphFigure(page), name).click();
    await expect.poll(() => detail(page, name).isVisible()).toBe(true);
    return detail(page, name);
  }
  /**
   * The edges of a canvas whose arrowhead is drawn: marker-end's url(#id) resolves to the document's first element
   * of that id, which must be this canvas's own marker (not one of another, hidden canvas with the same id).
   */
  async function arrowheads(canvas: Locator): Promise<number> {
    const root = await canvas.elementHandle();
    return canvas.locator('.react-flow__edge-path').evaluateAll(
      (paths, r) =>
        paths.filter((p) => {
          const id = /url\(['"]?#([^'")]+)/.exec(p.getAttribute('marker-end') ?? '')?.[1];
          const marker = id === undefined ? null : document.getElementById(id);
          return marker !== null && (r as Element).contains(marker);
        }).length,
      root,
    );
  }
  const trainIdOf = (page: Page) => /\/student\/train\/([^/]+)\/do$/.exec(new URL(page.url()).pathname)?.[1] ?? '';

  it('the admin creates the graph, adds three points, draws A → B → C, is refused C → A and lays it out', async () => {
    admin = await pageOf('admin');
    await admin.goto('/admin/knowledgraph/groups');
    await admin.getByRole('button', { name: '新建图谱' }).click();
    const dialog = await opened(admin.getByRole('dialog').filter({ hasText: '新建知识图谱' }));
    await dialog.getByLabel('名称', { exact: true }).fill(GRAPH);
    await dialog.getByRole('combobox', { name: '学科', exact: true }).click();
    await (await openedDropdown(admin)).locator('.ant-select-item-option').getByText('英语', { exact: true }).click();
    await expect.poll(() => dialog.locator('.ant-select').first().innerText()).toContain('英语');
    await expect.poll(() => admin.locator('.ant-select-dropdown:visible').count()).toBe(0);
    // 年级 left empty: a graph of every grade, so the demo student sees it whatever their grade.
    await dialog.getByLabel('说明', { exact: true }).fill('先会字母发音，再拼读单词，最后朗读句子。');
    await shot(admin, 'knowledge-graph-create');
    await dialog.getByRole('button', { name: '保存' }).click();

    // A new graph opens on its add page: the three points from the knowledge tree picker, one search each.
    await admin.waitForURL(/\/admin\/knowledgraph\/group\/[^/]+\/create$/);
    groupId = new URL(admin.url()).pathname.split('/')[4];
    await expect.poll(() => visible(admin, '图谱中已有 0 个知识点')).toBe(true);
    const picker = admin.getByRole('combobox', { name: '知识点', exact: true });
    const chosen = admin.locator('.ant-select').filter({ has: picker });
    for (const name of NAMES) {
      await picker.click();
      await picker.fill(name);
      await (await openedDropdown(admin)).locator('.ant-select-tree-title').getByText(name, { exact: true }).click();
      await expect.poll(() => chosen.innerText()).toContain(name);
    }
    await admin.keyboard.press('Escape');
    await shot(admin, 'knowledge-graph-add-points');
    await admin.getByRole('button', { name: '添加到图谱' }).click();
    await expect.poll(() => visible(admin, '已添加 3 个知识点')).toBe(true);
    await expect.poll(() => visible(admin, '图谱中已有 3 个知识点')).toBe(true);

    // The editor lays the unplaced points out (side by side: no edges yet) and saves their positions.
    await admin.getByRole('link', { name: '去编辑先修关系' }).click();
    await admin.waitForURL(`**/admin/knowledgraph/group/${groupId}/items`);
    const canvas = admin.getByRole('region', { name: '图谱编辑区' });
    const counts = admin.getByText(/\d+ 个知识点 · \d+ 条先修关系/);
    await expect.poll(() => canvas.locator('.react-flow__node').count()).toBe(3);
    await expect.poll(() => counts.innerText()).toBe('3 个知识点 · 0 条先修关系');

    // A → B, then B → C, each dragged from the prerequisite's bottom handle to the other's top handle.
    await dragEdge(admin, canvas, A, B);
    await expect.poll(() => canvas.locator('.react-flow__edge').count()).toBe(1);
    await expect.poll(() => counts.innerText()).toBe('3 个知识点 · 1 条先修关系');
    await dragEdge(admin, canvas, B, C);
    await expect.poll(() => canvas.locator('.react-flow__edge').count()).toBe(2);
    await expect.poll(() => counts.innerText()).toBe('3 个知识点 · 2 条先修关系');
    await shot(admin, 'knowledge-graph-edges');
    // Every edge ends in an arrowhead (the editor's markers carry their colour).
    expect(await arrowheads(canvas)).toBe(2);

    // C → A would close a cycle: the server's sentence names it from A, and the graph keeps its two edges.
    await dragEdge(admin, canvas, C, A);
    const refusal = admin.locator('.graph-edge-error');
    await expect.poll(() => refusal.isVisible()).toBe(true);
    expect(await refusal.innerText()).toContain('无法添加先修关系');
    expect(await refusal.innerText()).toContain(`不能添加：会形成环（${A} → ${B} → ${C} → ${A}）`);
    await shot(admin, 'knowledge-graph-cycle-refused');
    expect(await canvas.locator('.react-flow__edge').count()).toBe(2);
    expect(await counts.innerText()).toBe('3 个知识点 · 2 条先修关系');

    // A node selected: what it needs and unlocks.
    await flowNode(canvas, B).click();
    const selection = admin.locator('.graph-selection');
    await expect.poll(() => squeezed(selection)).toContain(`所选知识点：${B}`);
    expect(await squeezed(selection)).toContain(`先修${A}`);
    expect(await squeezed(selection)).toContain(`后续${C}`);

    // 自动布局: one layer per step, A on top; saved at once, so a reload draws the same.
    await admin.getByRole('button', { name: '自动布局' }).click();
    const layered = async () => {
      const [a, b, c] = await Promise.all([A, B, C].map((n) => settledBox(flowNode(canvas, n))));
      return a.y < b.y && b.y < c.y;
    };
    await expect.poll(layered).toBe(true);
    await expect.poll(() => counts.innerText()).not.toContain('正在保存位置');
    await shot(admin, 'knowledge-graph-laid-out');
    await admin.reload();
    await expect.poll(() => canvas.locator('.react-flow__edge').count()).toBe(2);
    await expect.poll(layered).toBe(true);
    await shot(admin, 'knowledge-graph-laid-out-reloaded');

    // Zoomed out by the controls' − to between 65 % (FIT.minZoom) and 75 %, the names are drawn larger: still at
    // least 12 px on the screen, as on the student's graph (fit.ts labelSize).
    const zoomOut = canvas.locator('.react-flow__controls-zoomout');
    const zoom = () =>
      canvas
        .locator('.react-flow__viewport')
        .evaluate((el) => Number(/scale\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)?.[1]));
    for (let step = 0; step < 5 && (await zoom()) >= 0.75; step++) {
      const before = await zoom();
      await zoomOut.click();
      await expect.poll(zoom).toBeLessThan(before);
    }
    const zoomed = await zoom();
    expect(zoomed, 'editor: zoomed out').toBeGreaterThanOrEqual(0.65);
    expect(zoomed, 'editor: zoomed out').toBeLessThan(0.75);
    const font = () => nodeBox(canvas, A).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    // The names' size follows the zoom (ReadableLabels): on the screen, font size × zoom.
    await expect.poll(async () => (await font()) * zoomed).toBeGreaterThanOrEqual(11.99);
    await shot(admin, 'knowledge-graph-editor-zoomed-out');
  });

  it('the preview draws it read-only for a sample student; the stats have no answers yet', async () => {
    await admin.getByRole('link', { name: '预览', exact: true }).click();
    await admin.waitForURL(`**/admin/knowledgraph/group/${groupId}/preview`);
    const figure = graphFigure(admin);
    await expect.poll(() => figure.locator('.graph-node').count()).toBe(3);
    await expect.poll(() => figure.locator('.react-flow__edge').count()).toBe(2);
    // Read-only: no layout button, no edge form, handles hidden.
    expect(await admin.getByRole('button', { name: '自动布局' }).count()).toBe(0);
    expect(await admin.getByRole('group', { name: '添加先修关系' }).count()).toBe(0);
    const opacity = await figure
      .locator('.react-flow__handle')
      .evaluateAll((hs) => hs.map((h) => getComputedStyle(h).opacity));
    expect(new Set(opacity)).toEqual(new Set(['0']));
    // The sample student starts with nothing mastered: A ready, B and C locked.
    expect(await Promise.all([A, B, C].map((n) => nodeState(figure, n)))).toEqual(['ready', 'locked', 'locked']);
    await shot(admin, 'knowledge-graph-preview');
    // Clicking A masters it in the sample only: B becomes ready; 重置示例 puts it back.
    await flowNode(figure, A).click();
    await expect.poll(() => nodeState(figure, A)).toBe('mastered');
    expect(await nodeState(figure, B)).toBe('ready');
    expect(await nodeState(figure, C)).toBe('locked');
    await shot(admin, 'knowledge-graph-preview-sample');
    await admin.getByRole('button', { name: '重置示例' }).click();
    await expect.poll(() => nodeState(figure, A)).toBe('ready');

    // Back on the list: the graph's row, and its 统计.
    await admin.getByRole('link', { name: '返回图谱列表' }).click();
    await admin.waitForURL('**/admin/knowledgraph/groups');
    const row = admin.locator('tr').filter({ hasText: GRAPH });
    await expect.poll(() => row.count()).toBe(1);
    const headers = (await admin.locator('.ant-table-thead th').allInnerTexts()).map((t) => t.trim());
    const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
    const cell = (header: string) => cells[headers.indexOf(header)];
    expect(['学科', '年级', '知识点', '先修关系'].map(cell)).toEqual(['英语', '全部年级', '3', '2']);
    // Its place among the English graphs: last when new; 上移 puts it before the demo's, 下移 back again.
    const englishRows = async () =>
      (await admin.locator('tr.ant-table-row').allInnerTexts()).filter((t) => t.includes('英语')).map((t) => t.trim());
    const isLast = async () => (await englishRows()).at(-1)?.startsWith(GRAPH) ?? false;
    expect(await isLast()).toBe(true);
    await admin.getByRole('button', { name: `上移「${GRAPH}」` }).click();
    await expect.poll(() => visible(admin, '顺序已调整')).toBe(true);
    await expect.poll(isLast).toBe(false);
    // First of the list now: no further up.
    await expect.poll(() => admin.getByRole('button', { name: `上移「${GRAPH}」` }).isDisabled()).toBe(true);
    await shot(admin, 'knowledge-graph-list-moved');
    await admin.getByRole('button', { name: `下移「${GRAPH}」` }).click();
    await expect.poll(isLast).toBe(true);
    await row.getByRole('link', { name: '统计' }).click();
    await admin.waitForURL(`**/admin/knowledgraph/group/${groupId}/stats`);
    // The admin acts in 演示机构 (the header's agency), so the stats count that agency's students
    // (docs/knowledge-graph.md "Stats": a graph admin with an X-Agency-Id they may act in).
    await expect.poll(() => admin.locator('.graph-stats-scope').innerText()).toBe('本机构');
    await expect.poll(() => visible(admin, '还没有学生练习过图谱中的知识点')).toBe(true);
    await shot(admin, 'knowledge-graph-stats-empty');
  });

  it('the student sees A ready and B, C locked, practises A all right, and A gets a level', async () => {
    student = await pageOf('student');
    await openMyGraph(student);
    const figure = graphFigure(student);
    await expect.poll(() => figure.locator('.graph-node').count()).toBe(3);
    await expect.poll(() => figure.locator('.react-flow__edge').count()).toBe(2);
    await expect.poll(() => nodeState(figure, A)).toBe('ready');
    expect(await nodeState(figure, B)).toBe('locked');
    expect(await nodeState(figure, C)).toBe('locked');
    // Arrowheads on a tab that is not the first: each canvas names its own markers.
    expect(await arrowheads(figure)).toBe(2);
    await shot(student, 'knowledge-graph-student');

    let card = await openNode(student, A);
    let text = await squeezed(card);
    expect(text).toContain('状态可以学习');
    expect(text).toContain('掌握程度还没有练习');
    expect(text).toContain(`掌握后解锁${B}`);
    // What mastering takes: two days proficient, or a 掌握测验 all right.
    expect(text).toContain('怎样掌握');
    expect(text).toContain('掌握测验');
    // A locked item cannot be practised yet.
    expect(await student.getByRole('button', { name: `去练习「${B}」` }).count()).toBe(0);
    await shot(student, 'knowledge-graph-student-detail');

    // 去练习: a practice training of A's four questions, each judged as it is answered.
    await card.getByRole('button', { name: `去练习「${A}」` }).click();
    await student.waitForURL(/\/student\/train\/[^/]+\/do$/);
    expect(trainIdOf(student)).not.toBe('');
    await expect.poll(() => visible(student, `知识点练习：${A}`)).toBe(true);
    const question = student.locator('.training-question');
    const submit = student.getByRole('button', { name: '提交', exact: true });
    const result = student.locator('.judge-result');
    let answered = 0;
    for (;;) {
      await expect.poll(() => submit.isVisible()).toBe(true);
      expect(await result.count()).toBe(0);
      await answerRight(question);
      await submit.click();
      await expect.poll(() => result.count()).toBe(1);
      expect(await result.innerText()).toContain('回答正确');
      answered++;
      if (answered === 1) await shot(student, 'knowledge-graph-practice');
      const next = student.getByRole('button', { name: /^(下一题|查看结果)$/ });
      const last = (await next.innerText()) === '查看结果';
      await next.click();
      if (last) break;
      expect(answered).toBeLessThan(QUESTIONS[0]);
    }
    expect(answered).toBe(QUESTIONS[0]);
    await expect.poll(() => visible(student, '训练已完成')).toBe(true);
    const stats = await squeezed(student.locator('.training-stats'));
    expect(stats).toContain(`${QUESTIONS[0]}/${QUESTIONS[0]}`);
    expect(stats).toContain('100%');
    await shot(student, 'knowledge-graph-practice-done');

    // Back to the graph: four right answers make A 熟悉 (3–4 answers, ≥ 70 % right; its bar half full), not yet
    // mastered — that takes two days or a paper — so A stays ready and B locked.
    await backToGraph(student);
    await expect.poll(() => figure.locator('.graph-node').count()).toBe(3);
    card = await openNode(student, A);
    await expect.poll(() => squeezed(card)).toContain('掌握程度熟悉');
    text = await squeezed(card);
    expect(text).toContain('状态可以学习');
    expect(await progress(student, A)).toBe('0.5');
    expect(await nodeState(figure, A)).toBe('ready');
    expect(await nodeState(figure, B)).toBe('locked');
    await shot(student, 'knowledge-graph-student-after-practice');

    // The admin's stats now count the student: trained on A, not mastered, nothing missing before it — stuck.
    await admin.reload();
    await expect.poll(() => admin.getByRole('img', { name: '各知识点不同掌握程度的学生人数' }).isVisible()).toBe(true);
    const stuck = admin.locator('.ant-list-item').filter({ hasText: A });
    await expect.poll(() => squeezed(stuck)).toContain('100%·1/1名学生');
    await expect.poll(() => admin.getByRole('img', { name: '卡住的学生占比' }).isVisible()).toBe(true);
    await shot(admin, 'knowledge-graph-stats-stuck');
  });

  it('掌握测验 on A: a paper of A’s questions all right masters A and unlocks B', async () => {
    const figure = graphFigure(student);
    let card = await openNode(student, A);
    // 掌握测验 sits next to 去练习 (NodeDetail).
    const check = card.getByRole('button', { name: `掌握测验「${A}」` });
    await expect.poll(() => check.isVisible()).toBe(true);
    await check.click();
    await student.waitForURL(/\/student\/train\/[^/]+\/do$/);

    // The paper: every question shown at once, each answer saved as it is given.
    const questions = student.locator('.paper-question');
    await expect.poll(() => questions.count()).toBe(QUESTIONS[0]);
    expect(await visible(student, /答对/)).toBe(false);
    for (let i = 0; i < QUESTIONS[0]; i++) {
      await answerRight(questions.nth(i));
      await expect.poll(() => questions.nth(i).getByText('已保存').isVisible()).toBe(true);
    }
    await expect.poll(() => visible(student, `已作答 ${QUESTIONS[0]} / ${QUESTIONS[0]}`)).toBe(true);
    await student.evaluate(() => window.scrollTo(0, 0));
    await shot(student, 'knowledge-graph-check-paper');
    await student.getByRole('button', { name: '交卷', exact: true }).first().click();
    const confirm = await opened(student.locator('.ant-modal-confirm'));
    await expect.poll(() => confirm.innerText()).toContain('交卷后不能再修改答案。');
    await confirm.getByRole('button', { name: '交卷', exact: true }).click();
    // Mastered on the spot: the summary says so (docs/knowledge-graph.md "Practice").
    await expect.poll(() => visible(student, '恭喜！全部答对，这个知识点已掌握')).toBe(true);
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await squeezed(student.locator('.training-stats'))).toContain(`${QUESTIONS[0]}/${QUESTIONS[0]}`);
    await shot(student, 'knowledge-graph-check-done');

    // A paper all right masters A (docs/knowledge-graph.md "States and mastery", "Practice"): A green with a full
    // bar, B ready, C still locked.
    await backToGraph(student);
    await expect.poll(() => nodeState(figure, A)).toBe('mastered');
    expect(await progress(student, A)).toBe('1');
    expect(await nodeState(figure, B)).toBe('ready');
    expect(await nodeState(figure, C)).toBe('locked');
    card = await openNode(student, A);
    const text = await squeezed(card);
    expect(text).toContain('状态已掌握');
    expect(text).toContain('掌握程度掌握');
    card = await openNode(student, B);
    expect(await card.getByRole('button', { name: `去练习「${B}」` }).isEnabled()).toBe(true);
    await shot(student, 'knowledge-graph-student-mastered');

    // The admin's stats: nobody stuck any more.
    await admin.reload();
    await expect.poll(() => admin.getByRole('img', { name: '各知识点不同掌握程度的学生人数' }).isVisible()).toBe(true);
    await expect.poll(() => visible(admin, '还没有学生卡住')).toBe(true);
    await shot(admin, 'knowledge-graph-stats-mastered');
  });
  it('on a 375 px phone the student’s graph is a list by state: A mastered, B ready, C locked', async () => {
    const phone = await pageOf('student', PHONE);
    await phone.goto('/student/knowledgegraph/mine');
    await phone.getByRole('tab', { name: GRAPH }).click();
    const item = (name: string) =>
      phone.locator('.graph-list-item').filter({ has: phone.getByRole('button', { name, exact: true }) });
    await expect.poll(() => item(A).getAttribute('class')).toContain('graph-list-mastered');
    expect(await item(B).getAttribute('class')).toContain('graph-list-ready');
    expect(await item(C).getAttribute('class')).toContain('graph-list-locked');
    // The ready item has 去练习 beside it, the mastered one not; the locked one says what it needs first.
    expect(await phone.getByRole('button', { name: `去练习「${B}」` }).count()).toBe(1);
    expect(await phone.getByRole('button', { name: `去练习「${A}」` }).count()).toBe(0);
    expect(await squeezed(item(C))).toContain(`先掌握：${B}`);
    expect(await phone.locator('.react-flow').count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'knowledge-graph-student-375');
    await phone.context().close();
  });
});
