// The lesson room over a real socket (docs/lessons.md "Realtime", "Video"): the handshake's refusals, the join
// matrix (404 for every lesson the caller has no seat in, whatever the agency), presence, observers, the signalling
// relay, the limits that close one connection only (malformed, oversized, flooded), and the periodic check dropping
// a revoked token.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_QUEUED_BOARD_CHANGES, type BoardElement, type JoinResult, type Peer } from '@edu/contract';
import { lessonPresence, lessons } from '../db/schema-lessons.js';
import { addUser } from '../test/test-users.js';
import {
  addLesson,
  ask,
  closed,
  connect,
  next,
  rect,
  roomConfig,
  startRoomApp,
  type ClientSocket,
  type RoomApp,
} from './room.test-helper.js';

let r: RoomApp;
const tok: Record<string, string> = {};
const open: ClientSocket[] = [];
let live: number;

const as = async (who: string, agency = 'demo') => {
  const s = await connect(r.url, tok[who], agency);
  open.push(s);
  return s;
};

const join = async (s: ClientSocket, lessonId: number) => {
  const a = await ask(s, 'lesson:join', { lessonId });
  expect(a, JSON.stringify(a)).toMatchObject({ ok: true });
  return a as unknown as JoinResult & { ok: true };
};

beforeAll(async () => {
  r = await startRoomApp(roomConfig({ maxMessageBytes: 128 * 1024, messagesPerSecond: 20, messageBurst: 40 }));
  r.ids['room-ta'] = await addUser(r.t, 'room-ta', '训练管理员', ['edu:agency:demo:train:admin']);
  r.ids['room-dual'] = await addUser(r.t, 'room-dual', '两机构老师', [
    'edu:agency:demo:teacher',
    'edu:agency:other:admin',
  ]);
  r.ids['room-s2'] = await addUser(r.t, 'room-s2', '周同学', ['edu:agency:demo:student']);
  for (const u of ['agency', 'teacher', 'student', 'parent', 'other', 'room-ta', 'room-dual', 'room-s2'])
    tok[u] = await r.t.login(u);
  live = await addLesson(r);
}, 60_000);

afterAll(async () => {
  for (const s of open) s.close();
  await r?.t.close();
});

describe('handshake', () => {
  it('refuses a missing, unknown or revoked token (401) and bad auth (400)', async () => {
    await expect(connect(r.url, '')).rejects.toMatchObject({ code: 400 });
    await expect(connect(r.url, 'x'.repeat(43))).rejects.toMatchObject({
      code: 401,
      message: '登录已失效，请重新登录',
    });
    await expect(connect(r.url, tok.teacher, 'Not An Agency')).rejects.toMatchObject({ code: 400 });
    const gone = await r.t.login('student');
    await r.t.call('POST', '/v1/auth/logout', { token: gone });
    await expect(connect(r.url, gone)).rejects.toMatchObject({ code: 401 });
  });

  it('refuses an agency the user cannot act in, known or not (403)', async () => {
    await expect(connect(r.url, tok.teacher, 'other')).rejects.toMatchObject({ code: 403 });
    await expect(connect(r.url, tok.teacher, 'nowhere')).rejects.toMatchObject({ code: 403 });
    const s = await as('room-dual', 'other');
    expect(s.connected).toBe(true);
  });

  it('answers plain HTTP on the path with an error, never the polling transport', async () => {
    const res = await fetch(`${r.url}/v1/realtime/?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
  });
});

describe('joining', () => {
  it('answers 404 for a lesson of another teacher or student, another agency, or one that does not exist', async () => {
    const others = await addLesson(r, { studentId: r.ids['room-s2'] });
    const foreign = await addLesson(r, { agencyId: 'other', teacherId: r.ids['room-dual'] });
    const student = await as('student');
    for (const lessonId of [others, foreign, 999_999])
      expect(await ask(student, 'lesson:join', { lessonId })).toMatchObject({ ok: false, error: { code: 404 } });
    // The dual teacher acting in `demo` does not reach the `other` lesson they teach there (wrong agency).
    const dual = await as('room-dual');
    expect(await ask(dual, 'lesson:join', { lessonId: foreign })).toMatchObject({ ok: false, error: { code: 404 } });
    const dualThere = await as('room-dual', 'other');
    await join(dualThere, foreign);
    // An admin of `other` reaches none of `demo`'s lessons.
    const other = await as('other', 'other');
    expect(await ask(other, 'lesson:join', { lessonId: live })).toMatchObject({ ok: false, error: { code: 404 } });
  });

  it('keeps parents out of the live room (403) and refuses lessons that are not live (409)', async () => {
    const parent = await as('parent');
    expect(await ask(parent, 'lesson:join', { lessonId: live })).toMatchObject({ ok: false, error: { code: 403 } });
    const teacher = await as('teacher');
    const scheduled = await addLesson(r, { status: 'scheduled' });
    const ended = await addLesson(r, { status: 'ended' });
    expect(await ask(teacher, 'lesson:join', { lessonId: scheduled })).toEqual({
      ok: false,
      error: { code: 409, message: '课程尚未开始' },
    });
    expect(await ask(teacher, 'lesson:join', { lessonId: ended })).toEqual({
      ok: false,
      error: { code: 409, message: '课程已结束' },
    });
  });

  it('shows teacher, student and observers in presence, records the joins, and observers send nothing', async () => {
    const lessonId = await addLesson(r);
    const teacher = await as('teacher');
    const t = await join(teacher, lessonId);
    expect(t).toMatchObject({ role: 'teacher', status: 'live', board: { elements: [], seq: 0, locked: false } });
    expect(t.board.pages).toEqual([{ id: 'p1', name: '第 1 页' }]);
    const student = await as('student');
    const seen = next<{ peers: Peer[] }>(teacher, 'lesson:presence', 5000, (p) => p.peers.length === 2);
    const s = await join(student, lessonId);
    expect(s.peers.map((p) => [p.name, p.role])).toEqual([
      ['张老师', 'teacher'],
      ['李小明', 'student'],
    ]);
    await seen;
    const observer = await as('room-ta');
    const o = await join(observer, lessonId);
    expect(o.role).toBe('observer');
    expect(o.peers.map((p) => p.role)).toEqual(['teacher', 'student', 'observer']);
    expect(await ask(observer, 'board:update', { lessonId, elements: [rect()] })).toMatchObject({
      ok: false,
      error: { code: 403 },
    });
    expect(await ask(observer, 'board:lock', { lessonId, locked: true })).toMatchObject({ ok: false });
    // The observer's pointer and signals reach nobody; the student's do.
    observer.emit('board:pointer', { lessonId, x: 1, y: 2, pageId: 'p1' });
    observer.emit('rtc:signal', { lessonId, description: { type: 'offer', sdp: 'v=0' } });
    const pointer = next<{ userId: number; x: number }>(teacher, 'board:pointer');
    student.emit('board:pointer', { lessonId, x: 5, y: 6, pageId: 'p1' });
    expect(await pointer).toMatchObject({ userId: r.ids.student, x: 5, name: '李小明' });
    const left = next<{ peers: Peer[] }>(teacher, 'lesson:presence', 5000, (p) => p.peers.length === 2);
    observer.emit('lesson:leave', { lessonId });
    expect((await left).peers.map((p) => p.role)).toEqual(['teacher', 'student']);
    const rows = await r.t.db.select().from(lessonPresence).where(eq(lessonPresence.lessonId, lessonId));
    expect(rows.map((p) => [p.role, p.leftAt === null])).toEqual([
      ['teacher', true],
      ['student', true],
      ['observer', false],
    ]);
  });

  it('closes the older connection when the same user joins again elsewhere', async () => {
    const lessonId = await addLesson(r);
    const first = await as('teacher');
    await join(first, lessonId);
    const dropped = next<{ reason: string }>(first, 'lesson:dropped');
    const second = await as('teacher');
    const j = await join(second, lessonId);
    expect((await dropped).reason).toBe('你已在其他窗口或设备进入这节课');
    await closed(first);
    expect(j.peers.map((p) => p.role)).toEqual(['teacher']);
  });
});

describe('video signalling', () => {
  it('relays signals between the teacher and the student only, and media state into presence', async () => {
    const lessonId = await addLesson(r);
    const teacher = await as('teacher');
    const student = await as('student');
    const observer = await as('room-ta');
    for (const s of [teacher, student, observer]) await join(s, lessonId);
    let observerHeard = 0;
    observer.on('rtc:signal', () => (observerHeard += 1));
    const offer = next<Record<string, unknown>>(student, 'rtc:signal');
    // The teacher's connection's session travels with it (docs/lessons.md "Video").
    teacher.emit('rtc:signal', { lessonId, session: 's1', description: { type: 'offer', sdp: 'v=0 offer' } });
    expect(await offer).toEqual({
      lessonId,
      session: 's1',
      description: { type: 'offer', sdp: 'v=0 offer' },
      from: r.ids.teacher,
    });
    const candidate = next<Record<string, unknown>>(teacher, 'rtc:signal');
    const c = { candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 54321 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    student.emit('rtc:signal', { lessonId, candidate: c });
    expect(await candidate).toEqual({ lessonId, candidate: c, from: r.ids.student });
    const media = next<{ peers: Peer[] }>(observer, 'lesson:presence', 5000, (p) =>
      p.peers.some((x) => x.role === 'student' && x.video),
    );
    student.emit('rtc:state', { lessonId, audio: true, video: true, screen: false });
    expect((await media).peers.find((p) => p.role === 'student')).toMatchObject({ audio: true, video: true });
    expect(observerHeard).toBe(0);
  });

  it('relays nothing from or to an observer: their signals and media state go nowhere', async () => {
    const lessonId = await addLesson(r);
    const teacher = await as('teacher');
    const student = await as('student');
    const observers = [await as('room-ta'), await as('agency')];
    for (const s of [teacher, student, ...observers]) await join(s, lessonId);
    const heard = new Map<string, { from: number }[]>();
    for (const [name, s] of [
      ['teacher', teacher],
      ['student', student],
      ['ta', observers[0]],
      ['agency', observers[1]],
    ] as const) {
      heard.set(name, []);
      s.on('rtc:signal', (p: { from: number }) => heard.get(name)!.push(p));
    }
    // Each observer tries every kind of signal and a media state, as a participant's page would.
    for (const o of observers) {
      o.emit('rtc:signal', { lessonId, session: 'o1', description: { type: 'offer', sdp: 'v=0 observer' } });
      o.emit('rtc:signal', { lessonId, session: 'o1', description: { type: 'answer', sdp: 'v=0 observer' } });
      o.emit('rtc:signal', { lessonId, candidate: { candidate: 'candidate:9 1 udp 1 10.0.0.9 9 typ host' } });
      o.emit('rtc:signal', { lessonId, session: 'o1' });
      o.emit('rtc:state', { lessonId, audio: true, video: true, screen: true });
      // Signals are handled as they arrive: once a later message of the same connection is answered, they were.
      expect(await ask(o, 'board:sync', { lessonId, sinceSeq: 0 })).toMatchObject({ ok: true });
    }
    // Then the participants talk: each hears the other only, the observers nothing.
    const offer = next<{ from: number }>(student, 'rtc:signal');
    teacher.emit('rtc:signal', { lessonId, session: 't1', description: { type: 'offer', sdp: 'v=0 offer' } });
    expect((await offer).from).toBe(r.ids.teacher);
    const answer = next<{ from: number }>(teacher, 'rtc:signal');
    student.emit('rtc:signal', { lessonId, session: 't1', description: { type: 'answer', sdp: 'v=0 answer' } });
    expect((await answer).from).toBe(r.ids.student);
    const presence = next<{ peers: Peer[] }>(teacher, 'lesson:presence', 5000, (p) =>
      p.peers.some((x) => x.role === 'student' && x.audio),
    );
    student.emit('rtc:state', { lessonId, audio: true, video: false, screen: false });
    const peers = (await presence).peers;
    for (const p of peers.filter((x) => x.role === 'observer'))
      expect(p).toMatchObject({ audio: false, video: false, screen: false });
    expect(heard.get('teacher')!.map((p) => p.from)).toEqual([r.ids.student]);
    expect(heard.get('student')!.map((p) => p.from)).toEqual([r.ids.teacher]);
    expect(heard.get('ta')).toEqual([]);
    expect(heard.get('agency')).toEqual([]);
    // And an observer gets no ICE servers to start a call with.
    const ice = await r.t.app.inject({
      method: 'GET',
      url: `/v1/lesson/${lessonId}/ice`,
      headers: { authorization: `Bearer ${tok.agency}`, 'x-agency-id': 'demo' },
    });
    expect(ice.statusCode).toBe(403);
  });
});

describe('limits close one connection only', () => {
  it('closes on a payload its schema refuses, an unknown event, or a message over the size limit', async () => {
    const lessonId = await addLesson(r);
    const bystander = await as('teacher');
    await join(bystander, lessonId);
    const warn = vi.spyOn(r.t.app.log, 'warn');
    for (const bad of [
      (s: ClientSocket) => s.emit('board:update', { lessonId, elements: [{ id: 'x' }] }),
      (s: ClientSocket) => s.emit('lesson:join', { lessonId: 'one' }),
      (s: ClientSocket) => s.emit('board:erase-everything', { lessonId }),
      (s: ClientSocket) => s.emit('board:sync'),
    ]) {
      const s = await as('student');
      const dropped = next<{ reason: string }>(s, 'lesson:dropped');
      bad(s);
      expect((await dropped).reason).toBe('消息格式不正确，连接已断开');
      await closed(s);
    }
    const big = await as('student');
    big.emit('board:update', { lessonId, elements: [rect({ blob: 'x'.repeat(140 * 1024) })] });
    await closed(big);
    // One warning a closed connection, naming why.
    await expect.poll(() => warn.mock.calls.length).toBe(5);
    expect(warn.mock.calls.map((c) => c.at(-1))).toEqual([
      ...Array<string>(4).fill('realtime: connection closed: malformed message'),
      'realtime: connection closed: a message over REALTIME_MAX_MESSAGE_KB',
    ]);
    warn.mockRestore();
    // The bystander's connection is untouched.
    expect(bystander.connected).toBe(true);
    expect(await ask(bystander, 'board:sync', { lessonId, sinceSeq: 0 })).toMatchObject({ ok: true });
  });

  it('refuses an element over the element size, bad text and a malformed file id in the ack', async () => {
    const lessonId = await addLesson(r);
    const s = await as('teacher');
    await join(s, lessonId);
    expect(await ask(s, 'board:update', { lessonId, elements: [rect({ points: 'x'.repeat(40_000) })] })).toMatchObject({
      ok: true,
    });
    const huge = rect({ text: '字'.repeat(22_000) });
    expect(await ask(s, 'board:update', { lessonId, elements: [huge] })).toMatchObject({
      ok: false,
      error: { code: 413 },
    });
    expect(await ask(s, 'board:update', { lessonId, elements: [rect({ text: 'a\u0000b' })] })).toMatchObject({
      ok: false,
      error: { code: 400 },
    });
    expect(
      await ask(s, 'board:update', { lessonId, elements: [rect({ type: 'image', fileId: '../../etc/passwd' })] }),
    ).toMatchObject({ ok: false, error: { code: 400 } });
    expect(
      await ask(s, 'board:update', { lessonId, elements: [rect({ type: 'image', fileId: 'AAAAAAAAAAAAAAAAAAAAAA' })] }),
    ).toMatchObject({ ok: true });
    expect(s.connected).toBe(true);
  });

  it('closes a connection that floods, drops pointers past the rate silently', async () => {
    const lessonId = await addLesson(r);
    const teacher = await as('teacher');
    const student = await as('student');
    await join(teacher, lessonId);
    await join(student, lessonId);
    let pointers = 0;
    teacher.on('board:pointer', () => (pointers += 1));
    // 30 pointers at once: within the message burst (40), past the pointer burst (5).
    for (let i = 0; i < 30; i++) student.emit('board:pointer', { lessonId, x: i, y: i, pageId: 'p1' });
    expect(await ask(student, 'board:sync', { lessonId, sinceSeq: 0 })).toMatchObject({ ok: true });
    expect(pointers).toBeLessThanOrEqual(6);
    expect(student.connected).toBe(true);
    const dropped = next<{ reason: string }>(student, 'lesson:dropped');
    for (let i = 0; i < 100; i++) student.emit('board:pointer', { lessonId, x: i, y: i, pageId: 'p1' });
    expect((await dropped).reason).toBe('消息发送过于频繁，连接已断开');
    await closed(student);
    expect(teacher.connected).toBe(true);
  });
});

describe("a connection's board changes", () => {
  it('refuses changes past MAX_QUEUED_BOARD_CHANGES with 429, stores none of them, and keeps the connection', async () => {
    const lessonId = await addLesson(r);
    const teacher = await as('teacher');
    await join(teacher, lessonId);
    // The lesson's row held by another transaction: every change waits for it in the connection's queue.
    let release = () => {};
    const locked = new Promise<void>((resolve, reject) => {
      r.t.db
        .transaction(async (tx) => {
          await tx.execute(sql`select id from lessons where id = ${lessonId} for update`);
          resolve();
          await new Promise<void>((done) => (release = done));
        })
        .catch(reject);
    });
    await locked;
    const drawn = Array.from({ length: MAX_QUEUED_BOARD_CHANGES + 4 }, () => rect());
    const acks = drawn.map((e) => ask(teacher, 'board:update', { lessonId, elements: [e] }));
    // Past the bound: refused at once, while the first ones still wait.
    for (const a of await Promise.all(acks.slice(MAX_QUEUED_BOARD_CHANGES)))
      expect(a).toEqual({
        ok: false,
        error: { code: 429, message: '白板修改太多，服务器还在处理之前的修改，请稍后再发' },
      });
    release();
    for (const a of await Promise.all(acks.slice(0, MAX_QUEUED_BOARD_CHANGES))) expect(a).toMatchObject({ ok: true });
    const stored = drawn.slice(0, MAX_QUEUED_BOARD_CHANGES);
    const scene = await ask(teacher, 'board:sync', { lessonId, sinceSeq: 0 });
    expect((scene.elements as BoardElement[]).map((e) => e.id).sort()).toEqual(stored.map((e) => e.id).sort());
    expect(scene.seq).toBe(stored.length);
    // Once the earlier ones are acked a change goes through again.
    expect(await ask(teacher, 'board:update', { lessonId, elements: [rect()] })).toMatchObject({ ok: true });
    expect(teacher.connected).toBe(true);
  });
});

describe('the periodic check', () => {
  it('drops a connection whose token was revoked, and leaves a lesson that ended', async () => {
    const lessonId = await addLesson(r);
    const token = await r.t.login('student');
    const s = await connect(r.url, token);
    open.push(s);
    await join(s, lessonId);
    const dropped = next<{ reason: string }>(s, 'lesson:dropped', 3000);
    await r.t.call('POST', '/v1/auth/logout', { token });
    expect((await dropped).reason).toBe('登录已失效，请重新登录');
    await closed(s);
    const [row] = await r.t.db.select().from(lessonPresence).where(eq(lessonPresence.lessonId, lessonId));
    await expect
      .poll(async () => (await r.t.db.select().from(lessonPresence).where(eq(lessonPresence.id, row.id)))[0].leftAt)
      .not.toBeNull();

    const teacher = await as('teacher');
    await join(teacher, lessonId);
    const status = next<{ status: string }>(teacher, 'lesson:status', 3000);
    await r.t.db.update(lessons).set({ status: 'ended' }).where(eq(lessons.id, lessonId));
    expect(await status).toEqual({ lessonId, status: 'ended' });
    await expect
      .poll(async () => await ask(teacher, 'board:sync', { lessonId, sinceSeq: 0 }))
      .toMatchObject({ ok: false, error: { code: 404 } });
    expect(teacher.connected).toBe(true);
  });
});
