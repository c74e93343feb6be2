// The lesson room's HTTP calls (docs/lessons.md "Video", "Replay data") on the real database: ICE servers with TURN
// REST credentials coturn accepts, the replay's pages, snapshots and presence, and who may ask for each (404 for a
// lesson without a seat, whatever the agency).
import type { IceServers, LessonReplay } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../../db/schema-lessons.js';
import { BOARD_LIMITS } from '@edu/contract';
import { BoardStore } from '../../realtime/board-store.js';
import { PresenceStore } from '../../realtime/presence-store.js';
import { addLesson, listening, rect, type RoomApp } from '../../realtime/room.test-helper.js';
import { createTestApp, expectError, expectOk } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { pngOfSize } from '../../test/images.js';
import { iceServersFor, turnCredential } from './ice.js';

let r: RoomApp;
const tok: Record<string, string> = {};
let store: BoardStore;

const get = <T>(url: string, who: string, agency = 'demo') => r.t.call<T>('GET', url, { token: tok[who], agency });

beforeAll(async () => {
  const t = await createTestApp({
    config: {
      ice: {
        stunUrls: ['stun:stun.example.org:3478'],
        turnUrls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
        turnSecret: 'north-wind-secret-1',
        turnTtlSeconds: 600,
      },
    },
  });
  r = await listening(t);
  r.ids['live-ta'] = await addUser(t, 'live-ta', '训练管理员', ['edu:agency:demo:train:admin']);
  r.ids['live-s2'] = await addUser(t, 'live-s2', '周同学', ['edu:agency:demo:student']);
  for (const u of ['agency', 'teacher', 'student', 'parent', 'other', 'live-ta', 'live-s2']) tok[u] = await t.login(u);
  store = new BoardStore(t.db, { ...BOARD_LIMITS, snapshotEvery: 3 });
}, 60_000);

afterAll(async () => {
  await r?.t.close();
});

describe('ICE servers', () => {
  it('signs TURN REST credentials as coturn checks them', () => {
    // openssl dgst -sha1 -hmac north-wind-secret-1 -binary <<< '1700000000:42' (no newline) | base64
    expect(turnCredential('north-wind-secret-1', '1700000000:42')).toBe('DvtHMOV7Lnoe94y/DvbDns87h7o=');
    const ice = { stunUrls: [], turnUrls: [], turnSecret: undefined, turnTtlSeconds: 3600 };
    expect(iceServersFor(ice, 42, 0)).toEqual({ iceServers: [], ttl: 3600 });
    expect(iceServersFor({ ...ice, stunUrls: ['stun:a:3478'] }, 42, 0)).toEqual({
      iceServers: [{ urls: ['stun:a:3478'] }],
      ttl: 3600,
    });
  });

  it('answers the participants STUN and TURN with credentials valid for the TTL', async () => {
    const lessonId = await addLesson(r);
    const ice = expectOk(await get<IceServers>(`/v1/lesson/${lessonId}/ice`, 'student'));
    const expiry = Math.floor(r.t.clock.now() / 1000) + 600;
    const username = `${expiry}:${r.ids.student}`;
    expect(ice).toEqual({
      iceServers: [
        { urls: ['stun:stun.example.org:3478'] },
        {
          urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
          username,
          credential: turnCredential('north-wind-secret-1', username),
        },
      ],
      ttl: 600,
    });
    expectOk(await get(`/v1/lesson/${lessonId}/ice`, 'teacher'));
  });

  it('refuses observers and parents (403), and anyone without a seat (404)', async () => {
    const lessonId = await addLesson(r);
    expectError(await get(`/v1/lesson/${lessonId}/ice`, 'live-ta'), 403);
    expectError(await get(`/v1/lesson/${lessonId}/ice`, 'parent'), 403);
    expectError(await get(`/v1/lesson/${lessonId}/ice`, 'live-s2'), 404);
    expectError(await get(`/v1/lesson/${lessonId}/ice`, 'other', 'other'), 404);
    expectError(await get(`/v1/lesson/${lessonId}/ice`, 'teacher', 'other'), 403);
    expectError(await get(`/v1/lesson/abc/ice`, 'teacher'), 404);
  });
});

describe('replay', () => {
  const at = () => new Date(r.t.clock.now());
  const teacher = () => ({ userId: r.ids.teacher, role: 'teacher' as const });

  it('pages the changes by afterSeq and limit, with the snapshot index and a seek snapshot', async () => {
    const lessonId = await addLesson(r);
    const a = rect();
    for (let i = 1; i <= 7; i++) {
      r.t.clock.advance(1000);
      await store.update(lessonId, teacher(), [i === 1 ? a : { ...rect(), x: i }], at());
    }
    await store.lock(lessonId, r.ids.teacher, true, at());
    const url = `/v1/lesson/${lessonId}/replay`;
    const first = expectOk(await get<LessonReplay>(`${url}?limit=3`, 'teacher'));
    expect(first).toMatchObject({
      lessonId: String(lessonId),
      status: 'live',
      lastSeq: 8,
      nextAfterSeq: 3,
      snapshot: null,
    });
    expect(first.snapshots.map((s) => s.seq)).toEqual([3, 6]);
    expect(first.changes.map((c) => [c.seq, c.kind, c.by])).toEqual([
      [1, 'elements', String(r.ids.teacher)],
      [2, 'elements', String(r.ids.teacher)],
      [3, 'elements', String(r.ids.teacher)],
    ]);
    expect(first.changes[0].payload).toEqual({ elements: [a] });
    expect(first.changes[1].at - first.changes[0].at).toBe(1000);
    const seek = expectOk(await get<LessonReplay>(`${url}?afterSeq=6&snapshot=true`, 'live-ta'));
    expect(seek.snapshot?.seq).toBe(6);
    expect(seek.snapshot?.scene.elements).toHaveLength(6);
    expect(seek.changes.map((c) => [c.seq, c.kind, c.payload])).toEqual([
      [7, 'elements', expect.anything() as unknown],
      [8, 'lock', { locked: true }],
    ]);
    expect(seek.nextAfterSeq).toBeNull();
    expectError(await get(`${url}?limit=5001`, 'teacher'), 400);
    expectError(await get(`${url}?afterSeq=-1`, 'teacher'), 400);
  });

  it('ends a page once its payloads pass 4 MB (at least one change)', async () => {
    const lessonId = await addLesson(r);
    const heavy = () => Array.from({ length: 30 }, () => rect({ points: 'x'.repeat(60_000) }));
    for (let i = 0; i < 4; i++) await store.update(lessonId, teacher(), heavy(), at());
    const page = expectOk(await get<LessonReplay>(`/v1/lesson/${lessonId}/replay?limit=10`, 'teacher'));
    expect(page.changes.map((c) => c.seq)).toEqual([1, 2, 3]);
    expect(page.nextAfterSeq).toBe(3);
  });

  it('lets parents in once the lesson ended, with presence; refuses lessons never held', async () => {
    const lessonId = await addLesson(r);
    const presence = new PresenceStore(r.t.db);
    const p1 = await presence.join(lessonId, r.ids.teacher, 'teacher', at());
    r.t.clock.advance(60_000);
    await presence.join(lessonId, r.ids.student, 'student', at());
    r.t.clock.advance(60_000);
    await presence.leave(p1, at());
    const url = `/v1/lesson/${lessonId}/replay`;
    expectError(await get(url, 'parent'), 403);
    const during = expectOk(await get<LessonReplay>(url, 'student'));
    expect(during.presence.map((p) => [p.role, p.leftAt === null])).toEqual([
      ['teacher', false],
      ['student', true],
    ]);
    r.t.clock.advance(60_000);
    await r.t.db.update(lessons).set({ status: 'ended', closedAt: at() }).where(eq(lessons.id, lessonId));
    const after = expectOk(await get<LessonReplay>(url, 'parent'));
    expect(after.status).toBe('ended');
    expect(after.closedAt).toBe(r.t.clock.now());
    // The student's row was never closed (a lost node): it ends at the close.
    expect(after.presence.map((p) => [p.name, p.role, p.leftAt])).toEqual([
      ['张老师', 'teacher', r.t.clock.now() - 60_000],
      ['李小明', 'student', r.t.clock.now()],
    ]);
    expectError(await get(url, 'live-s2'), 404);
    expectError(await get(url, 'other', 'other'), 404);
    const scheduled = await addLesson(r, { status: 'scheduled' });
    expectError(await get(`/v1/lesson/${scheduled}/replay`, 'teacher'), 409);
  });
});

describe('board images', () => {
  it('keeps a file a board element shows (tombstones too) through the files sweep, and sweeps the others', async () => {
    const lessonId = await addLesson(r);
    const upload = async () =>
      expectOk(
        await r.t.call<{ id: string }>('PUT', '/v1/files', {
          token: tok.teacher,
          agency: 'demo',
          headers: { 'content-type': 'image/png' },
          body: pngOfSize(2000),
        }),
      ).id;
    const [shown, deleted, loose] = [await upload(), await upload(), await upload()];
    const teacher = { userId: r.ids.teacher, role: 'teacher' as const };
    const at = new Date(r.t.clock.now());
    await store.update(lessonId, teacher, [rect({ type: 'image', fileId: shown })], at);
    const gone = rect({ type: 'image', fileId: deleted });
    await store.update(lessonId, teacher, [gone], at);
    await store.update(lessonId, teacher, [{ ...gone, version: 2, isDeleted: true }], at);
    r.t.clock.advance(25 * 3600 * 1000);
    await r.t.app.services.filesSweep.run();
    const status = async (id: string) => (await r.t.app.inject({ method: 'GET', url: `/v1/files/${id}` })).statusCode;
    expect([await status(shown), await status(deleted), await status(loose)]).toEqual([200, 200, 404]);
  });
});
