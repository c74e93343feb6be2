// The board's sync against a fake server in memory (docs/web.md "The lesson room"): sends at most 10 times a second,
// resends what was not acknowledged after a drop, converges two boards, follows the teacher's page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ack, BoardElement, BoardPage, BoardScene, ClientEvent } from '@edu/contract';
import { BoardSync, type BoardEditor, type RoomTransport } from './board-sync';
import { reconcileByVersion, takesRemote } from './sync-core';

const el = (id: string, version: number, versionNonce = 1, more: Partial<BoardElement> = {}): BoardElement => ({
  id,
  type: 'rectangle',
  version,
  versionNonce,
  isDeleted: false,
  ...more,
});

/** The server's part: accepts updates by version, relays them to the other clients with a seq. */
class FakeServer {
  elements = new Map<string, BoardElement>();
  pages: BoardPage[] = [{ id: 'p1', name: '第 1 页' }];
  seq = 0;
  updates: BoardElement[][] = [];
  clients = new Set<FakeClient>();
  refuse: number | null = null;

  scene(): BoardScene {
    return { elements: [...this.elements.values()], pages: this.pages, locked: false, seq: this.seq };
  }

  handle(from: FakeClient, event: ClientEvent, payload: Record<string, unknown>): Ack<Record<string, unknown>> {
    if (this.refuse) return { ok: false, error: { code: this.refuse, message: '拒绝' } };
    if (event === 'board:update') {
      const els = payload.elements as BoardElement[];
      this.updates.push(els);
      const seq = ++this.seq;
      for (const e of els) if (takesRemote(this.elements.get(e.id), e)) this.elements.set(e.id, e);
      for (const c of this.clients) if (c !== from && c.connected) c.sync?.remote(seq, els);
      return { ok: true, seq };
    }
    if (event === 'board:page' && payload.action === 'show') {
      const seq = ++this.seq;
      for (const c of this.clients) if (c !== from) c.sync?.shown(payload.pageId as string, seq);
      return { ok: true, pages: this.pages, seq, pageId: payload.pageId };
    }
    if (event === 'board:clear' || event === 'board:restore') {
      const seq = ++this.seq;
      const deleted = event === 'board:clear';
      const els = [...this.elements.values()].map((e) => ({ ...e, isDeleted: deleted, version: e.version + 1 }));
      for (const e of els) this.elements.set(e.id, e);
      for (const c of this.clients) if (c !== from) c.sync?.remote(seq, els);
      return { ok: true, seq, elements: els };
    }
    if (event === 'board:sync') return { ok: true, ...this.scene() };
    return { ok: true };
  }
}

class FakeClient implements RoomTransport {
  connected = true;
  sync: BoardSync | null = null;
  constructor(private readonly server: FakeServer) {
    server.clients.add(this);
  }
  request<T extends object>(event: ClientEvent, payload: object): Promise<Ack<T>> {
    if (!this.connected) return Promise.reject(new Error('disconnected'));
    return Promise.resolve(this.server.handle(this, event, payload as Record<string, unknown>) as Ack<T>);
  }
  volatile(): void {}
}

class FakeEditor implements BoardEditor {
  scene: BoardElement[] = [];
  elements = () => this.scene;
  merge(remote: readonly BoardElement[]) {
    this.scene = reconcileByVersion(this.scene, remote);
  }
  replace(elements: readonly BoardElement[]) {
    this.scene = [...elements];
  }
  pointers() {}
  draw(e: BoardElement) {
    this.scene = reconcileByVersion(this.scene, [e]);
  }
}

function client(server: FakeServer, role: 'teacher' | 'student' = 'teacher') {
  const transport = new FakeClient(server);
  const errors: string[] = [];
  const sync = new BoardSync({ lessonId: 1, role, transport, onError: (m) => errors.push(m) });
  transport.sync = sync;
  const editor = new FakeEditor();
  sync.attach(editor);
  sync.joined(server.scene(), role);
  return { transport, sync, editor, errors };
}

/** Lets the acks' promises settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('BoardSync', () => {
  it('sends only changed elements, at most 10 times a second', async () => {
    const server = new FakeServer();
    const t = client(server);
    for (let i = 1; i <= 30; i++) {
      t.editor.draw(el('a', i));
      t.sync.localChange();
      await settle();
      vi.advanceTimersByTime(10);
      await settle();
    }
    // 300 ms of drawing: the first at once, then one per 100 ms window.
    expect(server.updates.length).toBeLessThanOrEqual(4);
    vi.advanceTimersByTime(200);
    await settle();
    expect(server.elements.get('a')?.version).toBe(30);
    expect(server.updates.every((u) => u.length === 1)).toBe(true);
    expect(t.sync.getState().unsent).toBe(0);
  });

  it('converges two boards drawing at once', async () => {
    const server = new FakeServer();
    const a = client(server, 'teacher');
    const b = client(server, 'student');
    a.editor.draw(el('x', 1, 1, { index: 'a0' }));
    b.editor.draw(el('y', 1, 1, { index: 'a1' }));
    a.sync.localChange();
    b.sync.localChange();
    await settle();
    // The same element edited on both sides: version 2 each, the lower nonce wins everywhere.
    a.editor.draw(el('x', 2, 50, { index: 'a0' }));
    b.editor.draw(el('x', 2, 7, { index: 'a0' }));
    vi.advanceTimersByTime(100);
    a.sync.localChange();
    b.sync.localChange();
    await settle();
    vi.advanceTimersByTime(200);
    await settle();
    const view = (e: FakeEditor) => e.scene.map((x) => [x.id, x.version, x.versionNonce]);
    expect(view(a.editor)).toEqual(view(b.editor));
    expect(a.sync.getState().scene).toBe(b.sync.getState().scene);
    expect(a.sync.getState().scene).toMatch(/^2-/);
    expect(a.editor.scene.find((x) => x.id === 'x')?.versionNonce).toBe(7);
    // Nothing received is sent back.
    expect(server.updates.flat().filter((e) => e.id === 'y')).toHaveLength(1);
  });

  it('keeps unacknowledged changes over a drop and sends them after the rejoin', async () => {
    const server = new FakeServer();
    const t = client(server);
    t.transport.connected = false;
    t.sync.disconnected();
    t.editor.draw(el('a', 1));
    t.editor.draw(el('b', 1));
    t.sync.localChange();
    vi.advanceTimersByTime(500);
    await settle();
    expect(server.updates).toHaveLength(0);
    expect(t.sync.getState().unsent).toBe(2);
    // Meanwhile someone else changed b further.
    server.elements.set('b', el('b', 9));
    server.seq = 5;
    t.transport.connected = true;
    t.sync.joined(server.scene(), 'teacher');
    await settle();
    vi.advanceTimersByTime(200);
    await settle();
    expect(server.updates.flat().map((e) => e.id)).toEqual(['a']);
    expect(t.editor.scene.find((e) => e.id === 'b')?.version).toBe(9);
    expect(t.sync.getState().unsent).toBe(0);
  });

  it('tries a batch again after a 429 and drops a refused one with its message', async () => {
    const server = new FakeServer();
    const t = client(server);
    server.refuse = 429;
    t.editor.draw(el('a', 1));
    t.sync.localChange();
    await settle();
    expect(t.sync.getState().unsent).toBe(1);
    server.refuse = null;
    vi.advanceTimersByTime(1000);
    await settle();
    vi.advanceTimersByTime(100);
    await settle();
    expect(server.elements.has('a')).toBe(true);
    server.refuse = 403;
    t.editor.draw(el('b', 1));
    t.sync.localChange();
    vi.advanceTimersByTime(100);
    await settle();
    expect(t.errors).toEqual(['拒绝']);
    expect(t.sync.getState().unsent).toBe(0);
  });

  it('shows one page at a time, and the student follows the teacher’s page', async () => {
    const server = new FakeServer();
    server.pages = [
      { id: 'p1', name: '第 1 页' },
      { id: 'p2', name: '第 2 页' },
    ];
    server.elements.set('a', el('a', 1));
    server.elements.set('b', el('b', 1, 1, { customData: { pageId: 'p2' } }));
    const teacher = client(server, 'teacher');
    const student = client(server, 'student');
    expect(student.editor.scene.map((e) => e.id)).toEqual(['a']);
    await teacher.sync.showToAll('p2');
    expect(teacher.editor.scene.map((e) => e.id)).toEqual(['b']);
    expect(student.sync.getState().pageId).toBe('p2');
    expect(student.editor.scene.map((e) => e.id)).toEqual(['b']);
    // Drawn on page 2: marked so, and page 1 of the other side does not show it.
    student.editor.draw(el('c', 1));
    student.sync.localChange();
    await settle();
    expect(server.elements.get('c')?.customData?.pageId).toBe('p2');
    teacher.sync.showPage('p1');
    vi.advanceTimersByTime(100);
    await settle();
    expect(teacher.editor.scene.map((e) => e.id)).toEqual(['a']);
  });

  it('clears the page for everybody and 撤销清空 brings it back', async () => {
    const server = new FakeServer();
    server.elements.set('a', el('a', 1));
    const teacher = client(server, 'teacher');
    const student = client(server, 'student');
    await teacher.sync.clearPage();
    expect(teacher.sync.getState().lastClear).toEqual({ clearSeq: 1, pageId: 'p1' });
    expect(teacher.editor.scene.map((e) => e.isDeleted)).toEqual([true]);
    expect(student.editor.scene.map((e) => e.isDeleted)).toEqual([true]);
    await teacher.sync.restoreClear();
    expect(teacher.sync.getState().lastClear).toBeNull();
    expect(student.editor.scene.map((e) => [e.isDeleted, e.version])).toEqual([[false, 3]]);
    // The tombstones and the restore came from the server: nothing goes back.
    teacher.sync.localChange();
    vi.advanceTimersByTime(200);
    await settle();
    expect(server.updates).toHaveLength(0);
  });

  it('a locked student and an observer send nothing', async () => {
    const server = new FakeServer();
    const student = client(server, 'student');
    student.sync.boardState(true, server.pages, 1);
    student.editor.draw(el('a', 1));
    student.sync.localChange();
    const observer = client(server, 'student');
    observer.sync.joined(server.scene(), 'observer');
    observer.editor.draw(el('b', 1));
    observer.sync.localChange();
    vi.advanceTimersByTime(500);
    await settle();
    expect(server.updates).toHaveLength(0);
  });
});
