// The shared board over real sockets (docs/lessons.md "Board"): two clients drawing at once converge on the scene the
// server holds (random versions and nonces), a late joiner gets that scene, a client that reconnects, syncs and resends
// loses nothing and duplicates nothing, and the teacher's lock, clear, restore and pages reach the student. Closing
// the lesson over HTTP tells the room at once.
import type { BoardElement, BoardScene, JoinResult } from '@edu/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonBoardChanges } from '../db/schema-lessons.js';
import { wins } from './board-store.js';
import {
  addLesson,
  ask,
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

beforeAll(async () => {
  // A slow periodic check: what the room hears here comes from the messages themselves.
  r = await startRoomApp(roomConfig({ checkMs: 60_000, messagesPerSecond: 2000, messageBurst: 2000 }));
  for (const u of ['teacher', 'student', 'agency']) tok[u] = await r.t.login(u);
}, 60_000);

afterAll(async () => {
  for (const s of open) s.close();
  await r?.t.close();
});

/** A client as the web keeps it: its scene by Excalidraw's rule, and every seq it has seen. */
class Replica {
  readonly elements = new Map<string, BoardElement>();
  readonly seqs = new Set<number>();
  locked = false;
  pages: BoardScene['pages'] = [];
  shown?: string;

  constructor(readonly socket: ClientSocket) {
    socket.on('board:elements', (e: { seq: number; elements: BoardElement[] }) => {
      this.apply(e.elements);
      this.seqs.add(e.seq);
    });
    socket.on('board:state', (e: { seq: number; locked: boolean; pages: BoardScene['pages'] }) => {
      this.locked = e.locked;
      this.pages = e.pages;
      this.seqs.add(e.seq);
    });
    socket.on('board:show', (e: { seq: number; pageId: string }) => {
      this.shown = e.pageId;
      this.seqs.add(e.seq);
    });
  }

  apply(elements: BoardElement[]) {
    for (const e of elements) {
      const had = this.elements.get(e.id);
      if (!had || wins(e, had)) this.elements.set(e.id, e);
    }
  }

  load(scene: BoardScene) {
    this.apply(scene.elements);
    this.locked = scene.locked;
    this.pages = scene.pages;
    for (let i = 1; i <= scene.seq; i++) this.seqs.add(i);
  }

  /** Draws: applied locally at once, then sent; the ack's seq is seen. */
  async draw(lessonId: number, elements: BoardElement[]) {
    this.apply(elements);
    const a = await ask(this.socket, 'board:update', { lessonId, elements });
    expect(a, JSON.stringify(a)).toMatchObject({ ok: true });
    this.seqs.add(a.seq as number);
    return a.seq as number;
  }

  key() {
    return [...this.elements.values()].map((e) => `${e.id}:${e.version}:${e.versionNonce}:${String(e.x)}`).sort();
  }
}

const as = async (who: string) => {
  const s = await connect(r.url, tok[who]);
  open.push(s);
  return s;
};

const joined = async (who: string, lessonId: number) => {
  const replica = new Replica(await as(who));
  const a = await ask(replica.socket, 'lesson:join', { lessonId });
  expect(a, JSON.stringify(a)).toMatchObject({ ok: true });
  replica.load((a as unknown as JoinResult).board);
  return replica;
};

const serverScene = async (s: ClientSocket, lessonId: number, sinceSeq = 0) => {
  const a = await ask(s, 'board:sync', { lessonId, sinceSeq });
  expect(a).toMatchObject({ ok: true });
  return a as unknown as BoardScene;
};

const keyOf = (els: BoardElement[]) => els.map((e) => `${e.id}:${e.version}:${e.versionNonce}:${String(e.x)}`).sort();

describe('convergence', () => {
  it('two clients drawing at once end with the server scene; a late joiner gets it too', async () => {
    const op = fc.record({
      id: fc.constantFrom('e1', 'e2', 'e3', 'e4', 'e5'),
      version: fc.integer({ min: 1, max: 8 }),
      versionNonce: fc.integer({ min: 0, max: 6 }),
      isDeleted: fc.boolean(),
    });
    const batch = fc.array(op, { minLength: 1, maxLength: 3 });
    let last = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(batch, { minLength: 1, maxLength: 10 }),
        fc.array(batch, { minLength: 1, maxLength: 10 }),
        async (teacherOps, studentOps) => {
          const lessonId = await addLesson(r);
          last = lessonId;
          const teacher = await joined('teacher', lessonId);
          const student = await joined('student', lessonId);
          const element = (o: { id: string; version: number; versionNonce: number; isDeleted: boolean }) =>
            ({ ...rect(), ...o, x: o.version * 100 + o.versionNonce }) as BoardElement;
          // Both send everything without waiting for each other.
          await Promise.all([
            Promise.all(teacherOps.map((b) => teacher.draw(lessonId, b.map(element)))),
            Promise.all(studentOps.map((b) => student.draw(lessonId, b.map(element)))),
          ]);
          const server = await serverScene(teacher.socket, lessonId);
          // Every seq reaches both: through an ack or a broadcast.
          for (const replica of [teacher, student]) await expect.poll(() => replica.seqs.size).toBe(server.seq);
          expect(teacher.key()).toEqual(keyOf(server.elements));
          expect(student.key()).toEqual(keyOf(server.elements));
          const best = new Map<string, BoardElement>();
          for (const e of [...teacherOps, ...studentOps].flat().map(element)) {
            const had = best.get(e.id);
            if (!had || wins(e, had)) best.set(e.id, e);
          }
          expect(keyOf(server.elements)).toEqual(keyOf([...best.values()]));
          teacher.socket.close();
          student.socket.close();
        },
      ),
      { numRuns: 6, seed: 2027 },
    );
    const late = await joined('agency', last);
    expect(late.key()).toEqual(keyOf((await serverScene(late.socket, last)).elements));
  }, 60_000);
});

describe('reconnecting', () => {
  it('syncs what it missed and resends what it drew offline, losing nothing and storing nothing twice', async () => {
    const lessonId = await addLesson(r);
    const teacher = await joined('teacher', lessonId);
    let student = await joined('student', lessonId);
    const a = rect();
    const lastSeq = await student.draw(lessonId, [a]);
    // A message sent just before the connection goes: the client cannot know whether it was stored.
    const e = rect();
    student.apply([e]);
    student.socket.emit('board:update', { lessonId, elements: [e] });
    student.socket.close();
    const b = rect();
    const c = rect();
    await teacher.draw(lessonId, [b]);
    await teacher.draw(lessonId, [c, { ...a, version: 2, versionNonce: 1, x: 999 }]);
    // Offline: the student changes `a` too (same version, the teacher's nonce is lower: the teacher's wins) and adds `d`.
    const d = rect();
    const offline = [{ ...a, version: 2, versionNonce: 5, x: -1 }, d, e];
    student.apply(offline);

    const old = student;
    student = new Replica(await as('student'));
    for (const [id, el] of old.elements) student.elements.set(id, el);
    expect(await ask(student.socket, 'lesson:join', { lessonId })).toMatchObject({ ok: true });
    const missed = await serverScene(student.socket, lessonId, lastSeq);
    expect(missed.elements.map((x) => x.id)).toEqual(expect.arrayContaining([b.id, c.id, a.id]));
    student.apply(missed.elements);
    const heard = next<{ elements: BoardElement[] }>(teacher.socket, 'board:elements');
    await student.draw(lessonId, offline);
    expect((await heard).elements.map((x) => x.id)).toEqual(expect.arrayContaining([d.id]));
    // Sending it all again changes nothing.
    const seq = (await serverScene(student.socket, lessonId)).seq;
    expect(await student.draw(lessonId, offline)).toBe(seq);

    const server = await serverScene(teacher.socket, lessonId);
    expect(server.elements.map((x) => x.id).sort()).toEqual([a.id, b.id, c.id, d.id, e.id].sort());
    expect(server.elements.find((x) => x.id === a.id)).toMatchObject({ version: 2, x: 999 });
    expect(student.key()).toEqual(keyOf(server.elements));
    await expect.poll(() => teacher.key()).toEqual(keyOf(server.elements));
    // `e` is in the log once, whichever connection stored it.
    const log = await r.t.db.select().from(lessonBoardChanges).where(eq(lessonBoardChanges.lessonId, lessonId));
    const withE = log.filter((l) => (l.payload.elements as BoardElement[]).some((x) => x.id === e.id));
    expect(withE).toHaveLength(1);
  });
});

describe("the teacher's board tools", () => {
  it('lock, clear and restore, pages and showing one reach the student', async () => {
    const lessonId = await addLesson(r);
    const teacher = await joined('teacher', lessonId);
    const student = await joined('student', lessonId);
    const mine = rect();
    await student.draw(lessonId, [mine]);

    const locked = next<{ locked: boolean }>(student.socket, 'board:state');
    expect(await ask(teacher.socket, 'board:lock', { lessonId, locked: true })).toMatchObject({ ok: true });
    expect((await locked).locked).toBe(true);
    expect(await ask(student.socket, 'board:update', { lessonId, elements: [rect()] })).toMatchObject({
      ok: false,
      error: { code: 403, message: '老师已锁定白板，暂时不能书写' },
    });
    expect(await ask(student.socket, 'board:lock', { lessonId, locked: false })).toMatchObject({
      ok: false,
      error: { code: 403 },
    });
    expect(await ask(teacher.socket, 'board:lock', { lessonId, locked: false })).toMatchObject({ ok: true });

    const added = await ask(teacher.socket, 'board:page', { lessonId, action: 'add' });
    expect(added).toMatchObject({ ok: true, pageId: 'p2', pages: [{ id: 'p1' }, { id: 'p2', name: '第 2 页' }] });
    const onTwo = rect({ customData: { pageId: 'p2' } });
    await teacher.draw(lessonId, [rect(), onTwo]);
    const shown = next<{ pageId: string }>(student.socket, 'board:show');
    expect(await ask(teacher.socket, 'board:page', { lessonId, action: 'show', pageId: 'p2' })).toMatchObject({
      ok: true,
    });
    expect((await shown).pageId).toBe('p2');
    expect(await ask(student.socket, 'board:page', { lessonId, action: 'add' })).toMatchObject({
      ok: false,
      error: { code: 403 },
    });

    const tombstones = next<{ elements: BoardElement[]; seq: number }>(student.socket, 'board:elements');
    const cleared = await ask(teacher.socket, 'board:clear', { lessonId, pageId: 'p1' });
    expect(cleared).toMatchObject({ ok: true });
    const heard = await tombstones;
    expect(heard.seq).toBe(cleared.seq);
    expect(heard.elements.every((e) => e.isDeleted)).toBe(true);
    expect(heard.elements.map((e) => e.id)).toContain(mine.id);
    expect(heard.elements.map((e) => e.id)).not.toContain(onTwo.id);
    const back = next<{ elements: BoardElement[] }>(student.socket, 'board:elements');
    expect(await ask(teacher.socket, 'board:restore', { lessonId, clearSeq: cleared.seq })).toMatchObject({
      ok: true,
    });
    expect((await back).elements.find((e) => e.id === mine.id)).toMatchObject({ isDeleted: false, version: 3 });
    expect(await ask(teacher.socket, 'board:restore', { lessonId, clearSeq: cleared.seq })).toMatchObject({
      ok: false,
      error: { code: 409 },
    });

    // A late joiner lands on the shown page, with the whole scene.
    const late = await as('agency');
    const j = (await ask(late, 'lesson:join', { lessonId })) as unknown as JoinResult;
    expect(j.board.shownPageId).toBe('p2');
    expect(keyOf(j.board.elements)).toEqual(keyOf((await serverScene(teacher.socket, lessonId)).elements));
  });

  it('tells the room at once when the teacher closes the lesson, and refuses drawing afterwards', async () => {
    const lessonId = await addLesson(r);
    const teacher = await joined('teacher', lessonId);
    const student = await joined('student', lessonId);
    const status = next<{ status: string }>(student.socket, 'lesson:status', 2000);
    const res = await r.t.call('POST', `/v1/lesson/${lessonId}/close`, { token: tok.teacher, agency: 'demo' });
    expect(res.status).toBe(200);
    expect(await status).toEqual({ lessonId, status: 'ended' });
    await expect
      .poll(async () => await ask(teacher.socket, 'board:update', { lessonId, elements: [rect()] }))
      .toMatchObject({ ok: false, error: { code: 404 } });
    expect(await ask(teacher.socket, 'lesson:join', { lessonId })).toMatchObject({
      ok: false,
      error: { code: 409, message: '课程已结束' },
    });
  });
});
