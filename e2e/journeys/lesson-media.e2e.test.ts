// Mute, camera off and screen sharing in the lesson room (docs/lessons.md "Video", docs/web.md "The lesson room"):
// 王老师 and 王小红 in one lesson with chromium's fake camera and microphone reach `connected`, then the teacher
//
// - mutes (静音): their button turns to 取消静音, the student's video shows 对方已静音, the teacher's sender carries a
//   disabled track and the audio the student plays has no energy; 取消静音 brings the energy back;
// - switches the camera off (关闭摄像头): the student's page hides the teacher's video behind 对方未开摄像头 and the
//   frames it decodes are black; 打开摄像头 brings the picture back;
// - shares a tab of slides (共享屏幕; chromium picks the tab by its title, no picker): the button turns to 停止共享,
//   the student decodes the slide instead of the camera (another shape, a white page), the header marks the sharing;
//   停止共享 goes back to the camera, and so does closing the shared tab (the browser's sharing ends);
//
// and the student comes back in a window whose camera and microphone are refused (the browser's own question,
// answered no): the clear message, the board still there, the teacher still seen, and the teacher sees the student
// muted with no camera. Screenshots at 1280 px: e2e/screenshots/lesson-media-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, shot } from '../support/browser.js';
import {
  joinWithVideo,
  mediaStats,
  PROMPTED_MEDIA_ARGS,
  roomOf,
  rtcOf,
  scheduleLesson,
  SHARED_TAB_TITLE,
  watchPeerConnections,
} from '../support/lesson-room.js';
import { loginAs } from '../support/login.js';
import { api, apiLogin } from '../support/training-api.js';

const DESKTOP = { width: 1280, height: 800 };
/** The other side's picture and what the page shows instead of it. */
const remoteVideo = (page: Page) => page.locator('.lesson-video-remote > video').first();
const placeholder = (page: Page) => page.locator('.lesson-video-remote .lesson-video-empty');
/** The teacher's mark in the header's people: 已静音, 正在共享屏幕. */
const teacherMark = (page: Page, label: string) =>
  page.locator('.lesson-room-person[data-role="teacher"]').getByLabel(label, { exact: true });
/** A picture at most this bright (0–255) is black: the fake camera's is about 100. */
const BLACK = 16;
/**
 * Energy of 2 s of audio that is silence: a disabled track's decoded silence leaves rounding (about 1e-9); the fake
 * microphone's beeps give about 0.5.
 */
const SILENCE = 1e-6;
/** A picture at least this bright is the white slide. */
const WHITE = 200;
/** The slides the teacher shares: a white page. */
const SLIDE = `<title>${SHARED_TAB_TITLE}</title><body style="margin:0;background:#fff;font:48px sans-serif"><p style="margin:40px">课件 第 1 页</p></body>`;
/** A picture's shape, width per 100 of height: the camera's 4:3 is 133, a 1280 × 800 tab's 160. */
const shape = (w: number, h: number) => Math.round((100 * w) / Math.max(h, 1));

/**
 * The energy of the other side's audio in the next `seconds` the page plays (a wait for the page's playout, not for a
 * time: the player advances only as audio arrives).
 */
async function energyOver(page: Page, seconds: number): Promise<number> {
  const start = await mediaStats(page);
  await expect
    .poll(async () => (await mediaStats(page)).audioSeconds, { timeout: 30_000 })
    .toBeGreaterThan(start.audioSeconds + seconds);
  return (await mediaStats(page)).audioEnergy - start.audioEnergy;
}

describe('mute, camera off and screen sharing in the lesson room', () => {
  const baseURL = demoServerURL();
  let browser: Browser;
  let teacher: Page;
  let student: Page;
  let studentContext: BrowserContext;
  let lessonId: string;
  /** The camera's picture as the student decodes it. */
  let camera: { width: number; height: number; label: string };

  beforeAll(async () => {
    browser = await launch(PROMPTED_MEDIA_ARGS);
    ({ lessonId } = await scheduleLesson(baseURL));
    // Opening the lesson through the room's button is lesson-room.e2e.test.ts's.
    await api(baseURL, 'POST', `/v1/lesson/${lessonId}/open`, await apiLogin(baseURL, 'tutor'));
    const open = async () => {
      const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: DESKTOP });
      await context.grantPermissions(['camera', 'microphone']);
      await watchPeerConnections(context);
      return context;
    };
    teacher = await (await open()).newPage();
    studentContext = await open();
    student = await studentContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    // Ends the lesson, so that 王老师's slot is free for the next lesson journey (a live lesson keeps its teacher busy).
    if (lessonId) await api(baseURL, 'POST', `/v1/lesson/${lessonId}/close`, await apiLogin(baseURL, 'tutor'));
  });

  it('both reach connected and hear and see each other', async () => {
    await joinWithVideo(teacher, student, lessonId);
    // The student plays the teacher's microphone (the fake device beeps) and sees the camera's picture.
    expect(await energyOver(student, 2)).toBeGreaterThan(1000 * SILENCE);
    await expect.poll(async () => (await mediaStats(student)).brightness, { timeout: 30_000 }).toBeGreaterThan(BLACK);
    const sent = (await mediaStats(teacher)).videoSent;
    expect(sent?.enabled).toBe(true);
    const seen = await mediaStats(student);
    camera = { width: seen.frameWidth, height: seen.frameHeight, label: sent?.label ?? '' };
    expect(camera.width).toBeGreaterThan(0);
  });

  it('静音: the teacher’s button turns to 取消静音, the student sees 对方已静音 and hears nothing', async () => {
    await teacher.getByRole('button', { name: '静音', exact: true }).click();
    await expect.poll(() => teacher.getByRole('button', { name: '取消静音', exact: true }).isVisible()).toBe(true);
    // The student's video marks the teacher muted (the teacher's rtc:state, through lesson:presence).
    await expect
      .poll(() => student.locator('.lesson-video-name').getByLabel('对方已静音').isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await teacherMark(student, '已静音').count()).toBe(1);
    // The track the teacher sends is disabled…
    expect((await mediaStats(teacher)).audioSent).toEqual({ enabled: false });
    // …so the student plays silence: once the audio already on its way has played, none of it carries energy.
    await energyOver(student, 2);
    expect(await energyOver(student, 2)).toBeLessThan(SILENCE);
    await shot(student, 'lesson-media-muted-student-1280');
  });

  it('取消静音 brings the teacher’s audio back', async () => {
    await teacher.getByRole('button', { name: '取消静音', exact: true }).click();
    await expect.poll(() => teacher.getByRole('button', { name: '静音', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => student.locator('.lesson-video-name').getByLabel('对方已静音').count()).toBe(0);
    expect(await teacherMark(student, '已静音').count()).toBe(0);
    expect((await mediaStats(teacher)).audioSent).toEqual({ enabled: true });
    // The beeps are heard again (more than silence's rounding).
    const before = (await mediaStats(student)).audioEnergy;
    await expect
      .poll(async () => (await mediaStats(student)).audioEnergy, { timeout: 30_000 })
      .toBeGreaterThan(before + 1000 * SILENCE);
  });

  it('关闭摄像头: the student sees 对方未开摄像头 instead of the picture, and the frames are black', async () => {
    await teacher.getByRole('button', { name: '关闭摄像头', exact: true }).click();
    await expect.poll(() => teacher.getByRole('button', { name: '打开摄像头', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => placeholder(student).textContent(), { timeout: 30_000 }).toContain('对方未开摄像头');
    expect(await remoteVideo(student).isVisible()).toBe(false);
    await expect.poll(async () => (await mediaStats(teacher)).videoSent?.enabled, { timeout: 30_000 }).toBe(false);
    // The track stays on the connection, disabled: what arrives is black.
    await expect
      .poll(async () => (await mediaStats(student)).brightness, { timeout: 30_000 })
      .toBeLessThanOrEqual(BLACK);
    await shot(student, 'lesson-media-camera-off-student-1280');

    await teacher.getByRole('button', { name: '打开摄像头', exact: true }).click();
    await expect.poll(() => remoteVideo(student).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await placeholder(student).count()).toBe(0);
    const frames = (await mediaStats(student)).framesDecoded;
    await expect.poll(async () => (await mediaStats(student)).brightness, { timeout: 30_000 }).toBeGreaterThan(BLACK);
    await expect
      .poll(async () => (await mediaStats(student)).framesDecoded, { timeout: 30_000 })
      .toBeGreaterThan(frames + 10);
  });

  it('共享屏幕: the student sees the shared slides instead of the camera; 停止共享 goes back to the camera', async () => {
    const slides = await teacher.context().newPage();
    await slides.setContent(SLIDE);
    await share();
    await shot(teacher, 'lesson-media-sharing-teacher-1280');
    await shot(student, 'lesson-media-sharing-student-1280');
    await teacher.getByRole('button', { name: '停止共享' }).click();
    await backToCamera();

    // Sharing again, then closing the shared tab: the browser's sharing ends, and the camera comes back by itself.
    await share();
    await slides.close();
    await backToCamera();
  });

  /** 共享屏幕: the teacher sends the slides' tab, and the student decodes it. */
  async function share() {
    await teacher.getByRole('button', { name: '共享屏幕' }).click();
    await expect
      .poll(() => teacher.getByRole('button', { name: '停止共享' }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    // The tab's track takes the camera's place on the same sender (replaceTrack, which resolves a moment after
    // the button has changed)…
    await expect
      .poll(async () => (await mediaStats(teacher)).videoSent?.label, { timeout: 30_000 })
      .not.toBe(camera.label);
    const sent = (await mediaStats(teacher)).videoSent;
    expect(sent?.enabled).toBe(true);
    // …and the student decodes it: a white page of the tab's shape.
    await expect
      .poll(
        async () => {
          const s = await mediaStats(student);
          return { shape: shape(s.frameWidth, s.frameHeight), white: s.brightness >= WHITE };
        },
        { timeout: 30_000 },
      )
      .toEqual({ shape: shape(sent?.width ?? 0, sent?.height ?? 0), white: true });
    expect(shape(sent?.width ?? 0, sent?.height ?? 0)).not.toBe(shape(camera.width, camera.height));
    expect(await remoteVideo(student).isVisible()).toBe(true);
    // The header marks who shares.
    await expect.poll(() => teacherMark(student, '正在共享屏幕').count()).toBe(1);
  }

  /** The teacher's camera is sent again and the student decodes it. */
  async function backToCamera() {
    await expect
      .poll(() => teacher.getByRole('button', { name: '共享屏幕' }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    // The camera is back on the sender once replaceTrack resolves, a moment after the button has changed.
    await expect.poll(async () => (await mediaStats(teacher)).videoSent?.label, { timeout: 30_000 }).toBe(camera.label);
    await expect
      .poll(
        async () => {
          const s = await mediaStats(student);
          return { shape: shape(s.frameWidth, s.frameHeight), camera: s.brightness > BLACK && s.brightness < WHITE };
        },
        { timeout: 30_000 },
      )
      .toEqual({ shape: shape(camera.width, camera.height), camera: true });
    await expect.poll(() => teacherMark(student, '正在共享屏幕').count()).toBe(0);
  }

  it('a student whose camera and microphone are refused is told so and keeps the board', async () => {
    // The student comes back in another window (it takes the seat over) that was never granted camera and
    // microphone: the browser's question is answered no.
    await studentContext.close();
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: DESKTOP });
    await watchPeerConnections(context);
    const page = await context.newPage();
    await loginAs(page, 'xiaohong');
    await page.waitForURL(/\/student/);
    await page.goto(`/student/eventutor/index/${lessonId}`);
    await expect.poll(() => roomOf(page), { timeout: 30_000 }).toBe('connected');
    const problem = page.locator('.lesson-video-problem');
    await expect.poll(() => problem.textContent(), { timeout: 30_000 }).toContain('摄像头或麦克风权限被拒绝');
    expect(await problem.textContent()).toContain('也可以只用白板上课');
    // Nothing to mute or switch off; the board is there to draw on.
    expect(await page.getByRole('button', { name: '取消静音', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '打开摄像头', exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('toolbar-rectangle').isVisible(), { timeout: 30_000 }).toBe(true);
    // The call goes on one way: the student sees the teacher; the teacher sees the student muted, without a camera.
    await expect.poll(() => rtcOf(page), { timeout: 45_000 }).toBe('connected');
    await expect.poll(async () => (await mediaStats(page)).brightness, { timeout: 30_000 }).toBeGreaterThan(BLACK);
    await expect.poll(() => placeholder(teacher).textContent(), { timeout: 30_000 }).toContain('对方未开摄像头');
    await expect.poll(() => teacher.locator('.lesson-video-name').getByLabel('对方已静音').isVisible()).toBe(true);
    await shot(page, 'lesson-media-refused-student-1280');
  });
});
