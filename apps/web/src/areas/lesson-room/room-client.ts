// The lesson room's connection (docs/web.md "The lesson room"): one socket.io connection at REALTIME_PATH,
// WebSocket only, the session's token and agency in the handshake; joins the lesson on every (re)connect, keeps who
// is present and the lesson's status, and feeds the board's sync. The video listens on the same socket.
import { io, type Socket } from 'socket.io-client';
import {
  REALTIME_PATH,
  type Ack,
  type BoardElement,
  type BoardPage,
  type ClientEvent,
  type JoinResult,
  type LessonRole,
  type LessonStatus,
  type Peer,
} from '@edu/contract';
import { BoardSync, type RoomTransport } from './board/board-sync';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'refused' | 'dropped';

export interface RoomState {
  connection: ConnectionState;
  /** Set once joined. */
  role: LessonRole | null;
  me: { userId: number; name: string } | null;
  peers: Peer[];
  status: LessonStatus | null;
  /** Why the room cannot be used (a refused join or handshake, a dropped connection), with its code. */
  problem: { code: number; message: string } | null;
  /** Joins accepted on this page so far: one more after every reconnect (the video sends again what was missed). */
  joins: number;
}

/** How long an ack may take before the request counts as lost (ms). */
const ACK_MS = 8000;

export function socketTransport(socket: Socket): RoomTransport {
  return {
    get connected() {
      return socket.connected;
    },
    request: <T extends object>(event: ClientEvent, payload: object) =>
      socket.connected
        ? (socket.timeout(ACK_MS).emitWithAck(event, payload) as Promise<Ack<T>>)
        : Promise.reject(new Error('disconnected')),
    volatile: (event, payload) => void socket.volatile.emit(event, payload),
  };
}

export interface RoomClientOptions {
  lessonId: number;
  token: string;
  agencyId: string;
  onError: (message: string) => void;
  /** The lesson's status changed (opened, closed, cancelled, ended by the sweep). */
  onStatus: (status: LessonStatus) => void;
  /** For tests: the socket to use instead of a new one. */
  socket?: Socket;
}

export class RoomClient {
  readonly socket: Socket;
  readonly board: BoardSync;
  private state: RoomState = {
    connection: 'connecting',
    role: null,
    me: null,
    peers: [],
    status: null,
    problem: null,
    joins: 0,
  };
  private readonly listeners = new Set<() => void>();
  private disposed = false;

  constructor(private readonly o: RoomClientOptions) {
    const socket =
      o.socket ??
      io(window.location.origin, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        auth: { token: o.token, agencyId: o.agencyId },
        reconnectionDelay: 500,
        reconnectionDelayMax: 4000,
        autoConnect: false,
      });
    this.socket = socket;
    this.board = new BoardSync({
      lessonId: o.lessonId,
      role: 'observer',
      transport: socketTransport(socket),
      onError: o.onError,
    });
    const mine = (p: { lessonId?: number }) => p?.lessonId === o.lessonId;
    socket.on('connect', () => void this.join());
    socket.on('disconnect', (reason) => {
      this.board.disconnected();
      // Closed by the server (dropped, taken over): socket.io does not reconnect; the reason came in lesson:dropped.
      if (reason === 'io server disconnect') this.set({ connection: this.state.problem ? 'dropped' : 'refused' });
      else if (reason !== 'io client disconnect') this.set({ connection: 'reconnecting' });
    });
    socket.on('connect_error', (err: Error & { data?: { code?: number } }) => {
      // A refused handshake (bad or expired token, wrong agency) is not tried again; a network failure is.
      if (!socket.active)
        this.set({ connection: 'refused', problem: { code: err.data?.code ?? 500, message: err.message } });
      else this.set({ connection: this.state.role ? 'reconnecting' : 'connecting' });
    });
    socket.on('lesson:dropped', (p: { reason: string }) =>
      this.set({ connection: 'dropped', problem: { code: 410, message: p.reason } }),
    );
    socket.on('lesson:presence', (p: { lessonId: number; peers: Peer[] }) => {
      if (!mine(p)) return;
      this.set({ peers: p.peers });
      this.board.presence(p.peers.map((x) => x.userId));
    });
    socket.on('lesson:status', (p: { lessonId: number; status: LessonStatus }) => {
      if (!mine(p)) return;
      this.set({ status: p.status });
      o.onStatus(p.status);
    });
    socket.on('board:elements', (p: { lessonId: number; seq: number; elements: BoardElement[] }) => {
      if (mine(p)) this.board.remote(p.seq, p.elements);
    });
    socket.on('board:state', (p: { lessonId: number; locked: boolean; pages: BoardPage[]; seq: number }) => {
      if (mine(p)) this.board.boardState(p.locked, p.pages, p.seq);
    });
    socket.on('board:show', (p: { lessonId: number; pageId: string; seq: number }) => {
      if (mine(p)) this.board.shown(p.pageId, p.seq);
    });
    socket.on(
      'board:pointer',
      (p: {
        lessonId: number;
        userId: number;
        name: string;
        x: number;
        y: number;
        pageId: string;
        button?: 'up' | 'down';
      }) => {
        if (mine(p)) this.board.remotePointer({ ...p, button: p.button ?? 'up' });
      },
    );
  }

  start(): void {
    this.socket.connect();
  }

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  getState = (): RoomState => this.state;

  private set(patch: Partial<RoomState>) {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    for (const l of [...this.listeners]) l();
  }

  private async join() {
    const ack = await this.socket
      .timeout(ACK_MS)
      .emitWithAck('lesson:join', { lessonId: this.o.lessonId })
      .then((a) => a as Ack<JoinResult>)
      .catch(() => null);
    if (this.disposed) return;
    if (!ack) {
      // No answer in time: try again on this connection.
      if (this.socket.connected) setTimeout(() => void this.join(), 1000);
      return;
    }
    const a = ack;
    if (!a.ok) {
      this.set({ connection: 'refused', problem: a.error });
      this.socket.disconnect();
      return;
    }
    this.board.joined(a.board, a.role);
    this.set({
      connection: 'connected',
      role: a.role,
      me: a.me,
      peers: a.peers,
      status: a.status,
      problem: null,
      joins: this.state.joins + 1,
    });
  }

  /** Sends `rtc:state` (what this side's media do). */
  mediaState(audio: boolean, video: boolean, screen: boolean): void {
    if (this.socket.connected && this.state.role)
      this.socket.emit('rtc:state', { lessonId: this.o.lessonId, audio, video, screen });
  }

  dispose(): void {
    this.disposed = true;
    this.board.dispose();
    if (this.socket.connected) this.socket.emit('lesson:leave', { lessonId: this.o.lessonId });
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }
}
