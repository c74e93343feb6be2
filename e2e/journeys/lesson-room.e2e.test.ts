// The lesson room (docs/web.md "The lesson room"): a tutoring lesson of a class of its own, 王老师 (homework
// teacher of demo) with 王小红, scheduled over the API to start now. The teacher opens it from the room (开始上课),
// the student is let in; both draw a rectangle and their boards converge (the board's fingerprint of the page is the
// same on both, with both rectangles); the video reaches `connected` on both sides with chromium's fake camera and
// microphone, on one direct connection a side, and each decodes the other's frames (getStats; the relay and a
// network drop: lesson-video-relay.e2e.test.ts); the teacher's lock makes the student's board view-only with
// 老师已锁定白板; the agency admin watches as 旁听; the teacher pushes a question of the bank, the student answers it
// and the teacher reads the verdict live; a second push withdrawn (撤回) before the answer leaves the teacher's list
// and the student's card; 下课 ends the lesson for everybody. Screenshots at 1280 and 375 px:
// e2e/screenshots/lesson-room-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import { launch, shot } from '../support/browser.js';
import {
  callStats,
  drawRectangle,
  MEDIA_ARGS,
  pushAndAnswer,
  rtcOf,
  sceneOf,
  scheduleLesson,
  watchPeerConnections,
} from '../support/lesson-room.js';
import { opened } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

describe('the lesson room', () => {
  const baseURL = demoServerURL();
  let browser: Browser;
  let teacher: Page;
  let student: Page;
  let lessonId: string;
  let title: string;

  beforeAll(async () => {
    browser = await launch(MEDIA_ARGS);
    ({ lessonId, title } = await scheduleLesson(baseURL));
    const open = async () => {
      const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: DESKTOP });
      await context.grantPermissions(['camera', 'microphone']);
      await watchPeerConnections(context);
      return context.newPage();
    };
    teacher = await open();
    student = await open();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the student waits until the teacher opens the lesson, then both are in the room', async () => {
    await loginAs(student, 'xiaohong');
    await student.waitForURL(/\/student/);
    await student.goto(`/student/eventutor/index/${lessonId}`);
    await expect.poll(() => student.getByText('课程尚未开始').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() =>
        student
          .getByText(/北京时间/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await shot(student, 'lesson-room-waiting');

    await loginAs(teacher, 'tutor');
    await teacher.waitForURL(/\/WTPteacher/);
    await teacher.goto(`/WTPteacher/webrtc/${lessonId}`);
    await expect
      .poll(() => teacher.getByRole('button', { name: '开始上课' }).isEnabled(), { timeout: 30_000 })
      .toBe(true);
    await teacher.getByRole('button', { name: '开始上课' }).click();
    // The confirmation stands still before 确定 is clicked (docs/testing.md "Dialogs"): a CI run with two journeys at
    // once clicked while it zoomed in, and the dialog stayed open.
    await (await opened(teacher.locator('.ant-modal-confirm'))).getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => teacher.locator('.ant-modal-confirm').count()).toBe(0);
    await expect
      .poll(() => teacher.locator('.lesson-room').getAttribute('data-room-connection'), { timeout: 30_000 })
      .toBe('connected');
    await expect.poll(() => teacher.getByText(title).first().isVisible()).toBe(true);

    // The waiting student's page reads the lesson again every 15 s and enters.
    await expect
      .poll(() => student.locator('.lesson-room').getAttribute('data-room-connection'), { timeout: 40_000 })
      .toBe('connected');
    await expect.poll(() => teacher.locator('.lesson-room-person').count()).toBe(2);
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
    // docs/lessons.md "Video": data-rtc-state is the connection's state; the browser's own connection says the rest.
    for (const page of [teacher, student]) {
      await expect.poll(() => rtcOf(page), { timeout: 45_000 }).toBe('connected');
      await expect.poll(async () => (await callStats(page)).framesDecoded, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(async () => (await callStats(page)).videoWidth).toBeGreaterThan(0);
      const stats = await callStats(page);
      expect(stats.state).toBe('connected');
      // No TURN server on this server (the relay's journey: lesson-video-relay.e2e.test.ts): a direct pair.
      expect(stats.local).not.toBe('relay');
      // One connection a side: nothing was started twice.
      expect(stats.made).toBe(1);
    }
    await shot(teacher, 'lesson-room-teacher-1280');
    await shot(student, 'lesson-room-student-1280');
  });

  it('the teacher locks the board: the student sees 老师已锁定白板 and cannot draw', async () => {
    await teacher.getByRole('switch', { name: '锁定白板' }).click();
    await expect.poll(() => student.getByText('老师已锁定白板').isVisible()).toBe(true);
    await expect.poll(() => student.getByTestId('toolbar-rectangle').count()).toBe(0);
    await teacher.getByRole('switch', { name: '锁定白板' }).click();
    await expect.poll(() => student.getByText('老师已锁定白板').count()).toBe(0);
  });

  it('on a 375 px phone the board takes the width and the video floats over it with its buttons', async () => {
    await student.setViewportSize(PHONE);
    await expect.poll(() => student.locator('.lesson-room-phone').count()).toBe(1);
    const fit = await student.evaluate(() => {
      const board = document.querySelector('.lesson-board-canvas')?.getBoundingClientRect();
      const overlay = document.querySelector('.lesson-room-overlay')?.getBoundingClientRect();
      const buttons = Array.from(document.querySelectorAll('.lesson-video-controls button'), (b) =>
        b.getBoundingClientRect(),
      );
      return {
        pageWidth: document.documentElement.scrollWidth,
        boardWidth: board?.width ?? 0,
        overlayInside: !!overlay && overlay.right <= window.innerWidth && overlay.bottom <= window.innerHeight,
        buttonsInside: buttons.length > 0 && buttons.every((b) => b.right <= window.innerWidth && b.height >= 32),
      };
    });
    expect(fit.pageWidth).toBeLessThanOrEqual(PHONE.width);
    expect(fit.boardWidth).toBeGreaterThanOrEqual(PHONE.width - 2);
    expect(fit.overlayInside).toBe(true);
    expect(fit.buttonsInside).toBe(true);
    await shot(student, 'lesson-room-student-375');
    await student.setViewportSize(DESKTOP);
  });

  it('the agency admin watches as 旁听 and cannot draw', async () => {
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: DESKTOP });
    const admin = await context.newPage();
    await loginAs(admin, 'agency');
    await admin.waitForURL(/\/admin/);
    await admin.goto(`/admin/class/tldraw/${lessonId}`);
    await expect
      .poll(() => admin.locator('.lesson-room').getAttribute('data-room-connection'), { timeout: 30_000 })
      .toBe('connected');
    await expect.poll(() => admin.getByText('旁听').first().isVisible()).toBe(true);
    await expect.poll(() => sceneOf(admin), { timeout: 20_000 }).toBe(await sceneOf(teacher));
    await expect.poll(() => admin.getByTestId('toolbar-rectangle').count()).toBe(0);
    expect(await admin.locator('.lesson-video').getAttribute('data-rtc-state')).toBe('off');
    await shot(admin, 'lesson-room-observer-1280');
    await context.close();
  });

  it('the teacher pushes a question of the bank; the student answers it and the teacher sees the result live', async () => {
    // docs/lessons.md "The engine in the lesson".
    await teacher.getByRole('button', { name: '课堂练习' }).click();
    const drawer = teacher.locator('.ant-drawer-content-wrapper');
    const card = await pushAndAnswer(teacher, drawer, student);
    await shot(teacher, 'lesson-room-engine-teacher-1280');
    await shot(student, 'lesson-room-engine-student-1280');
    await teacher.locator('.ant-drawer-close').click();
    await card.getByRole('button', { name: '收起' }).click();
  });

  it('the teacher withdraws a push before the answer: it leaves both sides (docs/lessons.md "Withdrawing a push")', async () => {
    await teacher.getByRole('button', { name: '课堂练习' }).click();
    const drawer = teacher.locator('.ant-drawer-content-wrapper');
    await drawer.getByRole('tab', { name: '题库' }).click();
    const push = drawer
      .getByRole('button', { name: '推送', exact: true })
      .and(teacher.locator('button:enabled'))
      .first();
    await expect.poll(() => push.isVisible(), { timeout: 30_000 }).toBe(true);
    await push.click();
    const pushed = drawer.locator('section[aria-label="已推送"]');
    await expect.poll(() => pushed.getByText('待作答').first().isVisible(), { timeout: 30_000 }).toBe(true);
    const card = student.locator('.lesson-engine-card');
    await expect.poll(() => card.getByText(/老师推送了一道题/).isVisible(), { timeout: 30_000 }).toBe(true);

    await pushed.getByRole('button', { name: '撤回', exact: true }).click();
    const confirm = teacher.locator('.ant-popover').filter({ hasText: '撤回这道题？' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await shot(teacher, 'lesson-room-engine-withdraw-1280');
    await confirm.getByRole('button', { name: '撤回' }).click();
    await expect.poll(() => pushed.getByText('待作答').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => student.getByText('老师撤回了这道题').isVisible(), { timeout: 30_000 }).toBe(true);
    await shot(student, 'lesson-room-engine-withdrawn-student-1280');
    await teacher.locator('.ant-drawer-close').click();
  });

  it('下课 ends the lesson for everybody; the student is offered the replay', async () => {
    await teacher.getByRole('button', { name: '下课' }).click();
    // The confirmation zooms in: click 确定 once it stands still (docs/testing.md "Dialogs").
    await (await opened(teacher.locator('.ant-modal-confirm'))).getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => teacher.getByText('课程已结束').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => student.getByText('课程已结束').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => student.getByRole('button', { name: '查看回放' }).isVisible()).toBe(true);
  });
});
