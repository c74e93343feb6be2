// The classroom benchmark's clients (docs/performance.md "Classroom"): per lesson a teacher and a student, each one
// socket.io-client connection (WebSocket, as the web room connects: docs/lessons.md "Realtime"), both drawing at a
// human rate and moving their pointers at 20 Hz, and the latency of every message from its sending to its arrival
// at the lesson's other client. Every client lives in this one process, so one clock times both ends:
// - a pointer carries its sending time (ms of this process's `performance.now()`) as its `x` (BoardPointer keeps
//   only x, y, page and button), and its client's count of pointers as its `y`, so that the receiver sees which of
//   the sender's pointers never came although a newer one did (skipped: the server relays only a sender's newest when
//   several wait, docs/lessons.md "Board");
// - an element carries it in Excalidraw's own `updated` field (epoch ms of the last change), which the board keeps
//   as sent and `board:elements` passes on.
// One interval drives a thread's clients: each tick serves a fifth of them, so each is served every 5 ticks (50 ms).
// The clients are spread over worker threads (`ClassroomWorkers`, bench/lib/classroom-worker.ts), a lesson's two in
// the same thread, so that one busy event loop does not delay every arrival.
import { randomBytes, randomInt } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { REALTIME_PATH, type BoardElement } from '@edu/contract';
import { io, type Socket } from 'socket.io-client';
import type { BenchLesson } from '../generators/lessons.js';
import { pool } from './api.js';

const TICK_MS = 10;
const SLOTS = 5;
/** A drawing client sends one board:update every 1–2 s. */
const DRAW_EVERY_MS: [number, number] = [1000, 2000];
/** Points of a stroke before the client starts a new one. */
const STROKE_POINTS = 40;
const ACK_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 30_000;

const epochNow = () => performance.timeOrigin + performance.now();

/** One drawing client's board: its elements (kept across connections, so versions only grow). */
interface Drawing {
  prefix: string;
  count: number;
  stroke: BoardElement & { points: [number, number][] };
  others: BoardElement[];
}

interface Client {
  lessonId: number;
  role: 'teacher' | 'student';
  socket: Socket;
  drawing: Drawing;
  nextDrawAt: number;
  /** Pointers this client sent (each one's `y`). */
  pointerSeq: number;
}

/** Figures of one window: every message's latency (ms) and the counts. */
export interface WindowData {
  pointerMs: number[];
  boardMs: number[];
  ackMs: number[];
  pointersSent: number;
  /** Pointers that never arrived although a later one of the same sender did. */
  pointersSkipped: number;
  updatesSent: number;
  acked: number;
  refused: string[];
  timedOut: number;
  connectionsLost: number;
  dropped: string[];
  /** The worst p99 of the client threads' event-loop delay. */
  loopDelayP99ms: number;
}

class Window implements WindowData {
  readonly startedAt = performance.now();
  readonly pointerMs: number[] = [];
  readonly boardMs: number[] = [];
  readonly ackMs: number[] = [];
  pointersSent = 0;
  pointersSkipped = 0;
  updatesSent = 0;
  acked = 0;
  refused: string[] = [];
  timedOut = 0;
  connectionsLost = 0;
  dropped: string[] = [];
  loopDelayP99ms = 0;
}

/** p50, p99 and max of some timings, rounded to 0.1 ms. */
export function latency(ms: number[]) {
  const sorted = Float64Array.from(ms).sort();
  const at = (q: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
  const r = (x: number) => (Number.isNaN(x) ? null : Number(x.toFixed(1)));
  return { count: ms.length, p50ms: r(at(0.5)), p90ms: r(at(0.9)), p99ms: r(at(0.99)), maxms: r(sorted.at(-1) ?? NaN) };
}

export class Classroom {
  private readonly clients: Client[] = [];
  private readonly drawings = new Map<string, Drawing>();
  /** In every element id: a new room draws new elements on boards an earlier run left (older versions lose). */
  private readonly tag = randomBytes(3).toString('hex');
  private window = new Window();
  private timer: NodeJS.Timeout | undefined;
  private slot = 0;
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });

  constructor(
    private readonly entry: string,
    private readonly lessons: BenchLesson[],
  ) {
    this.loopDelay.enable();
  }

  /** Starts a new measurement window and answers the one that ends. */
  swap(): WindowData {
    const ended = this.window;
    ended.loopDelayP99ms = Number((this.loopDelay.percentile(99) / 1e6).toFixed(1));
    this.window = new Window();
    this.loopDelay.reset();
    return { ...ended };
  }

  /** Drives the clients: pointers every 50 ms, a drawing every 1–2 s. */
  start() {
    this.timer ??= setInterval(() => this.tick(), TICK_MS);
  }

  /** Connects or closes lessons (in order) until `n` of them are in the room. */
  async setActive(n: number, concurrency = 25): Promise<void> {
    if (n > this.lessons.length) throw new Error(`only ${this.lessons.length} lessons were generated`);
    while (this.clients.length / 2 > n) {
      const [a, b] = this.clients.splice(this.clients.length - 2, 2);
      a.socket.disconnect();
      b.socket.disconnect();
    }
    // A lesson that lost a connection (a failed step) joins again, both clients.
    const byId = new Map(this.lessons.map((l) => [l.id, l]));
    const lost: BenchLesson[] = [];
    for (let i = this.clients.length - 2; i >= 0; i -= 2) {
      const [a, b] = this.clients.slice(i, i + 2);
      if (a.socket.connected && b.socket.connected) continue;
      this.clients.splice(i, 2);
      a.socket.disconnect();
      b.socket.disconnect();
      lost.push(byId.get(a.lessonId)!);
    }
    const adding = [...lost, ...this.lessons.slice(this.clients.length / 2 + lost.length, n)];
    const ready: Client[][] = [];
    await pool(adding, concurrency, async (lesson) => {
      ready.push(await Promise.all([this.join(lesson, 'teacher'), this.join(lesson, 'student')]));
    });
    // In the lessons' order, so that a later setActive closes the last ones.
    const order = new Map(this.lessons.map((l, i) => [l.id, i]));
    this.clients.push(...ready.flat());
    const pairs = Array.from({ length: this.clients.length / 2 }, (_, i) => this.clients.slice(2 * i, 2 * i + 2));
    pairs.sort((x, y) => order.get(x[0].lessonId)! - order.get(y[0].lessonId)!);
    this.clients.splice(0, this.clients.length, ...pairs.flat());
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.setActive(0);
    this.loopDelay.disable();
  }

  private async join(lesson: BenchLesson, role: 'teacher' | 'student'): Promise<Client> {
    const seat = lesson[role];
    const socket = io(this.entry, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: seat.token, agencyId: 'demo' },
      reconnection: false,
      forceNew: true,
      timeout: CONNECT_TIMEOUT_MS,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err: Error) => {
        socket.close();
        reject(new Error(`connect (lesson ${lesson.id}, ${role}): ${err.message}`));
      });
    });
    const joined = (await socket.timeout(CONNECT_TIMEOUT_MS).emitWithAck('lesson:join', { lessonId: lesson.id })) as {
      ok: boolean;
      error?: { message: string };
    };
    if (!joined.ok) throw new Error(`join (lesson ${lesson.id}, ${role}): ${joined.error?.message}`);
    const client: Client = {
      lessonId: lesson.id,
      role,
      socket,
      drawing: this.drawingOf(lesson.id, role),
      nextDrawAt: performance.now() + randomInt(DRAW_EVERY_MS[0], DRAW_EVERY_MS[1]),
      pointerSeq: 0,
    };
    let lastSeq = 0;
    socket.on('board:pointer', (p: { x: number; y: number }) => {
      if (p.x >= this.window.startedAt) {
        this.window.pointerMs.push(performance.now() - p.x);
        if (lastSeq > 0 && p.y > lastSeq + 1) this.window.pointersSkipped += p.y - lastSeq - 1;
      }
      lastSeq = Math.max(lastSeq, p.y);
    });
    socket.on('board:elements', (m: { elements: { updated?: number }[] }) => {
      const sentAt = m.elements[0]?.updated;
      if (typeof sentAt === 'number' && sentAt - performance.timeOrigin >= this.window.startedAt)
        this.window.boardMs.push(epochNow() - sentAt);
    });
    socket.on('lesson:dropped', (d: { reason: string }) =>
      this.window.dropped.push(`${lesson.id}/${role}: ${d.reason}`),
    );
    socket.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') this.window.connectionsLost++;
    });
    return client;
  }

  private drawingOf(lessonId: number, role: 'teacher' | 'student'): Drawing {
    const key = `${lessonId}${role[0]}`;
    let d = this.drawings.get(key);
    if (!d) {
      d = { prefix: `b${key}-${this.tag}-`, count: 0, stroke: undefined as never, others: [] };
      d.stroke = this.newStroke(d);
      this.drawings.set(key, d);
    }
    return d;
  }

  private element(d: Drawing, type: string): BoardElement {
    d.count += 1;
    return {
      id: `${d.prefix}${d.count}`,
      type,
      x: randomInt(0, 1200),
      y: randomInt(0, 700),
      width: randomInt(20, 300),
      height: randomInt(20, 200),
      angle: 0,
      strokeColor: '#1e1e1e',
      backgroundColor: 'transparent',
      fillStyle: 'solid',
      strokeWidth: 2,
      strokeStyle: 'solid',
      roughness: 1,
      opacity: 100,
      seed: randomInt(2 ** 31 - 1),
      version: 1,
      versionNonce: randomInt(2 ** 31 - 1),
      isDeleted: false,
      updated: 0,
      customData: { pageId: 'p1' },
    };
  }

  private newStroke(d: Drawing): Drawing['stroke'] {
    return { ...this.element(d, 'freedraw'), version: 0, points: [[0, 0]] };
  }

  /** 1–3 elements: the current stroke one step longer, and a new shape or an older one moved. */
  private draw(c: Client) {
    const d = c.drawing;
    if (d.stroke.points.length >= STROKE_POINTS) {
      d.others.push(d.stroke);
      d.stroke = this.newStroke(d);
    }
    const [lx, ly] = d.stroke.points.at(-1)!;
    d.stroke.points.push([lx + randomInt(-8, 9), ly + randomInt(-8, 9)]);
    d.stroke.version += 1;
    const changed: BoardElement[] = [d.stroke];
    for (let extra = randomInt(0, 3); extra > 0; extra--) {
      if (d.others.length === 0 || randomInt(2) === 0) {
        const shape = this.element(d, randomInt(2) ? 'rectangle' : 'ellipse');
        d.others.push(shape);
        changed.push(shape);
      } else {
        const old = d.others[randomInt(d.others.length)];
        if (changed.includes(old)) continue;
        old.version += 1;
        old.versionNonce = randomInt(2 ** 31 - 1);
        old.x = (old.x as number) + randomInt(-20, 21);
        changed.push(old);
      }
    }
    const w = this.window;
    const sentAt = performance.now();
    const updated = performance.timeOrigin + sentAt;
    for (const e of changed) e.updated = updated;
    w.updatesSent++;
    c.socket
      .timeout(ACK_TIMEOUT_MS)
      .emit(
        'board:update',
        { lessonId: c.lessonId, elements: changed },
        (err: Error | null, ack: { ok: boolean; error?: { code: number; message: string } }) => {
          if (err) w.timedOut++;
          else if (!ack.ok) w.refused.push(`${ack.error?.code} ${ack.error?.message}`);
          else {
            w.acked++;
            w.ackMs.push(performance.now() - sentAt);
          }
        },
      );
  }

  private tick() {
    this.slot = (this.slot + 1) % SLOTS;
    const t = performance.now();
    for (let i = this.slot; i < this.clients.length; i += SLOTS) {
      const c = this.clients[i];
      if (!c.socket.connected) continue;
      c.socket.emit('board:pointer', {
        lessonId: c.lessonId,
        x: performance.now(),
        y: ++c.pointerSeq,
        pageId: 'p1',
        button: 'down',
      });
      this.window.pointersSent++;
      if (t >= c.nextDrawAt) {
        this.draw(c);
        c.nextDrawAt = t + randomInt(DRAW_EVERY_MS[0], DRAW_EVERY_MS[1]);
      }
    }
  }
}

type Command = { cmd: 'setActive'; n: number } | { cmd: 'swap' } | { cmd: 'close' };

/** The clients over `threads` worker threads: lesson i in thread i mod threads. */
export class ClassroomWorkers {
  private readonly workers: Worker[];
  private asked = 0;

  constructor(entry: string, lessons: BenchLesson[], threads: number) {
    const ts = import.meta.url.endsWith('.ts');
    const file = new URL(`./classroom-worker.${ts ? 'ts' : 'js'}`, import.meta.url);
    // Under tsx the worker registers it first (as apps/server's password-check pool does).
    const boot = `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});
register();
await import(${JSON.stringify(file.href)});`;
    this.workers = Array.from({ length: threads }, (_, k) => {
      const workerData = { entry, lessons: lessons.filter((_, i) => i % threads === k) };
      return ts
        ? new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), { workerData })
        : new Worker(file, { workerData });
    });
  }

  private ask<T>(w: Worker, command: Command): Promise<T> {
    const id = ++this.asked;
    return new Promise((resolve, reject) => {
      const onMessage = (m: { id: number; error?: string; answer?: T }) => {
        if (m.id !== id) return;
        w.off('message', onMessage);
        w.off('error', onError);
        if (m.error) reject(new Error(m.error));
        else resolve(m.answer as T);
      };
      const onError = (err: Error) => {
        w.off('message', onMessage);
        reject(err);
      };
      w.on('message', onMessage);
      w.once('error', onError);
      w.postMessage({ id, ...command });
    });
  }

  /** `n` lessons in the room: the first n of the list. */
  async setActive(n: number): Promise<void> {
    const k = this.workers.length;
    await Promise.all(
      this.workers.map((w, i) => this.ask(w, { cmd: 'setActive', n: Math.max(0, Math.ceil((n - i) / k)) })),
    );
  }

  /** Ends every thread's window (and starts the next): their figures together. */
  async swap(): Promise<WindowData> {
    const parts = await Promise.all(this.workers.map((w) => this.ask<WindowData>(w, { cmd: 'swap' })));
    const all: WindowData = {
      pointerMs: [],
      boardMs: [],
      ackMs: [],
      pointersSent: 0,
      pointersSkipped: 0,
      updatesSent: 0,
      acked: 0,
      refused: [],
      timedOut: 0,
      connectionsLost: 0,
      dropped: [],
      loopDelayP99ms: 0,
    };
    for (const p of parts) {
      for (const key of ['pointerMs', 'boardMs', 'ackMs', 'refused', 'dropped'] as const)
        for (const x of p[key]) (all[key] as (number | string)[]).push(x);
      for (const key of [
        'pointersSent',
        'pointersSkipped',
        'updatesSent',
        'acked',
        'timedOut',
        'connectionsLost',
      ] as const)
        all[key] += p[key];
      all.loopDelayP99ms = Math.max(all.loopDelayP99ms, p.loopDelayP99ms);
    }
    return all;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => this.ask(w, { cmd: 'close' }).catch(() => undefined)));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
