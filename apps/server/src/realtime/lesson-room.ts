// The lesson room over socket.io (docs/lessons.md "Realtime", "Board", "Video"): one connection's handshake, its
// messages (each parsed with the protocol's schema, counted against its limits, never throwing out of a handler),
// the rooms `lesson:{id}`, presence, the board through the board store, and the signalling relay. Every connection is
// checked again every REALTIME_CHECK_SECONDS: a revoked token, a lost seat or a lesson no longer live ends it.
import {
  BoardClear,
  BoardLock,
  BoardPageAction,
  BoardPointer,
  BoardRestore,
  BoardSync,
  BoardUpdate,
  BOARD_LIMITS,
  FILE_ID_RE,
  JoinRequest,
  LeaveRequest,
  MAX_LESSONS_PER_CONNECTION,
  MAX_QUEUED_BOARD_CHANGES,
  RealtimeAuth,
  RtcSignal,
  RtcState,
  type BoardElement,
  type LessonRole,
  type LessonStatus,
  type Peer,
} from '@edu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { AuthService } from '../features/auth/auth.service.js';
import type { AgencyService } from '../features/agency/agency.service.js';
import type { LessonAccess } from '../features/lessons/lesson-access.js';
import type { AuthUser } from '../lib/auth-user.js';
import type { Clock } from '../lib/clock.js';
import { findBadInput } from '../lib/input-hygiene.js';
import { BoardError, type BoardStore } from './board-store.js';
import type { PointerRelay } from './pointer-relay.js';
import type { PresenceStore } from './presence-store.js';
import { TokenBucket } from './token-bucket.js';

export const lessonRoom = (lessonId: number) => `lesson:${lessonId}`;
/** The participants' own rooms: signalling goes from one participant to the other's. */
const seatRoom = (lessonId: number, role: 'teacher' | 'student') => `lesson:${lessonId}:${role}`;

type Ack = (answer: unknown) => void;
type Answer = Record<string, unknown> | undefined;

/** A refusal answered in the ack (never closing the connection). */
class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const STATUS_REFUSALS: Record<string, string> = {
  scheduled: '课程尚未开始',
  ended: '课程已结束',
  cancelled: '课程已取消',
};

/** A board change past MAX_QUEUED_BOARD_CHANGES (429). */
const BUSY = '白板修改太多，服务器还在处理之前的修改，请稍后再发';

const DROP = {
  malformed: '消息格式不正确，连接已断开',
  flood: '消息发送过于频繁，连接已断开',
  token: '登录已失效，请重新登录',
  password: '请先修改初始密码',
  agency: '你已无权在该机构中操作',
  seat: '你已不能进入这节课',
  takeover: '你已在其他窗口或设备进入这节课',
} as const;

/** One seat of this connection: the lesson's role and its presence row. */
interface Seat {
  role: LessonRole;
  presenceId: number;
}

/** What other nodes read of a socket (socket.data travels through the adapter): no token here. */
export interface SocketData {
  userId: number;
  name: string;
  seats: Record<string, { role: LessonRole; audio: boolean; video: boolean; screen: boolean }>;
}

/** This node's state of one connection. */
interface Connection {
  user: AuthUser;
  agencyId: string;
  token: string;
  seats: Map<number, Seat>;
  messages: TokenBucket;
  pointers: TokenBucket;
  /** Messages that touch the database run one after another, in the order they came. */
  queue: Promise<void>;
  /** Board changes in `queue` (running or waiting): at most MAX_QUEUED_BOARD_CHANGES. */
  boardChanges: number;
  closing: boolean;
}

export type RealtimeLimits = Config['realtime'];

export interface LessonRoomDeps {
  io: Server;
  auth: Pick<AuthService, 'authenticate'>;
  agency: Pick<AgencyService, 'mayActIn'>;
  access: Pick<LessonAccess, 'seatOf'>;
  board: BoardStore;
  presence: PresenceStore;
  pointers: PointerRelay;
  clock: Clock;
  limits: RealtimeLimits;
  log: FastifyBaseLogger;
}

interface Spec<S extends z.ZodType> {
  schema: S;
  /** Runs apart from the queue (relays that must not wait behind the database). */
  direct?: boolean;
  /** Changes the board: counts against MAX_QUEUED_BOARD_CHANGES. */
  change?: boolean;
  run: (socket: Socket, c: Connection, payload: z.output<S>) => Promise<Answer> | Answer;
}

const spec = <S extends z.ZodType>(s: Spec<S>) => s as unknown as Spec<z.ZodType>;

const participant = (role: LessonRole | undefined): role is 'teacher' | 'student' =>
  role === 'teacher' || role === 'student';

export class LessonRoom {
  /** This node's connections by socket id, from their `connection` event to their `disconnect`. */
  private readonly connections = new Map<string, Connection>();
  /** Handshakes passed whose `connection` has not come yet (a client gone meanwhile never gets one). */
  private readonly handshaken = new WeakMap<Socket, Connection>();
  private readonly specs: Record<string, Spec<z.ZodType>>;
  private checking = false;

  constructor(private readonly d: LessonRoomDeps) {
    this.specs = {
      'lesson:join': spec({ schema: JoinRequest, run: (s, c, p) => this.join(s, c, p.lessonId) }),
      'lesson:leave': spec({ schema: LeaveRequest, run: (s, c, p) => this.leave(s, c, p.lessonId) }),
      'board:update': spec({ schema: BoardUpdate, change: true, run: (s, c, p) => this.update(s, c, p) }),
      'board:sync': spec({ schema: BoardSync, run: (s, c, p) => this.sync(c, p.lessonId, p.sinceSeq) }),
      'board:pointer': spec({ schema: BoardPointer, direct: true, run: (s, c, p) => this.pointer(s, c, p) }),
      'board:lock': spec({ schema: BoardLock, change: true, run: (s, c, p) => this.lock(s, c, p.lessonId, p.locked) }),
      'board:clear': spec({
        schema: BoardClear,
        change: true,
        run: (s, c, p) => this.clear(s, c, p.lessonId, p.pageId),
      }),
      'board:restore': spec({
        schema: BoardRestore,
        change: true,
        run: (s, c, p) => this.restore(s, c, p.lessonId, p.clearSeq),
      }),
      'board:page': spec({ schema: BoardPageAction, change: true, run: (s, c, p) => this.page(s, c, p) }),
      'rtc:signal': spec({ schema: RtcSignal, direct: true, run: (s, c, p) => this.signal(s, c, p) }),
      'rtc:state': spec({ schema: RtcState, run: (s, c, p) => this.media(s, c, p) }),
    };
  }

  private now = () => new Date(this.d.clock.now());

  // ---- handshake and connection ----

  /** socket.io middleware: the handshake's token and agency (docs/lessons.md "Realtime"). */
  readonly handshake = async (socket: Socket, next: (err?: Error) => void) => {
    const refuse = (code: number, message: string) => next(Object.assign(new Error(message), { data: { code } }));
    try {
      const auth = RealtimeAuth.safeParse(socket.handshake.auth);
      if (!auth.success) return refuse(400, '连接参数无效：需要登录令牌和机构标识');
      const user = await this.d.auth.authenticate(auth.data.token);
      if (!user) return refuse(401, DROP.token);
      if (user.mustChangePassword) return refuse(403, DROP.password);
      // An unknown agency answers like a foreign one (docs/domain.md "Agency context").
      if (!(await this.d.agency.mayActIn(user, auth.data.agencyId))) return refuse(403, '你无权在该机构中操作');
      const { messagesPerSecond, messageBurst, pointerHz } = this.d.limits;
      this.handshaken.set(socket, {
        user,
        agencyId: auth.data.agencyId,
        token: auth.data.token,
        seats: new Map(),
        messages: new TokenBucket(messagesPerSecond, messageBurst),
        pointers: new TokenBucket(pointerHz, Math.max(1, Math.ceil(pointerHz / 4))),
        queue: Promise.resolve(),
        boardChanges: 0,
        closing: false,
      });
      socket.data = { userId: user.id, name: user.name, seats: {} } satisfies SocketData;
      next();
    } catch (err) {
      this.d.log.error({ err }, 'realtime: handshake failed');
      refuse(500, '服务器内部错误，请稍后再试');
    }
  };

  /** A connection that passed the handshake: its messages and its end. */
  readonly connect = (socket: Socket) => {
    const c = this.handshaken.get(socket);
    if (!c) return void socket.disconnect(true);
    this.connections.set(socket.id, c);
    socket.onAny((event: unknown, ...args: unknown[]) => this.receive(socket, c, event, args));
    socket.on('disconnect', (reason: string, description: unknown) => {
      c.closing = true;
      this.connections.delete(socket.id);
      // What socket.io closed by itself: a message it could not read, or one over the size limit.
      const detail =
        description instanceof Error ? description.message : typeof description === 'string' ? description : '';
      if (reason === 'parse error')
        this.d.log.warn({ userId: c.user.id }, 'realtime: connection closed: unreadable message');
      else if (reason === 'transport error' && /max payload/i.test(detail))
        this.d.log.warn({ userId: c.user.id }, 'realtime: connection closed: a message over REALTIME_MAX_MESSAGE_KB');
      // Its rooms are gone already; the presence rows close and the others hear of it.
      for (const [lessonId, seat] of c.seats) void this.afterLeave(lessonId, seat);
      c.seats.clear();
    });
  };

  /** Every message: counted, parsed, then run (in order, unless a relay); a handler never throws. */
  private receive(socket: Socket, c: Connection, event: unknown, args: unknown[]) {
    if (c.closing) return;
    if (!c.messages.take()) return this.drop(socket, c, DROP.flood, 'flooded', { event });
    const s = typeof event === 'string' && Object.hasOwn(this.specs, event) ? this.specs[event] : undefined;
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
    const parsed = s && args.length === 1 ? s.schema.safeParse(args[0]) : undefined;
    if (!s || !parsed?.success) {
      const name = typeof event === 'string' ? event.slice(0, 40) : typeof event;
      return this.drop(socket, c, DROP.malformed, 'malformed message', { event: name });
    }
    // A connection's board changes wait for the database one after another: past the bound they are refused, so an
    // overloaded node holds a bounded backlog (docs/lessons.md "Realtime").
    if (s.change && c.boardChanges >= MAX_QUEUED_BOARD_CHANGES)
      return ack?.({ ok: false, error: { code: 429, message: BUSY } });
    const run = async () => {
      try {
        if (c.closing) return;
        const answer = await s.run(socket, c, parsed.data);
        ack?.({ ok: true, ...answer });
      } catch (err) {
        if (err instanceof Refusal || err instanceof BoardError) {
          ack?.({ ok: false, error: { code: err.code, message: err.message } });
          return;
        }
        this.d.log.error({ err, event, userId: c.user.id }, 'realtime: handler failed');
        ack?.({ ok: false, error: { code: 500, message: '服务器内部错误，请稍后再试' } });
      } finally {
        if (s.change) c.boardChanges -= 1;
      }
    };
    if (s.direct) void run();
    else {
      if (s.change) c.boardChanges += 1;
      c.queue = c.queue.then(run);
    }
  }

  /** Tells the client why, then closes this connection only (one log line when it misbehaved). */
  private drop(socket: Socket, c: Connection, reason: string, logAs?: string, detail?: Record<string, unknown>) {
    if (c.closing) return;
    c.closing = true;
    if (logAs) this.d.log.warn({ userId: c.user.id, ...detail }, `realtime: connection closed: ${logAs}`);
    socket.emit('lesson:dropped', { reason });
    socket.disconnect(true);
  }

  // ---- joining and leaving ----

  private seatOf(c: Connection, lessonId: number): Seat {
    const seat = c.seats.get(lessonId);
    if (!seat) throw new Refusal(404, '你不在这节课的课堂中，请先进入课堂');
    return seat;
  }

  private async join(socket: Socket, c: Connection, lessonId: number): Promise<Answer> {
    const had = c.seats.get(lessonId);
    if (!had && c.seats.size >= MAX_LESSONS_PER_CONNECTION)
      throw new Refusal(409, `一个连接最多同时进入 ${MAX_LESSONS_PER_CONNECTION} 节课`);
    const seat = await this.d.access.seatOf(c.user, c.agencyId, lessonId);
    if (!seat) throw new Refusal(404, '课程不存在');
    if (seat.role === 'parent') throw new Refusal(403, '家长不能进入课堂，课程结束后可以观看回放');
    if (seat.lesson.status !== 'live') throw new Refusal(409, STATUS_REFUSALS[seat.lesson.status] ?? '课程不在进行中');
    const role = seat.role;
    if (!had) {
      // One seat a user: another window or device of the same user in this room is closed (it may sit on another node).
      await this.takeOver(socket, c.user.id, lessonId);
      const presenceId = await this.d.presence.join(lessonId, c.user.id, role, this.now());
      if (c.closing) {
        await this.d.presence.leave(presenceId, this.now());
        return undefined;
      }
      c.seats.set(lessonId, { role, presenceId });
      this.data(socket).seats[lessonId] = { role, audio: false, video: false, screen: false };
      await socket.join(participant(role) ? [lessonRoom(lessonId), seatRoom(lessonId, role)] : [lessonRoom(lessonId)]);
    }
    const board = await this.d.board.scene(lessonId);
    if (!board) throw new Refusal(404, '课程不存在');
    const peers = await this.peers(lessonId);
    socket.to(lessonRoom(lessonId)).emit('lesson:presence', { lessonId, peers });
    return { role, status: seat.lesson.status, board, peers, me: { userId: c.user.id, name: c.user.name } };
  }

  private async takeOver(socket: Socket, userId: number, lessonId: number) {
    const others = (await this.roomSockets(lessonId)).filter(
      (s) => s.id !== socket.id && (s.data as SocketData | undefined)?.userId === userId,
    );
    for (const s of others) {
      s.emit('lesson:dropped', { reason: DROP.takeover });
      s.disconnect(true);
    }
  }

  private async leave(socket: Socket, c: Connection, lessonId: number): Promise<Answer> {
    const seat = c.seats.get(lessonId);
    if (!seat) return undefined;
    c.seats.delete(lessonId);
    delete this.data(socket).seats[lessonId];
    await Promise.all([
      socket.leave(lessonRoom(lessonId)),
      participant(seat.role) ? socket.leave(seatRoom(lessonId, seat.role)) : undefined,
    ]);
    await this.afterLeave(lessonId, seat);
    return undefined;
  }

  /** Closes the presence row and tells the room who is left. Never throws (runs on disconnects too). */
  private async afterLeave(lessonId: number, seat: Seat) {
    try {
      await this.d.presence.leave(seat.presenceId, this.now());
      const peers = await this.peers(lessonId);
      this.d.io.to(lessonRoom(lessonId)).emit('lesson:presence', { lessonId, peers });
    } catch (err) {
      this.d.log.error({ err, lessonId }, 'realtime: leaving failed');
    }
  }

  private data(socket: Socket): SocketData {
    return socket.data as SocketData;
  }

  /** The room's sockets on every node; this node's alone when the other nodes cannot be asked. */
  private async roomSockets(lessonId: number) {
    try {
      return await this.d.io.in(lessonRoom(lessonId)).fetchSockets();
    } catch (err) {
      this.d.log.warn({ err, lessonId }, 'realtime: other nodes did not answer; presence of this node only');
      return this.d.io.local.in(lessonRoom(lessonId)).fetchSockets();
    }
  }

  /** Who is in the room: one entry a user (media of their sockets together), teacher, student, then observers. */
  private async peers(lessonId: number): Promise<Peer[]> {
    const byUser = new Map<number, Peer>();
    for (const s of await this.roomSockets(lessonId)) {
      const data = s.data as SocketData | undefined;
      const seat = data?.seats?.[lessonId];
      if (!data || !seat) continue;
      const had = byUser.get(data.userId);
      byUser.set(data.userId, {
        userId: data.userId,
        name: data.name,
        role: seat.role,
        audio: seat.audio || (had?.audio ?? false),
        video: seat.video || (had?.video ?? false),
        screen: seat.screen || (had?.screen ?? false),
      });
    }
    const order: Record<string, number> = { teacher: 0, student: 1, observer: 2, parent: 3 };
    return [...byUser.values()].sort((a, b) => order[a.role] - order[b.role] || a.userId - b.userId);
  }

  // ---- the board ----

  /** The seat when it may draw: the teacher, or the student (the lock is the store's check). */
  private writer(c: Connection, lessonId: number): 'teacher' | 'student' {
    const { role } = this.seatOf(c, lessonId);
    if (!participant(role)) throw new Refusal(403, '旁听时不能修改白板');
    return role;
  }

  private teacher(c: Connection, lessonId: number) {
    if (this.seatOf(c, lessonId).role !== 'teacher') throw new Refusal(403, '只有老师可以这样操作白板');
  }

  private async update(socket: Socket, c: Connection, p: BoardUpdate): Promise<Answer> {
    const role = this.writer(c, p.lessonId);
    checkElements(p.elements);
    const change = await this.d.board.update(p.lessonId, { userId: c.user.id, role }, p.elements, this.now());
    if (change.elements.length > 0)
      socket
        .to(lessonRoom(p.lessonId))
        .emit('board:elements', { lessonId: p.lessonId, seq: change.seq, by: c.user.id, elements: change.elements });
    return { seq: change.seq };
  }

  private async sync(c: Connection, lessonId: number, sinceSeq: number): Promise<Answer> {
    this.seatOf(c, lessonId);
    const scene = await this.d.board.scene(lessonId, sinceSeq);
    if (!scene) throw new Refusal(404, '课程不存在');
    return scene;
  }

  private pointer(socket: Socket, c: Connection, p: BoardPointer): Answer {
    const seat = c.seats.get(p.lessonId);
    // Observers send nothing; pointers past the rate are dropped without a word (pointer-relay.ts).
    if (!seat || !participant(seat.role)) return undefined;
    this.d.pointers.relay(socket, { ...p, userId: c.user.id, name: c.user.name }, c.pointers);
    return undefined;
  }

  private async lock(socket: Socket, c: Connection, lessonId: number, locked: boolean): Promise<Answer> {
    this.teacher(c, lessonId);
    const change = await this.d.board.lock(lessonId, c.user.id, locked, this.now());
    if (!change.changed) return { seq: change.seq };
    socket
      .to(lessonRoom(lessonId))
      .emit('board:state', { lessonId, locked: change.locked, pages: change.pages, seq: change.seq });
    return { seq: change.seq };
  }

  private async clear(socket: Socket, c: Connection, lessonId: number, pageId: string): Promise<Answer> {
    this.teacher(c, lessonId);
    const change = await this.d.board.clear(lessonId, c.user.id, pageId, this.now());
    socket
      .to(lessonRoom(lessonId))
      .emit('board:elements', { lessonId, seq: change.seq, by: c.user.id, elements: change.elements });
    return { seq: change.seq, elements: change.elements };
  }

  private async restore(socket: Socket, c: Connection, lessonId: number, clearSeq: number): Promise<Answer> {
    this.teacher(c, lessonId);
    const change = await this.d.board.restore(lessonId, c.user.id, clearSeq, this.now());
    socket
      .to(lessonRoom(lessonId))
      .emit('board:elements', { lessonId, seq: change.seq, by: c.user.id, elements: change.elements });
    return { seq: change.seq, elements: change.elements };
  }

  private async page(socket: Socket, c: Connection, p: BoardPageAction): Promise<Answer> {
    this.teacher(c, p.lessonId);
    const change = await this.d.board.page(p.lessonId, c.user.id, p, this.now());
    const room = socket.to(lessonRoom(p.lessonId));
    if (p.action === 'show') room.emit('board:show', { lessonId: p.lessonId, pageId: change.pageId, seq: change.seq });
    else
      room.emit('board:state', { lessonId: p.lessonId, locked: change.locked, pages: change.pages, seq: change.seq });
    return { pages: change.pages, seq: change.seq, pageId: change.pageId };
  }

  // ---- video ----

  private signal(socket: Socket, c: Connection, p: RtcSignal): Answer {
    const seat = c.seats.get(p.lessonId);
    if (!seat || !participant(seat.role)) return undefined;
    const other = seat.role === 'teacher' ? 'student' : 'teacher';
    socket.to(seatRoom(p.lessonId, other)).emit('rtc:signal', { ...p, from: c.user.id });
    return undefined;
  }

  private async media(socket: Socket, c: Connection, p: RtcState): Promise<Answer> {
    const seat = c.seats.get(p.lessonId);
    const mine = this.data(socket).seats[p.lessonId];
    if (!seat || !participant(seat.role) || !mine) return undefined;
    mine.audio = p.audio;
    mine.video = p.video;
    mine.screen = p.screen;
    const peers = await this.peers(p.lessonId);
    this.d.io.to(lessonRoom(p.lessonId)).emit('lesson:presence', { lessonId: p.lessonId, peers });
    return undefined;
  }

  // ---- the practice engine in the lesson ----

  /**
   * An event of the lesson's practice engine (docs/lessons.md "The engine in the lesson") to its room on every node:
   * to everybody in it, or to everybody but the student (the teacher and observers).
   */
  tell(
    lessonId: number,
    event: 'lesson:question' | 'lesson:answer' | 'lesson:withdrawn',
    payload: unknown,
    audience: 'all' | 'staff',
  ) {
    const room = this.d.io.to(lessonRoom(lessonId));
    (audience === 'staff' ? room.except(seatRoom(lessonId, 'student')) : room).emit(event, payload);
  }

  // ---- status changes and the periodic check ----

  /**
   * A lesson's status changed (opened, closed, ended by the sweep, cancelled): the room hears it at once, and this
   * node's connections leave a lesson that is no longer live (other nodes' within their next check).
   */
  statusChanged(lessonId: number, status: LessonStatus) {
    this.d.io.to(lessonRoom(lessonId)).emit('lesson:status', { lessonId, status });
    if (status === 'live') return;
    for (const [id, c] of this.connections) {
      const socket = this.d.io.of('/').sockets.get(id);
      if (socket && c.seats.has(lessonId)) c.queue = c.queue.then(() => this.leaveQuietly(socket, c, lessonId));
    }
  }

  private async leaveQuietly(socket: Socket, c: Connection, lessonId: number) {
    try {
      await this.leave(socket, c, lessonId);
    } catch (err) {
      this.d.log.error({ err, lessonId }, 'realtime: leaving failed');
    }
  }

  /**
   * Every connection of this node again: its token (through the session cache), its agency, each joined lesson's
   * seat and status. A connection that lost any of them is told why and closed; a lesson no longer live is left.
   */
  async checkAll(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const sockets = [...this.d.io.of('/').sockets.values()];
      for (let i = 0; i < sockets.length; i += 16)
        await Promise.all(sockets.slice(i, i + 16).map((s) => this.check(s)));
    } finally {
      this.checking = false;
    }
  }

  private async check(socket: Socket) {
    const c = this.connections.get(socket.id);
    if (!c || c.closing) return;
    try {
      const user = await this.d.auth.authenticate(c.token);
      if (!user) return this.drop(socket, c, DROP.token);
      if (user.mustChangePassword) return this.drop(socket, c, DROP.password);
      if (!(await this.d.agency.mayActIn(user, c.agencyId))) return this.drop(socket, c, DROP.agency);
      c.user = user;
      for (const [lessonId, seat] of [...c.seats]) {
        const now = await this.d.access.seatOf(user, c.agencyId, lessonId);
        if (!now || now.role !== seat.role) return this.drop(socket, c, DROP.seat);
        if (now.lesson.status !== 'live') {
          socket.emit('lesson:status', { lessonId, status: now.lesson.status });
          c.queue = c.queue.then(() => this.leaveQuietly(socket, c, lessonId));
        }
      }
    } catch (err) {
      this.d.log.error({ err, userId: c.user.id }, 'realtime: periodic check failed');
    }
  }
}

/** What the schema cannot say of elements: their size, their text, their image's file id (docs/lessons.md "Board"). */
function checkElements(elements: BoardElement[]) {
  for (const e of elements) {
    if (Buffer.byteLength(JSON.stringify(e)) > BOARD_LIMITS.elementBytes)
      throw new Refusal(413, `元素 ${e.id} 超过 ${BOARD_LIMITS.elementBytes / 1024} KB，请拆分后再画`);
    if (e.fileId != null && !FILE_ID_RE.test(e.fileId)) throw new Refusal(400, '图片的文件标识无效，请重新上传图片');
  }
  const bad = findBadInput(elements, 'elements');
  if (bad) throw new Refusal(400, `${bad.path}：${bad.message}`);
}
