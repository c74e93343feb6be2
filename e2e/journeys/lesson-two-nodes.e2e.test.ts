// A lesson whose two participants are connected to two API processes (docs/lessons.md "More than one node"):
// deploy/two-nodes.sh itself starts node A (it migrates and seeds the demo data on a fresh PostgreSQL database),
// node B once A answers, and nginx with deploy/nginx.conf in front of both, on one Redis under a key prefix of this
// run (e2e/support/two-nodes.ts). The kernel's tables say the three ports belong to three processes of the script:
// two servers with different process ids, and nginx. 王老师's page is served by node A and 王小红's by node B, and the
// room's WebSocket of each goes to its own node: the teacher opens the lesson on A, the student joins on B, presence
// shows both, both draw and their boards converge, the video reaches `connected` on both sides and each decodes the
// other's frames (the signalling crosses the nodes through Redis), the agency admin watches through nginx (the room
// over WebSocket only, through the proxy, on whichever node nginx picks), a question pushed by the teacher is answered
// by the student and the teacher reads the verdict live, and 下课 ends the lesson on both nodes. PostgreSQL is needed
// (two processes cannot share a PGlite folder), so it runs when TEST_DATABASE_URL names one, as the kill -9 journey's
// PostgreSQL half (CI always sets it; .ci/run also starts Redis and installs nginx).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch } from '../support/browser.js';
import { opened } from '../support/dialogs.js';
import {
  callStats,
  drawRectangle,
  MEDIA_ARGS,
  pushAndAnswer,
  roomOf,
  rtcOf,
  sceneOf,
  scheduleLesson,
  watchPeerConnections,
} from '../support/lesson-room.js';
import { loginAs } from '../support/login.js';
import {
  descendsFrom,
  freshDatabase,
  listenerOf,
  requireRedis,
  startTwoNodes,
  type TwoNodes,
} from '../support/two-nodes.js';

const PG_ADMIN_URL = process.env.TEST_DATABASE_URL;
const DESKTOP = { width: 1280, height: 800 };
const peopleOf = (page: Page, role: string) => page.locator(`.lesson-room-person[data-role="${role}"]`).count();

describe.runIf(PG_ADMIN_URL !== undefined)('a lesson across two API processes behind nginx', () => {
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let nodes: TwoNodes | undefined;
  let browser: Browser | undefined;
  let teacher: Page;
  let student: Page;
  let lessonId: string;
  let failed = false;
  /** The room's WebSocket URLs each page opened (socket.io's, at /v1/realtime/). */
  const sockets = new Map<Page, string[]>();

  const pageOn = async (baseURL: string) => {
    const context = await browser!.newContext({ baseURL, locale: 'zh-CN', viewport: DESKTOP });
    await context.grantPermissions(['camera', 'microphone']);
    await watchPeerConnections(context);
    const page = await context.newPage();
    const urls: string[] = [];
    sockets.set(page, urls);
    page.on('websocket', (ws) => {
      if (ws.url().includes('/v1/realtime/')) urls.push(ws.url());
    });
    return page;
  };

  beforeAll(async () => {
    await requireRedis();
    database = await freshDatabase(PG_ADMIN_URL!);
    nodes = await startTwoNodes(database.url);
    ({ lessonId } = await scheduleLesson(nodes.nodeA));
    browser = await launch(MEDIA_ARGS);
    teacher = await pageOn(nodes.nodeA);
    student = await pageOn(nodes.nodeB);
  }, 360_000);

  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') failed = true;
  });

  afterAll(async () => {
    if (failed && nodes) console.log(`\n--- deploy/two-nodes.sh and its nodes ---\n${nodes.output()}`);
    await browser?.close().catch(() => undefined);
    await nodes?.stop();
    await database?.drop();
  }, 60_000);

  it('the script runs node A, node B and nginx as three processes of its own', () => {
    const a = listenerOf(nodes!.ports.a);
    const b = listenerOf(nodes!.ports.b);
    const proxy = listenerOf(nodes!.ports.proxy);
    expect(a?.cmdline).toContain('apps/server/src/server.ts');
    expect(b?.cmdline).toContain('apps/server/src/server.ts');
    expect(proxy?.cmdline).toMatch(/^nginx/);
    expect(new Set([a!.pid, b!.pid, proxy!.pid]).size).toBe(3);
    for (const p of [a!, b!, proxy!]) expect(descendsFrom(p.pid, nodes!.pid)).toBe(true);
  });

  it('the teacher opens the lesson on node A, the student joins on node B, and each sees the other', async () => {
    await loginAs(teacher, 'tutor');
    await teacher.waitForURL(/\/WTPteacher/);
    await teacher.goto(`/WTPteacher/webrtc/${lessonId}`);
    const start = teacher.getByRole('button', { name: '开始上课' });
    await expect.poll(() => start.isEnabled(), { timeout: 30_000 }).toBe(true);
    await start.click();
    // The confirmation zooms in: click 确定 once it stands still (docs/testing.md "Dialogs").
    await (await opened(teacher.locator('.ant-modal-confirm'))).getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => roomOf(teacher), { timeout: 30_000 }).toBe('connected');

    await loginAs(student, 'xiaohong');
    await student.waitForURL(/\/student/);
    await student.goto(`/student/eventutor/index/${lessonId}`);
    await expect.poll(() => roomOf(student), { timeout: 30_000 }).toBe('connected');

    // Presence is read from the room's sockets on every node (through Redis).
    await expect.poll(() => peopleOf(teacher, 'student'), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => peopleOf(student, 'teacher'), { timeout: 20_000 }).toBe(1);
    // Each room connection went to its own page's node, over WebSocket.
    expect(sockets.get(teacher)).not.toHaveLength(0);
    expect(sockets.get(student)).not.toHaveLength(0);
    for (const url of sockets.get(teacher)!)
      expect(url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${nodes!.ports.a}/`));
    for (const url of sockets.get(student)!)
      expect(url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${nodes!.ports.b}/`));
  });

  it('both draw and their boards converge', async () => {
    await expect.poll(() => teacher.getByTestId('toolbar-rectangle').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => student.getByTestId('toolbar-rectangle').isVisible(), { timeout: 30_000 }).toBe(true);
    await drawRectangle(teacher, 120, 120);
    await drawRectangle(student, 320, 200);
    await expect.poll(() => sceneOf(teacher), { timeout: 20_000 }).toMatch(/^2-/);
    await expect.poll(() => sceneOf(student), { timeout: 20_000 }).toMatch(/^2-/);
    await expect.poll(async () => (await sceneOf(teacher)) === (await sceneOf(student))).toBe(true);
  });

  it('they talk: both sides reach connected and decode the other’s camera', async () => {
    for (const page of [teacher, student]) {
      await expect.poll(() => rtcOf(page), { timeout: 45_000 }).toBe('connected');
      await expect.poll(async () => (await callStats(page)).framesDecoded, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(async () => (await callStats(page)).videoWidth).toBeGreaterThan(0);
      const stats = await callStats(page);
      expect(stats.state).toBe('connected');
      expect(stats.made).toBe(1);
    }
  });

  it('through nginx the agency admin watches: the room over WebSocket through the proxy, on either node', async () => {
    const admin = await pageOn(nodes!.proxyURL);
    await loginAs(admin, 'agency');
    await admin.waitForURL(/\/admin/);
    await admin.goto(`/admin/class/tldraw/${lessonId}`);
    await expect.poll(() => roomOf(admin), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => sceneOf(admin), { timeout: 20_000 }).toBe(await sceneOf(teacher));
    await expect.poll(() => peopleOf(teacher, 'observer'), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => peopleOf(student, 'observer'), { timeout: 20_000 }).toBe(1);
    const urls = sockets.get(admin)!;
    expect(urls).not.toHaveLength(0);
    for (const url of urls) expect(url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${nodes!.ports.proxy}/v1/realtime/`));
    await admin.context().close();
    await expect.poll(() => peopleOf(teacher, 'observer'), { timeout: 20_000 }).toBe(0);
  });

  it('the teacher pushes a question; the student answers it on the other node and the teacher sees the verdict live', async () => {
    await teacher.getByRole('button', { name: '课堂练习' }).click();
    const drawer = await opened(teacher.locator('.ant-drawer-content-wrapper'));
    await pushAndAnswer(teacher, drawer, student);
    await teacher.locator('.ant-drawer-close').click();
  });

  it('下课 on node A ends the lesson on node B too', async () => {
    await teacher.getByRole('button', { name: '下课' }).click();
    await (await opened(teacher.locator('.ant-modal-confirm'))).getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => teacher.getByText('课程已结束').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => student.getByText('课程已结束').isVisible(), { timeout: 30_000 }).toBe(true);
  });
});
