// Fixtures of the lesson room's tests (docs/lessons.md "Realtime"): an app listening on a real port, socket.io
// clients logged in as the demo accounts, and lessons written straight into the table (live, scheduled, ended) so the
// room's tests do not depend on the scheduling rules.
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { REALTIME_PATH, type BoardElement } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { users } from '../db/schema.js';
import { classes } from '../db/schema-classes.js';
import { lessons } from '../db/schema-lessons.js';
import type { Config } from '../config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testConfig } from '../config.js';

export type { ClientSocket };

/** Defaults of the room's tests: the periodic check every 200 ms, so a revoked token is seen at once. */
export const roomConfig = (over: Partial<Config['realtime']> = {}, rest: Partial<Config> = {}): Partial<Config> => ({
  realtime: { ...testConfig().realtime, checkMs: 200, ...over },
  tokenTtlSeconds: 90 * 24 * 3600,
  tokenIdleSeconds: 90 * 24 * 3600,
  ...rest,
});

export interface RoomApp {
  t: TestApp;
  url: string;
  ids: Record<string, number>;
  eventClass: number;
}

/** A test app listening on 127.0.0.1 at a free port. */
export async function startRoomApp(config: Partial<Config> = roomConfig()): Promise<RoomApp> {
  const t = await createTestApp({ config });
  return listening(t);
}

export async function listening(t: TestApp): Promise<RoomApp> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const ids: Record<string, number> = {};
  for (const u of await t.db.select({ id: users.id, username: users.username }).from(users)) ids[u.username] = u.id;
  const [ev] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.name, '英语提高班'));
  return { t, url: `http://127.0.0.1:${port}`, ids, eventClass: ev.id };
}

/** A lesson of the demo tutoring class between `teacher` and `student`, in the given status. */
export async function addLesson(r: RoomApp, over: Partial<typeof lessons.$inferInsert> = {}): Promise<number> {
  const now = new Date(r.t.clock.now());
  const status = over.status ?? 'live';
  const [row] = await r.t.db
    .insert(lessons)
    .values({
      agencyId: 'demo',
      classId: r.eventClass,
      teacherId: r.ids.teacher,
      studentId: r.ids.student,
      title: '英语辅导',
      startsAt: now,
      minutes: 60,
      status,
      openedAt: status === 'live' || status === 'ended' ? now : null,
      closedAt: status === 'ended' ? now : null,
      ...over,
    })
    .returning({ id: lessons.id });
  return row.id;
}

/** A connected client (rejects with the connect_error's message and code). */
export function connect(url: string, token: string, agencyId = 'demo'): Promise<ClientSocket> {
  const socket = connectClient(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token, agencyId },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err: Error & { data?: { code?: number } }) => {
      socket.close();
      reject(Object.assign(new Error(err.message), { code: err.data?.code }));
    });
  });
}

export interface AckAnswer {
  ok: boolean;
  error?: { code: number; message: string };
  [k: string]: unknown;
}

/** Emits with an ack and waits for it (5 s at most). */
export const ask = (s: ClientSocket, event: string, payload: unknown) =>
  s.timeout(5000).emitWithAck(event, payload) as Promise<AckAnswer>;

/** The next `event` the client receives (rejects after `ms`). */
export function next<T = Record<string, unknown>>(
  s: ClientSocket,
  event: string,
  ms = 5000,
  where: (p: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, on);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const on = (p: T) => {
      if (!where(p)) return;
      clearTimeout(timer);
      s.off(event, on);
      resolve(p);
    };
    s.on(event, on);
  });
}

/** Resolves when the server closed the client's connection. */
export const closed = (s: ClientSocket, ms = 5000) =>
  new Promise<string>((resolve, reject) => {
    if (!s.connected) return resolve('already closed');
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

let counter = 0;

/** A rectangle element as Excalidraw makes it (the fields sync reads, and some it keeps as sent). */
export function rect(over: Partial<BoardElement> & Record<string, unknown> = {}): BoardElement {
  counter += 1;
  return {
    id: `el-${counter}-${randomInt(1e9)}`,
    type: 'rectangle',
    x: counter * 10,
    y: 20,
    width: 100,
    height: 50,
    version: 1,
    versionNonce: randomInt(2 ** 31 - 1),
    isDeleted: false,
    ...over,
  };
}
