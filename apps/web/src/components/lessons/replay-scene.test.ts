import { describe, expect, it } from 'vitest';
import type { BoardElement } from '@edu/contract';
import {
  boardAt,
  boardAtTime,
  checkpoints,
  pageElements,
  seqAtTime,
  type BoardAt,
  type ChangeLike,
  type SnapshotLike,
} from './replay-scene';

const el = (id: string, version: number, extra: Record<string, unknown> = {}): BoardElement => ({
  id,
  type: 'rectangle',
  version,
  versionNonce: version,
  isDeleted: false,
  ...extra,
});
const onPage = (pageId: string) => ({ customData: { pageId } });
const gone = { isDeleted: true };

const T0 = 1_767_571_200_000;
const change = (seq: number, kind: ChangeLike['kind'], payload: ChangeLike['payload']): ChangeLike => ({
  seq,
  at: T0 + seq * 1000,
  kind,
  payload,
});
const TWO_PAGES = [
  { id: 'p1', name: '第 1 页' },
  { id: 'p2', name: '第 2 页' },
];

// The payloads as docs/lessons.md "Replay data" logs them.
const CHANGES: ChangeLike[] = [
  change(1, 'elements', { elements: [el('a', 1)] }),
  change(2, 'elements', { elements: [el('b', 1)] }),
  change(3, 'elements', { elements: [el('a', 2, { x: 50 })] }),
  change(4, 'pages', { action: 'add', pageId: 'p2', pages: TWO_PAGES }),
  change(5, 'elements', { elements: [el('c', 1, onPage('p2'))] }),
  change(6, 'pages', { action: 'show', pageId: 'p1', pages: TWO_PAGES }),
  change(7, 'clear', { pageId: 'p1', ids: ['a', 'b'], elements: [el('a', 3, gone), el('b', 2, gone)] }),
  change(8, 'lock', { locked: true }),
  change(9, 'restore', { clearSeq: 7, ids: ['a', 'b'], elements: [el('a', 4, { x: 50 }), el('b', 3)] }),
  change(10, 'elements', { elements: [el('c', 2, { ...onPage('p2'), ...gone })] }),
];

const ids = (b: BoardAt, page = 'p1') => pageElements(b, page).map((e) => e.id);
const sorted = (b: BoardAt) => [...b.elements.values()].sort((x, y) => x.id.localeCompare(y.id));

describe('boardAt (the replay scene builder)', () => {
  it('is an empty first page before the first change', () => {
    const b = boardAt([], CHANGES, 0);
    expect(b.seq).toBe(0);
    expect(ids(b)).toEqual([]);
    expect(b.pages).toEqual([{ id: 'p1', name: '第 1 页' }]);
  });

  it('applies the changes up to the seq: new elements, newer versions, pages, clear, lock, restore, delete', () => {
    const b3 = boardAt([], CHANGES, 3);
    expect(ids(b3)).toEqual(['a', 'b']);
    expect(b3.elements.get('a')).toMatchObject({ version: 2, x: 50 });

    const b5 = boardAt([], CHANGES, 5);
    expect(b5.pages.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(ids(b5, 'p2')).toEqual(['c']);
    expect(b5.activePageId).toBe('p2'); // the page last drawn on

    expect(boardAt([], CHANGES, 6).activePageId).toBe('p1'); // the teacher showed page 1

    const b8 = boardAt([], CHANGES, 8);
    expect(ids(b8)).toEqual([]); // cleared: the tombstones stay but are not drawn
    expect(ids(b8, 'p2')).toEqual(['c']); // another page is untouched
    expect(b8.elements.size).toBe(3);
    expect(b8.locked).toBe(true);

    const b9 = boardAt([], CHANGES, 9);
    expect(ids(b9)).toEqual(['a', 'b']); // restored
    expect(b9.elements.get('a')).toMatchObject({ x: 50 });

    expect(ids(boardAt([], CHANGES, 10), 'p2')).toEqual([]);
  });

  it('keeps an element in its place when it changes, and stacks by the fractional index when there is one', () => {
    expect([...boardAt([], CHANGES, 3).elements.keys()]).toEqual(['a', 'b']);
    const stacked = [
      change(1, 'elements', { elements: [el('x', 1, { index: 'a1' }), el('y', 1, { index: 'a0' })] }),
      change(2, 'elements', { elements: [el('x', 2, { index: 'a2' })] }),
    ];
    expect(ids(boardAt([], stacked, 1))).toEqual(['y', 'x']);
    expect(ids(boardAt([], stacked, 2))).toEqual(['y', 'x']);
  });

  it('starts from the newest snapshot at or before the seq and reaches the same board as the whole log', () => {
    const snapshot: SnapshotLike = {
      seq: 5,
      at: T0 + 5000,
      // Snapshots hold the visible elements only.
      scene: {
        elements: [el('a', 2, { x: 50 }), el('b', 1), el('c', 1, onPage('p2'))],
        pages: TWO_PAGES,
        locked: false,
      },
    };
    // Only the changes after the snapshot are at hand: the snapshot stands for the rest.
    const after = CHANGES.filter((c) => c.seq > 5);
    for (const seq of [5, 6, 7, 8, 9, 10]) {
      const fromSnap = boardAt([snapshot], after, seq);
      const fromLog = boardAt([], CHANGES, seq);
      for (const page of ['p1', 'p2']) expect(pageElements(fromSnap, page)).toEqual(pageElements(fromLog, page));
      expect(fromSnap.locked).toBe(fromLog.locked);
      expect(fromSnap.pages).toEqual(fromLog.pages);
      expect(fromSnap.seq).toBe(seq);
    }
    // Before the snapshot, without the earlier changes, the board is what the changes at hand give: empty.
    expect(ids(boardAt([snapshot], after, 4))).toEqual([]);
  });

  it('gives the same board from checkpoints as from the whole log, at every seq', () => {
    const marks = checkpoints(CHANGES, 3);
    expect(marks.map((m) => m.seq)).toEqual([3, 6, 9]);
    for (let seq = 0; seq <= 10; seq++) {
      const a = boardAt(marks, CHANGES, seq);
      const b = boardAt([], CHANGES, seq);
      expect(sorted(a)).toEqual(sorted(b));
      expect([a.locked, a.pages, a.seq]).toEqual([b.locked, b.pages, b.seq]);
    }
    // A checkpoint is a copy: building later boards does not change it.
    boardAt(marks, CHANGES, 10);
    expect(marks[0].scene.elements).toHaveLength(2);
  });

  it('finds the change at a moment', () => {
    expect(seqAtTime(CHANGES, T0)).toBe(0);
    expect(seqAtTime(CHANGES, T0 + 2500)).toBe(2);
    expect(seqAtTime(CHANGES, T0 + 3000)).toBe(3);
    expect(seqAtTime(CHANGES, T0 + 60_000)).toBe(10);
    expect(ids(boardAtTime([], CHANGES, T0 + 7500))).toEqual([]);
    expect(ids(boardAtTime([], CHANGES, T0 + 9000))).toEqual(['a', 'b']);
  });

  it('ignores payloads without elements or pages it can read', () => {
    const odd = [change(1, 'elements', { elements: 'nope' }), change(2, 'pages', { pages: [] })];
    const b = boardAt([], odd, 2);
    expect(b.elements.size).toBe(0);
    expect(b.pages).toEqual([{ id: 'p1', name: '第 1 页' }]);
    expect(b.seq).toBe(2);
  });
});
