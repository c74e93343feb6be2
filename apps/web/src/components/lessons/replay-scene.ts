// The replay's board at a moment (docs/web.md "Lesson lists and replay"): the newest snapshot at or before the
// wanted change, then the logged changes after it applied in order (docs/lessons.md "Replay data"). Pure: the
// player asks for the board at a seq (or a time) as the timeline moves. The log is the server's accepted order, so
// each change's elements simply replace what they name: a clear's tombstones hide a page's elements, a restore's
// elements bring them back.
import type { BoardElement, BoardPage, ReplayChange, ReplaySnapshot } from '@edu/contract';

/** What the replay needs of a snapshot and a change (the contract's shapes, or checkpoints made while loading). */
export type SnapshotLike = Pick<ReplaySnapshot, 'seq' | 'at'> & {
  scene: {
    elements: readonly Record<string, unknown>[];
    pages?: readonly BoardPage[];
    locked?: boolean;
    /** A checkpoint's followed page (a server snapshot has none: the page of its newest element). */
    activePageId?: string;
  };
};
export type ChangeLike = Pick<ReplayChange, 'seq' | 'at' | 'kind' | 'payload'>;

export interface BoardAt {
  /** The last change applied (0: the empty board). */
  seq: number;
  /** Every element by id, in drawing order, tombstones included (a restore may bring one back). */
  elements: Map<string, BoardElement>;
  pages: BoardPage[];
  locked: boolean;
  /** The page the replay follows: the one last shown (页面展示) or drawn on. */
  activePageId: string;
}

export const FIRST_PAGE: BoardPage = { id: 'p1', name: '第 1 页' };

/** The page an element is on: its `customData.pageId`, else the board's first page. */
export const pageOf = (e: BoardElement, firstPageId: string) => e.customData?.pageId ?? firstPageId;

export const emptyBoard = (): BoardAt => ({
  seq: 0,
  elements: new Map(),
  pages: [FIRST_PAGE],
  locked: false,
  activePageId: FIRST_PAGE.id,
});

const asElements = (x: unknown): BoardElement[] =>
  Array.isArray(x) ? (x as BoardElement[]).filter((e) => e && typeof e.id === 'string') : [];

const asPages = (x: unknown): BoardPage[] | null =>
  Array.isArray(x) && x.length > 0 && x.every((p) => p && typeof (p as BoardPage).id === 'string')
    ? (x as BoardPage[])
    : null;

/** A copy of a board that later changes do not touch (elements are never changed in place). */
export const copyBoard = (b: BoardAt): BoardAt => ({ ...b, elements: new Map(b.elements), pages: [...b.pages] });

/** The board a snapshot (or a checkpoint) holds; later changes do not touch the snapshot. */
export function fromSnapshot(s: SnapshotLike): BoardAt {
  const elements = new Map<string, BoardElement>();
  for (const e of asElements(s.scene.elements)) elements.set(e.id, e);
  const pages = asPages(s.scene.pages) ?? [FIRST_PAGE];
  const board: BoardAt = { seq: s.seq, elements, pages, locked: s.scene.locked ?? false, activePageId: pages[0].id };
  const last = [...elements.values()].pop();
  if (last) board.activePageId = pageOf(last, pages[0].id);
  const kept = s.scene.activePageId;
  if (kept && pages.some((p) => p.id === kept)) board.activePageId = kept;
  return board;
}

/** A checkpoint of a board: a snapshot of its own, with the page it follows. */
export const checkpointOf = (b: BoardAt, at: number): SnapshotLike => ({
  seq: b.seq,
  at,
  scene: { elements: [...b.elements.values()], pages: [...b.pages], locked: b.locked, activePageId: b.activePageId },
});

/** Applies one change to the board in place. */
export function applyChange(board: BoardAt, change: ChangeLike): void {
  const p = change.payload ?? {};
  const elements = asElements(p.elements);
  // A changed element keeps its place in the drawing order; a new one comes last.
  for (const e of elements) board.elements.set(e.id, e);
  const pages = asPages(p.pages);
  if (pages) board.pages = pages;
  if (typeof p.locked === 'boolean') board.locked = p.locked;
  const first = board.pages[0].id;
  if (change.kind === 'elements' && elements.length) board.activePageId = pageOf(elements[elements.length - 1], first);
  else if (change.kind === 'clear' && typeof p.pageId === 'string') board.activePageId = p.pageId;
  else if (change.kind === 'restore' && elements.length) board.activePageId = pageOf(elements[0], first);
  else if (change.kind === 'pages' && (p.action === 'show' || p.action === 'add') && typeof p.pageId === 'string')
    board.activePageId = p.pageId;
  if (!board.pages.some((pg) => pg.id === board.activePageId)) board.activePageId = first;
  board.seq = change.seq;
}

/**
 * The board after change `seq`: the newest snapshot with a seq ≤ `seq`, then the changes after it up to `seq`.
 * `changes` are in seq order; changes not (yet) loaded are not applied.
 */
export function boardAt(snapshots: readonly SnapshotLike[], changes: readonly ChangeLike[], seq: number): BoardAt {
  let base: SnapshotLike | undefined;
  for (const s of snapshots) if (s.seq <= seq && (!base || s.seq > base.seq)) base = s;
  const board = base ? fromSnapshot(base) : emptyBoard();
  for (let i = firstAfter(changes, board.seq); i < changes.length && changes[i].seq <= seq; i++)
    applyChange(board, changes[i]);
  return board;
}

/**
 * Checkpoints of the whole log, one every `every` changes (the scene as it stands after that change), so a seek
 * applies at most `every` changes. They are snapshots of their own: `boardAt(checkpoints, changes, seq)`.
 */
export function checkpoints(changes: readonly ChangeLike[], every = 200): SnapshotLike[] {
  const out: SnapshotLike[] = [];
  const board = emptyBoard();
  changes.forEach((c, i) => {
    applyChange(board, c);
    if ((i + 1) % every === 0) out.push(checkpointOf(board, c.at));
  });
  return out;
}

/** The seq of the last change made at or before `at` (0 before the first). */
export function seqAtTime(changes: readonly ChangeLike[], at: number): number {
  let lo = 0;
  let hi = changes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (changes[mid].at <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : changes[lo - 1].seq;
}

/** The board at a moment of the lesson. */
export const boardAtTime = (snapshots: readonly SnapshotLike[], changes: readonly ChangeLike[], at: number) =>
  boardAt(snapshots, changes, seqAtTime(changes, at));

/**
 * The visible (not deleted) elements of one page in drawing order: by Excalidraw's fractional `index` where the
 * elements carry one (strings that sort as the room stacks them), else as they came.
 */
export function pageElements(board: BoardAt, pageId: string): BoardElement[] {
  const first = board.pages[0].id;
  const out: BoardElement[] = [];
  for (const e of board.elements.values()) if (!e.isDeleted && pageOf(e, first) === pageId) out.push(e);
  const key = (e: BoardElement) => (typeof e.index === 'string' ? e.index : null);
  if (out.every((e) => key(e) !== null)) out.sort((a, b) => (key(a)! < key(b)! ? -1 : key(a)! > key(b)! ? 1 : 0));
  return out;
}

/** Index of the first change with a seq above `seq` (changes in seq order). */
function firstAfter(changes: readonly ChangeLike[], seq: number): number {
  let lo = 0;
  let hi = changes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (changes[mid].seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
