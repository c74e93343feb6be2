// The board's sync rules (docs/web.md "The lesson room").
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BoardOutbox,
  BoardStore,
  byIndex,
  onPage,
  reconcileByVersion,
  sceneFingerprint,
  takesRemote,
  throttle,
  type SyncElement,
} from './sync-core';

const el = (id: string, version: number, versionNonce = 1, more: Partial<SyncElement> = {}): SyncElement => ({
  id,
  version,
  versionNonce,
  isDeleted: false,
  ...more,
});

describe('takesRemote', () => {
  it('takes a new element and a higher version, keeps a higher local version', () => {
    expect(takesRemote(undefined, el('a', 1))).toBe(true);
    expect(takesRemote(el('a', 2), el('a', 3))).toBe(true);
    expect(takesRemote(el('a', 3), el('a', 2))).toBe(false);
  });

  it('settles equal versions on the lower versionNonce, the same way on both sides', () => {
    const low = el('a', 4, 10);
    const high = el('a', 4, 20);
    expect(takesRemote(high, low)).toBe(true);
    expect(takesRemote(low, high)).toBe(false);
  });
});

describe('reconcileByVersion', () => {
  it('converges whatever order the copies arrive in', () => {
    const a = [el('x', 2, 5, { index: 'a1' }), el('y', 1, 1, { index: 'a0' })];
    const b = [el('x', 2, 3, { index: 'a1' }), el('z', 7, 1, { index: 'a2' }), el('y', 3, 9, { index: 'a0' })];
    const ab = reconcileByVersion(a, b);
    const ba = reconcileByVersion(b, a);
    expect(ab).toEqual(ba);
    expect(ab.map((e) => [e.id, e.version, e.versionNonce])).toEqual([
      ['y', 3, 9],
      ['x', 2, 3],
      ['z', 7, 1],
    ]);
  });

  it('orders by fractional index as text, then id', () => {
    const sorted = [
      el('b', 1, 1, { index: 'a0' }),
      el('a', 1, 1, { index: 'a0' }),
      el('c', 1, 1, { index: 'Zz' }),
    ].sort(byIndex);
    expect(sorted.map((e) => e.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('BoardStore', () => {
  it('takes as local changes only the elements whose version changed, marked with the page', () => {
    const store = new BoardStore();
    store.reset([el('a', 1), el('b', 1)]);
    expect(store.takeLocalChanges([el('a', 1), el('b', 1)], 'p1')).toEqual([]);
    const changed = store.takeLocalChanges([el('a', 1), el('b', 2), el('c', 1)], 'p1');
    expect(changed.map((e) => [e.id, e.version, e.customData?.pageId])).toEqual([
      ['b', 2, 'p1'],
      ['c', 1, 'p1'],
    ]);
    // Sent once: the same scene again is no change.
    expect(store.takeLocalChanges([el('a', 1), el('b', 2), el('c', 1)], 'p1')).toEqual([]);
  });

  it('does not send back what came from the server, nor an older copy the editor still shows', () => {
    const store = new BoardStore();
    store.reset([el('a', 1)]);
    expect(store.mergeRemote([el('a', 5, 3), el('b', 1)]).map((e) => e.id)).toEqual(['a', 'b']);
    expect(store.takeLocalChanges([el('a', 5, 3), el('b', 1)], 'p1')).toEqual([]);
    expect(store.takeLocalChanges([el('a', 4, 3)], 'p1')).toEqual([]);
  });

  it('keeps an element on the page it is on', () => {
    const store = new BoardStore();
    store.reset([el('a', 1, 1, { customData: { pageId: 'p2' } })]);
    expect(store.takeLocalChanges([el('a', 2)], 'p1')[0]?.customData?.pageId).toBe('p2');
  });

  it('lists a page’s elements, those without a page on the first', () => {
    const store = new BoardStore();
    store.reset([
      el('a', 1, 1, { index: 'a1' }),
      el('b', 1, 1, { customData: { pageId: 'p2' } }),
      el('c', 1, 1, { index: 'a0' }),
    ]);
    expect(store.page('p1', 'p1').map((e) => e.id)).toEqual(['c', 'a']);
    expect(store.page('p2', 'p1').map((e) => e.id)).toEqual(['b']);
  });

  it('rejects a remote copy that loses', () => {
    const store = new BoardStore();
    store.reset([el('a', 3)]);
    expect(store.mergeRemote([el('a', 2)])).toEqual([]);
    expect(store.get('a')?.version).toBe(3);
  });
});

describe('BoardOutbox', () => {
  it('sends in batches of at most max and forgets a batch once acknowledged', () => {
    const box = new BoardOutbox();
    box.add([el('a', 1), el('b', 1), el('c', 1)]);
    const first = box.take(2);
    expect(first?.elements.map((e) => e.id)).toEqual(['a', 'b']);
    const second = box.take(2);
    expect(second?.elements.map((e) => e.id)).toEqual(['c']);
    expect(box.take(2)).toBeNull();
    box.ack(first?.batch ?? 0);
    expect(box.size).toBe(1);
    box.ack(second?.batch ?? 0);
    expect(box.size).toBe(0);
  });

  it('keeps a newer copy queued while an older one is on its way', () => {
    const box = new BoardOutbox();
    box.add([el('a', 1)]);
    const sent = box.take(10);
    box.add([el('a', 2)]);
    box.ack(sent?.batch ?? 0);
    expect(box.take(10)?.elements).toEqual([el('a', 2)]);
  });

  it('sends an unacknowledged batch again after a failure or a reconnect, drops a refused one', () => {
    const box = new BoardOutbox();
    box.add([el('a', 1), el('b', 1)]);
    const sent = box.take(1);
    box.retry(sent?.batch ?? 0);
    expect(box.waiting).toBe(2);
    const again = box.take(10);
    expect(again?.elements.map((e) => e.id)).toEqual(['a', 'b']);
    box.requeueAll();
    expect(box.waiting).toBe(2);
    const third = box.take(10);
    expect(box.drop(third?.batch ?? 0).map((e) => e.id)).toEqual(['a', 'b']);
    expect(box.size).toBe(0);
  });

  it('drops queued copies that lost to what the server holds after a sync', () => {
    const box = new BoardOutbox();
    box.add([el('a', 2), el('b', 2)]);
    const held = new Map([
      ['a', el('a', 5)],
      ['b', el('b', 1)],
    ]);
    box.dropLosing((id) => held.get(id));
    expect(box.take(10)?.elements.map((e) => e.id)).toEqual(['b']);
  });
});

describe('onPage', () => {
  it('keeps the element when it is already on the page, else copies it with the page', () => {
    const a = el('a', 1, 1, { customData: { pageId: 'p1' } });
    expect(onPage(a, 'p1')).toBe(a);
    const b = onPage(el('b', 1, 1, { customData: { other: 1 } as { pageId?: string } }), 'p2');
    expect(b.customData).toEqual({ other: 1, pageId: 'p2' });
  });
});

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once a window with the latest arguments', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const t = throttle(100, (n: number) => calls.push(n));
    t(1);
    t(2);
    t(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(99);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    for (let i = 0; i < 10; i++) {
      t(10 + i);
      vi.advanceTimersByTime(10);
    }
    // 100 ms of calls: at most one more run, plus the one the window ends with.
    expect(calls.length).toBeLessThanOrEqual(4);
    t.cancel();
  });
});

describe('sceneFingerprint', () => {
  it('is the same for the same copies in any order, and counts what is shown', () => {
    const a = [el('a', 1), el('b', 2, 5, { isDeleted: true })];
    expect(sceneFingerprint(a)).toBe(sceneFingerprint([...a].reverse()));
    expect(sceneFingerprint(a)).toMatch(/^1-/);
    expect(sceneFingerprint([el('a', 1), el('b', 2, 6, { isDeleted: true })])).not.toBe(sceneFingerprint(a));
  });
});
