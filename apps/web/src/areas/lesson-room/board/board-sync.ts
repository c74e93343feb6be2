// The board's side of the lesson room (docs/web.md "The lesson room"): keeps the whole board (every page) in a
// BoardStore, shows one page in the editor, sends local changes as diffs at most 10 times a second with the
// unacknowledged ones kept for a resend after a reconnect, takes remote changes in, relays pointers at most 20 times
// a second, and runs the teacher's page, lock and clear actions. The editor (Excalidraw) and the socket are behind
// small interfaces so this runs in unit tests with fakes.
import {
  BOARD_LIMITS,
  type Ack,
  type BoardElement,
  type BoardChangeAck,
  type BoardPage,
  type BoardScene,
  type ClientEvent,
  type LessonRole,
  type PageAck,
} from '@edu/contract';
import { BoardOutbox, BoardStore, pageOfElement, sceneFingerprint, throttle } from './sync-core';

/** The socket as the board uses it. */
export interface RoomTransport {
  readonly connected: boolean;
  /** An event with an ack; rejects when not connected or when no ack comes in time. */
  request<T extends object>(event: ClientEvent, payload: object): Promise<Ack<T>>;
  /** An event that may be dropped (pointers). */
  volatile(event: ClientEvent, payload: object): void;
}

/** A remote pointer as Excalidraw draws collaborators. */
export interface BoardPointerView {
  userId: number;
  name: string;
  x: number;
  y: number;
  button: 'up' | 'down';
}

/** The editor as the board uses it. */
export interface BoardEditor {
  /** The scene's elements, deleted ones included. */
  elements(): readonly BoardElement[];
  /** Remote copies merged into the scene (Excalidraw's reconcileElements keeps what is being edited). */
  merge(remote: readonly BoardElement[]): void;
  /** Another page: the scene replaced, the undo history cleared. */
  replace(elements: readonly BoardElement[]): void;
  /** The pointers of the others on this page. */
  pointers(pointers: readonly BoardPointerView[]): void;
}

export interface BoardSyncState {
  ready: boolean;
  pages: BoardPage[];
  pageId: string;
  locked: boolean;
  /** Local changes not yet acknowledged by the server. */
  unsent: number;
  /** The last clear of this client (teacher), which 撤销清空 restores. */
  lastClear: { clearSeq: number; pageId: string } | null;
  /** The shown page's fingerprint as this client holds it (sceneFingerprint). */
  scene: string;
}

export interface BoardSyncOptions {
  lessonId: number;
  role: LessonRole;
  transport: RoomTransport;
  /** A refusal or failure to tell the user about (Chinese, from the server or ours). */
  onError: (message: string) => void;
  /** Changes sent at most this often (ms); 100 = 10 Hz. */
  sendEveryMs?: number;
  /** Pointers sent at most this often (ms); 50 = 20 Hz. */
  pointerEveryMs?: number;
  /** A refused (429) or lost batch is sent again after this long (ms). */
  retryMs?: number;
}

type Listener = () => void;

export class BoardSync {
  private readonly store = new BoardStore<BoardElement>();
  private readonly outbox = new BoardOutbox<BoardElement>();
  private editor: BoardEditor | null = null;
  private state: BoardSyncState = {
    ready: false,
    pages: [],
    pageId: '',
    locked: false,
    unsent: 0,
    lastClear: null,
    scene: '',
  };
  private readonly listeners = new Set<Listener>();
  private readonly pointerMap = new Map<number, BoardPointerView & { pageId: string }>();
  private seq = 0;
  private sending = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly scheduleSend: ReturnType<typeof throttle<[]>>;
  private readonly schedulePointer: ReturnType<typeof throttle<[x: number, y: number, button: 'up' | 'down']>>;
  private role: LessonRole;

  constructor(private readonly o: BoardSyncOptions) {
    this.role = o.role;
    this.scheduleSend = throttle(o.sendEveryMs ?? 100, () => void this.send());
    this.schedulePointer = throttle(o.pointerEveryMs ?? 50, (x, y, button) => {
      if (!this.state.ready || !this.o.transport.connected) return;
      this.o.transport.volatile('board:pointer', { lessonId: o.lessonId, x, y, pageId: this.state.pageId, button });
    });
  }

  // ---- React ----

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  getState = (): BoardSyncState => this.state;

  private set(patch: Partial<BoardSyncState>) {
    const next = { ...this.state, ...patch };
    const scene = next.ready ? sceneFingerprint(this.store.page(next.pageId, next.pages[0]?.id ?? next.pageId)) : '';
    this.state = { ...next, unsent: this.outbox.size, scene };
    for (const l of [...this.listeners]) l();
  }

  /** Whether this client may draw now: the teacher always, the student unless locked, nobody else. */
  canDraw(): boolean {
    return this.role === 'teacher' || (this.role === 'student' && !this.state.locked);
  }

  private get firstPageId(): string {
    return this.state.pages[0]?.id ?? this.state.pageId;
  }

  // ---- the editor ----

  attach(editor: BoardEditor | null): void {
    this.editor = editor;
    if (editor && this.state.ready) editor.replace(this.store.page(this.state.pageId, this.firstPageId));
  }

  /** The editor's onChange: the elements changed since last sent are queued. */
  localChange(): void {
    if (!this.state.ready || !this.editor || !this.canDraw()) return;
    const changed = this.store.takeLocalChanges(this.editor.elements(), this.state.pageId);
    if (changed.length === 0) return;
    this.outbox.add(changed);
    this.set({});
    this.scheduleSend();
  }

  /** The editor's pointer moved (scene coordinates). */
  localPointer(x: number, y: number, button: 'up' | 'down'): void {
    if (this.role === 'teacher' || this.role === 'student') this.schedulePointer(x, y, button);
  }

  // ---- the connection ----

  /** A join's answer (the first or after a reconnect): the board as the server holds it. */
  joined(board: BoardScene, role: LessonRole): void {
    this.role = role;
    const first = !this.state.ready;
    if (first) this.store.reset(board.elements);
    else {
      // Back after a drop: what changed meanwhile comes in; queued local copies that lost to it are dropped, the
      // rest is sent again.
      this.store.mergeRemote(board.elements);
      this.outbox.dropLosing((id) => this.store.get(id));
    }
    this.seq = Math.max(this.seq, board.seq);
    // The first join opens the page the teacher last showed; a rejoin stays where it was.
    const want = first ? (board.shownPageId ?? '') : this.state.pageId;
    const pageId = board.pages.some((p) => p.id === want) ? want : (board.pages[0]?.id ?? '');
    this.set({ ready: true, pages: board.pages, locked: board.locked, pageId });
    this.editor?.replace(this.store.page(pageId, this.firstPageId));
    if (this.outbox.waiting > 0) this.scheduleSend();
  }

  /** The socket dropped: unacknowledged changes wait for the reconnect. */
  disconnected(): void {
    // A batch on its way is failed by the transport (its ack is cleared with an error) and queued again there.
    this.outbox.requeueAll();
    this.pointerMap.clear();
    this.editor?.pointers([]);
    this.set({});
  }

  /** Catches up with the server: the elements changed since the last change this client saw. */
  async sync(): Promise<void> {
    const ack = await this.o.transport
      .request<BoardScene>('board:sync', { lessonId: this.o.lessonId, sinceSeq: this.seq })
      .catch(() => null);
    if (!ack?.ok) return;
    this.remote(ack.seq, ack.elements);
    this.boardState(ack.locked, ack.pages, ack.seq);
  }

  private async send(): Promise<void> {
    if (this.sending || !this.state.ready || !this.o.transport.connected) return;
    const next = this.outbox.take(BOARD_LIMITS.elementsPerUpdate);
    if (!next) return;
    this.sending = true;
    let again = true;
    try {
      const ack = await this.o.transport.request<{ seq: number }>('board:update', {
        lessonId: this.o.lessonId,
        elements: next.elements,
      });
      if (ack.ok) this.outbox.ack(next.batch);
      else if (ack.error.code === 429) {
        this.outbox.retry(next.batch);
        again = false;
        this.retryLater();
      } else {
        this.outbox.drop(next.batch);
        this.o.onError(ack.error.message);
      }
    } catch {
      // No ack in time or the socket dropped: sent again later (after the reconnect's join if it dropped).
      this.outbox.retry(next.batch);
      again = false;
      this.retryLater();
    } finally {
      this.sending = false;
      this.set({});
    }
    if (again && this.outbox.waiting > 0) this.scheduleSend();
  }

  private retryLater() {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.scheduleSend();
    }, this.o.retryMs ?? 1000);
  }

  // ---- server events ----

  /** `board:elements`: another client's accepted changes (or a clear / restore). */
  remote(seq: number, elements: readonly BoardElement[]): void {
    this.seq = Math.max(this.seq, seq);
    if (!this.state.ready) return;
    const taken = this.store.mergeRemote(elements);
    const first = this.firstPageId;
    const here = taken.filter((e) => pageOfElement(e, first) === this.state.pageId);
    if (here.length > 0) this.editor?.merge(here);
    if (taken.length > 0) this.set({});
  }

  /** `board:state`: lock and pages. */
  boardState(locked: boolean, pages: BoardPage[], seq: number): void {
    this.seq = Math.max(this.seq, seq);
    const pageId = pages.some((p) => p.id === this.state.pageId) ? this.state.pageId : (pages[0]?.id ?? '');
    const moved = pageId !== this.state.pageId;
    this.set({ locked, pages });
    if (moved) this.showPage(pageId);
  }

  /** `board:show`: the teacher shows a page to everybody. */
  shown(pageId: string, seq: number): void {
    this.seq = Math.max(this.seq, seq);
    this.showPage(pageId);
  }

  /** `board:pointer` of another participant. */
  remotePointer(p: {
    userId: number;
    name: string;
    x: number;
    y: number;
    pageId: string;
    button: 'up' | 'down';
  }): void {
    this.pointerMap.set(p.userId, p);
    this.pushPointers();
  }

  /** The people in the room now: pointers of those who left go. */
  presence(userIds: readonly number[]): void {
    const here = new Set(userIds);
    let changed = false;
    for (const id of this.pointerMap.keys())
      if (!here.has(id)) {
        this.pointerMap.delete(id);
        changed = true;
      }
    if (changed) this.pushPointers();
  }

  private pushPointers() {
    const page = this.state.pageId;
    this.editor?.pointers([...this.pointerMap.values()].filter((p) => p.pageId === page));
  }

  // ---- pages ----

  /** Shows page `pageId` here (local changes of the page left are queued first). */
  showPage(pageId: string): void {
    if (!this.state.pages.some((p) => p.id === pageId)) return;
    if (pageId === this.state.pageId) return;
    this.localChange();
    this.set({ pageId, lastClear: null });
    this.editor?.replace(this.store.page(pageId, this.firstPageId));
    this.pushPointers();
  }

  private async teacher<T extends object>(event: ClientEvent, payload: object): Promise<(T & { ok: true }) | null> {
    const ack = await this.o.transport.request<T>(event, { lessonId: this.o.lessonId, ...payload }).catch(() => null);
    if (!ack) {
      this.o.onError(BOARD_SYNC_TEXTS.noAnswer);
      return null;
    }
    if (!ack.ok) {
      this.o.onError(ack.error.message);
      return null;
    }
    return ack;
  }

  /** Teacher: a new page, shown to everybody. */
  async addPage(name?: string): Promise<void> {
    const ack = await this.teacher<PageAck>('board:page', { action: 'add', ...(name && { name }) });
    if (!ack) return;
    this.set({ pages: ack.pages });
    await this.showToAll(ack.pageId);
  }

  async renamePage(pageId: string, name: string): Promise<void> {
    const ack = await this.teacher<PageAck>('board:page', { action: 'rename', pageId, name });
    if (ack) this.set({ pages: ack.pages });
  }

  /** Teacher: everybody follows to page `pageId`. */
  async showToAll(pageId: string): Promise<void> {
    this.showPage(pageId);
    await this.teacher<PageAck>('board:page', { action: 'show', pageId });
  }

  async setLocked(locked: boolean): Promise<void> {
    const ack = await this.teacher<{ seq: number }>('board:lock', { locked });
    if (ack) this.set({ locked });
  }

  /** Teacher: clears the shown page (the ack carries its tombstones); 撤销清空 can undo it. */
  async clearPage(): Promise<void> {
    const pageId = this.state.pageId;
    this.localChange();
    await this.flushed();
    const ack = await this.teacher<BoardChangeAck>('board:clear', { pageId });
    if (!ack) return;
    this.remote(ack.seq, ack.elements);
    this.set({ lastClear: { clearSeq: ack.seq, pageId } });
  }

  /** Teacher: 撤销清空 — the last clear's elements come back. */
  async restoreClear(): Promise<void> {
    const last = this.state.lastClear;
    if (!last) return;
    const ack = await this.teacher<BoardChangeAck>('board:restore', { clearSeq: last.clearSeq });
    if (!ack) return;
    this.remote(ack.seq, ack.elements);
    this.set({ lastClear: null });
  }

  /** Resolves once nothing waits to be sent (or after 3 s). */
  private async flushed(): Promise<void> {
    const until = Date.now() + 3000;
    while (this.outbox.size > 0 && Date.now() < until && this.o.transport.connected) {
      this.scheduleSend();
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  dispose(): void {
    this.scheduleSend.cancel();
    this.schedulePointer.cancel();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.listeners.clear();
    this.editor = null;
  }
}

export const BOARD_SYNC_TEXTS = {
  noAnswer: '服务器没有响应，请稍后再试',
} as const;
