// Two API nodes on one database and one Redis (docs/lessons.md "More than one node"): clients connected to different
// nodes share a lesson's room through @socket.io/redis-adapter — presence, drawings, pointers, signals and the
// take-over of a second window — and the board they end with is the database's, whichever node stored each change.
// On PostgreSQL (TEST_DB=postgres) the second node has a pool of its own on the same database; on PGlite both apps
// share the one in-process database. Redis is the real one at 127.0.0.1:6379, like the other Redis tests, under a key
// prefix of this run.
import { randomBytes } from 'node:crypto';
import { MAX_QUEUED_BOARD_CHANGES, type BoardElement, type JoinResult, type Peer } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { createTestApp } from '../test/test-app.js';
import {
  addLesson,
  ask,
  closed,
  connect,
  listening,
  next,
  rect,
  roomConfig,
  type ClientSocket,
  type RoomApp,
} from './room.test-helper.js';

let a: RoomApp;
let b: RoomApp;
let second: Database | undefined;
const tok: Record<string, string> = {};
const open: ClientSocket[] = [];

beforeAll(async () => {
  const config = roomConfig(
    {},
    {
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      redisKeyPrefix: `edu-test:${randomBytes(6).toString('hex')}:`,
    },
  );
  const t = await createTestApp({ config });
  a = await listening(t);
  let db = t.db;
  if (t.database.kind === 'postgres') {
    second = await openDatabase({ url: t.database.pool.options.connectionString, poolSize: 4 });
    db = second.db;
  }
  const app = await buildApp({ db, config: t.config, clock: t.clock });
  await app.ready();
  b = await listening({ ...t, app, db, close: async () => app.close() });
  for (const u of ['teacher', 'student', 'agency']) tok[u] = await t.login(u);
}, 60_000);

afterAll(async () => {
  for (const s of open) s.close();
  await b?.t.app.close();
  await second?.close();
  await a?.t.close();
});

const on = async (node: RoomApp, who: string) => {
  const s = await connect(node.url, tok[who]);
  open.push(s);
  return s;
};

const join = async (s: ClientSocket, lessonId: number) => {
  const j = await ask(s, 'lesson:join', { lessonId });
  expect(j, JSON.stringify(j)).toMatchObject({ ok: true });
  return j as unknown as JoinResult;
};

describe('two nodes', () => {
  it('share presence, drawings, pointers and signals of one lesson', async () => {
    const lessonId = await addLesson(a);
    const teacher = await on(a, 'teacher');
    const student = await on(b, 'student');
    await join(teacher, lessonId);
    const both = next<{ peers: Peer[] }>(teacher, 'lesson:presence', 5000, (p) => p.peers.length === 2);
    const s = await join(student, lessonId);
    expect(s.peers.map((p) => p.role)).toEqual(['teacher', 'student']);
    await both;

    const drawn = rect();
    const heard = next<{ elements: BoardElement[]; by: number }>(student, 'board:elements');
    expect(await ask(teacher, 'board:update', { lessonId, elements: [drawn] })).toMatchObject({ ok: true, seq: 1 });
    expect(await heard).toMatchObject({ by: a.ids.teacher, elements: [{ id: drawn.id }] });
    const back = next<{ elements: BoardElement[] }>(teacher, 'board:elements');
    const answer = rect();
    await ask(student, 'board:update', { lessonId, elements: [answer] });
    expect((await back).elements.map((e) => e.id)).toEqual([answer.id]);

    const pointer = next<{ x: number }>(teacher, 'board:pointer');
    student.emit('board:pointer', { lessonId, x: 7, y: 8, pageId: 'p1' });
    expect((await pointer).x).toBe(7);
    const offer = next<{ from: number }>(student, 'rtc:signal');
    teacher.emit('rtc:signal', { lessonId, description: { type: 'offer', sdp: 'v=0' } });
    expect((await offer).from).toBe(a.ids.teacher);

    // The same student opening the lesson on the other node closes the first window.
    const dropped = next<{ reason: string }>(student, 'lesson:dropped');
    const again = await on(a, 'student');
    await join(again, lessonId);
    expect((await dropped).reason).toBe('你已在其他窗口或设备进入这节课');
    await closed(student);
  });

  it('relays pointers to each peer on both nodes in order and once, the newest always', async () => {
    const lessonId = await addLesson(a);
    const teacher = await on(a, 'teacher');
    const student = await on(a, 'student');
    const observer = await on(b, 'agency');
    for (const s of [teacher, student, observer]) await join(s, lessonId);
    const seen = (s: ClientSocket) => {
      const xs: number[] = [];
      s.on('board:pointer', (p: { x: number; userId: number; name: string }) => {
        expect(p).toMatchObject({ userId: a.ids.student, name: '李小明' });
        xs.push(p.x);
      });
      return xs;
    };
    const onA = seen(teacher);
    const onB = seen(observer);
    // A burst: each node may send only the newest of what came in one loop turn (node A) or one batch (node B).
    for (let x = 1; x <= 4; x++) student.emit('board:pointer', { lessonId, x, y: 0, pageId: 'p1' });
    await next(observer, 'board:pointer', 5000, (p: { x: number }) => p.x === 4);
    student.emit('board:pointer', { lessonId, x: 5, y: 0, pageId: 'p1' });
    await next(observer, 'board:pointer', 5000, (p: { x: number }) => p.x === 5);
    await ask(teacher, 'board:sync', { lessonId, sinceSeq: 0 });
    for (const xs of [onA, onB]) {
      // In order, none twice (node A never takes its own batches back), the last one there.
      expect(xs).toEqual([...new Set(xs)].sort((x, y) => x - y));
      expect(xs.at(-1)).toBe(5);
    }
    expect(onB).toContain(4);
  });

  it('ends with one scene when both nodes take concurrent drawings', async () => {
    const lessonId = await addLesson(a);
    const teacher = await on(a, 'teacher');
    const student = await on(b, 'student');
    await join(teacher, lessonId);
    await join(student, lessonId);
    const ids = ['n1', 'n2', 'n3'];
    const batches = (salt: number) =>
      Array.from({ length: MAX_QUEUED_BOARD_CHANGES }, (_, i) =>
        ids.map((id, k) => ({
          ...rect(),
          id,
          version: 1 + ((i * 7 + k * 3 + salt) % 5),
          versionNonce: (i + salt) % 4,
        })),
      );
    const acks = await Promise.all([
      ...batches(1).map((elements) => ask(teacher, 'board:update', { lessonId, elements })),
      ...batches(2).map((elements) => ask(student, 'board:update', { lessonId, elements })),
    ]);
    expect(acks.every((x) => x.ok)).toBe(true);
    const key = (els: BoardElement[]) => els.map((e) => `${e.id}:${e.version}:${e.versionNonce}:${String(e.x)}`).sort();
    const fromA = await ask(teacher, 'board:sync', { lessonId, sinceSeq: 0 });
    const fromB = await ask(student, 'board:sync', { lessonId, sinceSeq: 0 });
    expect(key(fromA.elements as BoardElement[])).toEqual(key(fromB.elements as BoardElement[]));
    expect(fromA.seq).toBe(fromB.seq);
    // A late joiner on either node sees that scene.
    const late = await on(b, 'agency');
    expect(key((await join(late, lessonId)).board.elements)).toEqual(key(fromA.elements as BoardElement[]));
  });
});
