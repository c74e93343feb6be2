// The lesson room's journeys (docs/lessons.md): a tutoring lesson scheduled over the API, the board's fingerprint and
// drawing, and what the browser's own RTCPeerConnection says of the video — its state, the selected candidate pair
// (relayed or not) and the frames decoded — read with getStats.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { openedDropdown } from './dialogs.js';
import { loginAs } from './login.js';
import { api, apiLogin } from './training-api.js';

/** Chromium's fake camera and microphone, allowed without asking. */
export const MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

interface Person {
  userId: string;
  username: string;
}

/**
 * Sets up a lesson as the agency admin would: a tutoring class with 王小红 (xiaohong), a lesson of 王老师 (tutor)
 * starting in a minute (so that its teacher may open it at once).
 */
export async function scheduleLesson(baseURL: string): Promise<{ lessonId: string; title: string }> {
  const tag = randomBytes(3).toString('hex');
  const agency = await apiLogin(baseURL, 'agency');
  const student = await api<{ user: { id: string } }>(baseURL, 'POST', '/v1/auth/login', undefined, {
    username: 'xiaohong',
    password: DEMO_PASSWORD,
  });
  const cls = await api<{ id: string }>(baseURL, 'PUT', '/v1/class', agency, {
    kind: 'event',
    name: `课堂演练-${tag}`,
    description: '',
  });
  await api(baseURL, 'POST', `/v1/class/${cls.id}/members/add`, agency, { userIds: [student.user.id] });
  const options = await api<{ teachers: Person[]; students: Person[] }>(
    baseURL,
    'GET',
    `/v1/lesson/options?classId=${cls.id}`,
    agency,
  );
  const teacher = options.teachers.find((t) => t.username === 'tutor');
  if (!teacher) throw new Error('the homework teacher is not offered for the class');
  const title = `白板与视频 ${tag}`;
  const [lesson] = await api<{ lessonId: string }[]>(baseURL, 'PUT', '/v1/lesson', agency, {
    classId: cls.id,
    teacherId: teacher.userId,
    studentId: student.user.id,
    title,
    startsAt: Date.now() + 60_000,
    minutes: 30,
    weeks: 1,
  });
  if (!lesson) throw new Error('no lesson scheduled');
  return { lessonId: lesson.lessonId, title };
}

/** The board's fingerprint of the shown page (`<shown elements>-<hash>`). */
export const sceneOf = (page: Page) => page.locator('.lesson-board-canvas').getAttribute('data-board-scene');
/** The video's state as the room shows it (`data-rtc-state`). */
/** The room's socket as the page shows it (`connected`, `reconnecting`, …). */
export const roomOf = (page: Page) => page.locator('.lesson-room').getAttribute('data-room-connection');

export const rtcOf = (page: Page) => page.locator('.lesson-video').first().getAttribute('data-rtc-state');

/** Draws a rectangle with Excalidraw's tool, from (x, y) in the board's canvas, 120 × 80. */
export async function drawRectangle(page: Page, x: number, y: number) {
  // The tool's radio sits under its icon: the label takes the click.
  await page.locator('label', { has: page.getByTestId('toolbar-rectangle') }).click();
  const box = await page.locator('.lesson-board-canvas').boundingBox();
  if (!box) throw new Error('no board');
  await page.mouse.move(box.x + x, box.y + y);
  await page.mouse.down();
  await page.mouse.move(box.x + x + 60, box.y + y + 40, { steps: 5 });
  await page.mouse.move(box.x + x + 120, box.y + y + 80, { steps: 5 });
  await page.mouse.up();
}

/**
 * Keeps a list of the page's RTCPeerConnections (the browser's own, subclassed only to be counted), so that the
 * journey can read their stats and tell an ICE restart (the same connection) from a new connection.
 */
export async function watchPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __edu_pcs: RTCPeerConnection[] }).__edu_pcs = made;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    };
  });
}

export interface CallStats {
  /** Connections made on the page, and the state of the newest one still open. */
  made: number;
  state: RTCPeerConnectionState | null;
  /** The selected candidate pair: its id and the types of its local and remote candidates. */
  pair: string | null;
  local: string | null;
  remote: string | null;
  /** The addresses of the selected pair's local and remote candidates. */
  localAddress: string | null;
  remoteAddress: string | null;
  /** Video frames of the other side decoded so far. */
  framesDecoded: number;
  /** The other side's picture as the page's video element has it (0 before its first frame). */
  videoWidth: number;
}

/** What the page's newest open RTCPeerConnection says (watchPeerConnections must have run before the page). */
export function callStats(page: Page): Promise<CallStats> {
  return page.evaluate(async () => {
    const made = (window as unknown as { __edu_pcs?: RTCPeerConnection[] }).__edu_pcs ?? [];
    const pc = made.filter((p) => p.connectionState !== 'closed').at(-1);
    const video = document.querySelector<HTMLVideoElement>('.lesson-video-remote video');
    const out: CallStats = {
      made: made.length,
      state: pc?.connectionState ?? null,
      pair: null,
      local: null,
      remote: null,
      localAddress: null,
      remoteAddress: null,
      framesDecoded: 0,
      videoWidth: video?.videoWidth ?? 0,
    };
    if (!pc) return out;
    type Stat = { type: string; id: string; [k: string]: unknown };
    const stats = new Map<string, Stat>();
    (await pc.getStats()).forEach((s: Stat) => stats.set(s.id, s));
    const candidateField = (id: unknown, field: 'candidateType' | 'address') => {
      const value = typeof id === 'string' ? stats.get(id)?.[field] : undefined;
      return typeof value === 'string' ? value : null;
    };
    for (const s of stats.values()) {
      if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') {
        const pair = stats.get(s.selectedCandidatePairId);
        out.pair = s.selectedCandidatePairId;
        out.local = candidateField(pair?.localCandidateId, 'candidateType');
        out.remote = candidateField(pair?.remoteCandidateId, 'candidateType');
        out.localAddress = candidateField(pair?.localCandidateId, 'address');
        out.remoteAddress = candidateField(pair?.remoteCandidateId, 'address');
      }
      if (s.type === 'inbound-rtp' && s.kind === 'video') out.framesDecoded = Number(s.framesDecoded ?? 0);
    }
    return out;
  });
}

/** The title of the tab that screen sharing takes under PROMPTED_MEDIA_ARGS. */
export const SHARED_TAB_TITLE = 'edu-shared-tab';

/**
 * Chromium's fake camera and microphone behind the browser's own questions (MEDIA_ARGS without
 * `--use-fake-ui-for-media-stream`, which grants every request whatever a window's permissions say): a window granted
 * camera and microphone (`grantPermissions`) gets the fake devices, any other is refused (NotAllowedError, as a user
 * who answered 禁止); screen sharing takes the tab titled SHARED_TAB_TITLE without showing the picker (headless
 * chromium has no screen of its own to offer, and the switch matches ASCII titles only).
 */
export const PROMPTED_MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  `--auto-select-tab-capture-source-by-title=${SHARED_TAB_TITLE}`,
];

export interface MediaStats {
  /** The other side's audio played here (inbound-rtp): seconds of samples played and their energy. */
  audioSeconds: number;
  audioEnergy: number;
  /** The other side's video (inbound-rtp): frames decoded and the size of the latest. */
  framesDecoded: number;
  frameWidth: number;
  frameHeight: number;
  /** The tracks this side sends: whether each is enabled, the video's label and size. */
  audioSent: { enabled: boolean } | null;
  videoSent: { enabled: boolean; label: string; width: number; height: number } | null;
  /**
   * The mean brightness (0–255) of the other side's picture in the page's video element, drawn to a small canvas
   * (-1 before its first frame): a camera switched off sends black frames.
   */
  brightness: number;
}

/** The media of the page's newest open RTCPeerConnection, both ways (watchPeerConnections must have run). */
export function mediaStats(page: Page): Promise<MediaStats> {
  return page.evaluate(async () => {
    const made = (window as unknown as { __edu_pcs?: RTCPeerConnection[] }).__edu_pcs ?? [];
    const pc = made.filter((p) => p.connectionState !== 'closed').at(-1);
    const out: MediaStats = {
      audioSeconds: 0,
      audioEnergy: 0,
      framesDecoded: 0,
      frameWidth: 0,
      frameHeight: 0,
      audioSent: null,
      videoSent: null,
      brightness: -1,
    };
    const video = document.querySelector<HTMLVideoElement>('.lesson-video-remote > video:first-child');
    if (video && video.videoWidth > 0) {
      const canvas = document.createElement('canvas');
      canvas.width = 32;
      canvas.height = 24;
      const g = canvas.getContext('2d', { willReadFrequently: true });
      if (g) {
        g.drawImage(video, 0, 0, canvas.width, canvas.height);
        const px = g.getImageData(0, 0, canvas.width, canvas.height).data;
        let sum = 0;
        for (let i = 0; i < px.length; i += 4) sum += 0.2126 * px[i] + 0.7152 * px[i + 1] + 0.0722 * px[i + 2];
        out.brightness = sum / (px.length / 4);
      }
    }
    if (!pc) return out;
    for (const sender of pc.getSenders()) {
      const t = sender.track;
      if (t?.kind === 'audio') out.audioSent = { enabled: t.enabled };
      if (t?.kind === 'video') {
        const { width = 0, height = 0 } = t.getSettings();
        out.videoSent = { enabled: t.enabled, label: t.label, width, height };
      }
    }
    type Stat = { type: string; kind?: string; [k: string]: unknown };
    (await pc.getStats()).forEach((s: Stat) => {
      if (s.type !== 'inbound-rtp') return;
      if (s.kind === 'audio') {
        out.audioSeconds = Number(s.totalSamplesDuration ?? 0);
        out.audioEnergy = Number(s.totalAudioEnergy ?? 0);
      }
      if (s.kind === 'video') {
        out.framesDecoded = Number(s.framesDecoded ?? 0);
        out.frameWidth = Number(s.frameWidth ?? 0);
        out.frameHeight = Number(s.frameHeight ?? 0);
      }
    });
    return out;
  });
}

/**
 * 王老师 opens the lesson's video page and 王小红 the lesson; both rooms connect, the video reaches `connected` on both
 * sides and each decodes the other's frames.
 */
export async function joinWithVideo(teacher: Page, student: Page, lessonId: string): Promise<void> {
  await loginAs(teacher, 'tutor');
  await teacher.waitForURL(/\/WTPteacher/);
  await teacher.goto(`/WTPteacher/webrtc/${lessonId}`);
  await loginAs(student, 'xiaohong');
  await student.waitForURL(/\/student/);
  await student.goto(`/student/eventutor/index/${lessonId}`);
  for (const page of [teacher, student]) {
    await expect.poll(() => roomOf(page), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => rtcOf(page), { timeout: 45_000 }).toBe('connected');
    await expect.poll(async () => (await callStats(page)).framesDecoded, { timeout: 30_000 }).toBeGreaterThan(0);
  }
}

/**
 * From the teacher's open 课堂练习 drawer: pushes the first single choice of the bank; the student answers it with its
 * first option and reads the verdict; the teacher's list shows the verdict live (docs/lessons.md "The engine in the
 * lesson"). Answers the student's card.
 */
export async function pushAndAnswer(teacher: Page, drawer: Locator, student: Page): Promise<Locator> {
  await drawer.getByRole('tab', { name: '题库' }).click();
  // A single choice, so that the student answers with a click.
  await drawer.getByRole('combobox', { name: '题型' }).click();
  await (await openedDropdown(teacher)).getByText('单选题', { exact: true }).click();
  const push = drawer.getByRole('button', { name: '推送', exact: true }).first();
  await expect.poll(() => push.isEnabled(), { timeout: 30_000 }).toBe(true);
  await push.click();
  await expect.poll(() => drawer.getByText('待作答').first().isVisible()).toBe(true);

  const card = student.locator('.lesson-engine-card');
  await expect.poll(() => card.getByText(/老师推送了一道题/).isVisible(), { timeout: 30_000 }).toBe(true);
  await card.locator('.ant-radio-wrapper').first().click();
  await card.getByRole('button', { name: '提交' }).click();
  await expect
    .poll(() =>
      card
        .getByText(/回答正确|回答错误/)
        .first()
        .isVisible(),
    )
    .toBe(true);
  await expect
    .poll(
      () =>
        drawer
          .getByText(/^(正确|错误)$/)
          .first()
          .isVisible(),
      { timeout: 30_000 },
    )
    .toBe(true);
  return card;
}
