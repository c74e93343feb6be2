// The lesson video through a TURN relay (docs/lessons.md "Video", docs/coturn.md): Debian's coturn started for the
// journey (e2e/support/turn-server.ts: deploy/turnserver.conf on 127.0.0.1, TURN REST credentials with a random
// secret) and a server of its own with TURN_URLS and TURN_SECRET, so that `GET /v1/lesson/{id}/ice` hands out
// credentials coturn accepts. Both pages set `edu.rtc.relayOnly`, so their connections use relayed candidates only
// (`iceTransportPolicy: 'relay'`): 王老师 and 王小红 reach `connected` on a relay/relay pair and decode each other's
// frames. Then the student's network drops: the page goes offline (socket.io closes) and the relay dies with every
// allocation (killed — chromium's offline switch does not touch WebRTC, the relay is the media path here); the
// teacher's video shows the drop; both draw meanwhile. The network comes back (coturn again on its port, the page
// online): the room's socket rejoins, the same connections reach `connected` again on a new relayed pair (an ICE
// restart, no new connection), frames flow again, and the boards converge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, shot } from '../support/browser.js';
import {
  callStats,
  drawRectangle,
  joinWithVideo,
  MEDIA_ARGS,
  roomOf,
  rtcOf,
  sceneOf,
  scheduleLesson,
  watchPeerConnections,
} from '../support/lesson-room.js';
import { startServer, type RunningServer } from '../support/server-process.js';
import { startTurnServer, type TurnServer } from '../support/turn-server.js';
import { api, apiLogin } from '../support/training-api.js';

const DESKTOP = { width: 1280, height: 800 };

describe('the lesson video through a TURN relay', () => {
  let turn: TurnServer;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let teacher: Page;
  let student: Page;
  let studentContext: BrowserContext;
  let lessonId: string;

  beforeAll(async () => {
    turn = await startTurnServer();
    server = await startServer({ TURN_URLS: turn.url, TURN_SECRET: turn.secret, STUN_URLS: '' });
    const baseURL = server.baseURL;
    ({ lessonId } = await scheduleLesson(baseURL));
    await api(baseURL, 'POST', `/v1/lesson/${lessonId}/open`, await apiLogin(baseURL, 'tutor'));
    const b = await launch(MEDIA_ARGS);
    browser = b;
    const open = async () => {
      const context = await b.newContext({ baseURL, locale: 'zh-CN', viewport: DESKTOP });
      await context.grantPermissions(['camera', 'microphone']);
      await watchPeerConnections(context);
      // The test switch of the room (docs/lessons.md "Video"): relayed candidates only.
      await context.addInitScript(() => localStorage.setItem('edu.rtc.relayOnly', '1'));
      return context;
    };
    teacher = await (await open()).newPage();
    studentContext = await open();
    student = await studentContext.newPage();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await turn?.stop();
  });

  it('both reach connected on a relayed pair and decode each other’s frames', async () => {
    await joinWithVideo(teacher, student, lessonId);
    for (const page of [teacher, student]) {
      await expect.poll(async () => (await callStats(page)).videoWidth).toBeGreaterThan(0);
      const stats = await callStats(page);
      expect([stats.local, stats.remote]).toEqual(['relay', 'relay']);
      expect(stats.made).toBe(1);
    }
    await shot(teacher, 'lesson-video-relay-teacher-1280');
  });

  it('the student’s network drops and comes back: an ICE restart on the same connections, the boards converge', async () => {
    const before = { teacher: await callStats(teacher), student: await callStats(student) };
    await studentContext.setOffline(true);
    await turn.kill();
    // The room's socket of the student closes; the teacher's connection loses the student (the room shows
    // 等待对方 once the student's socket is gone from presence, or the connection's state before).
    await expect.poll(() => roomOf(student), { timeout: 30_000 }).toBe('reconnecting');
    await expect
      .poll(async () => (await callStats(teacher)).state, { timeout: 45_000 })
      .toMatch(/^(disconnected|failed)$/);
    expect(await rtcOf(teacher)).toMatch(/^(idle|disconnected|failed)$/);

    // Both draw while apart: the student's change waits for its socket.
    await expect.poll(() => teacher.getByTestId('toolbar-rectangle').isVisible(), { timeout: 30_000 }).toBe(true);
    await drawRectangle(teacher, 120, 120);
    await drawRectangle(student, 320, 200);
    // Each sees its own rectangle only while they are apart.
    await expect.poll(() => sceneOf(student)).toMatch(/^1-/);
    await expect.poll(() => sceneOf(teacher)).toMatch(/^1-/);

    await turn.start();
    await studentContext.setOffline(false);
    await expect.poll(() => roomOf(student), { timeout: 45_000 }).toBe('connected');
    for (const [page, had] of [
      [teacher, before.teacher],
      [student, before.student],
    ] as const) {
      await expect.poll(() => rtcOf(page), { timeout: 60_000 }).toBe('connected');
      // Frames flow again on the connection there was: the same one, on a new relayed pair.
      await expect
        .poll(async () => (await callStats(page)).framesDecoded, { timeout: 30_000 })
        .toBeGreaterThan(had.framesDecoded + 10);
      const now = await callStats(page);
      expect(now.made).toBe(had.made);
      // After a restart the other side's first check may come through the relay before its new candidate is
      // signalled: chromium then names that candidate peer-reflexive (prflx). Sent from the relay's address, it is
      // the other side's relayed candidate all the same.
      expect(now.local).toBe('relay');
      expect(now.remote === 'relay' || (now.remote === 'prflx' && now.remoteAddress === now.localAddress)).toBe(true);
      expect(now.pair).not.toBe(had.pair);
    }
    await expect.poll(() => sceneOf(teacher), { timeout: 30_000 }).toMatch(/^2-/);
    await expect.poll(async () => (await sceneOf(teacher)) === (await sceneOf(student))).toBe(true);
  }, 180_000);
});
