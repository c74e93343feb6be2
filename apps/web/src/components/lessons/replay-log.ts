// The part of a lesson's board log the replay holds, and what it reads next (docs/lessons.md "Replay data", docs/web.md
// "Lesson lists and replay"). Pure: the player (replay-data.ts) and the replay bench (bench/scenarios/lesson-replay.ts)
// use the same functions. The log is read in windows — one answer of `GET /v1/lesson/{id}/replay`: the changes after
// `afterSeq`, and with `snapshot=true` the server's snapshot at `afterSeq` to build from. The server's snapshot index
// (seq and time of every snapshot) splits the timeline into segments; the board at a moment needs the segment's
// changes and a scene at or before them, so the player opens on the newest snapshot and the changes after it, a seek
// to a moment not read yet reads that segment from its snapshot, and the rest of the log is read in the background:
// small reads after the playhead (what playing needs next) beside large reads from the start.
import { REPLAY_MAX_CHANGES, type LessonReplay } from '@edu/contract';
import {
  applyChange,
  boardAt,
  checkpointOf,
  emptyBoard,
  fromSnapshot,
  type BoardAt,
  type ChangeLike,
  type SnapshotLike,
} from './replay-scene';

/** A checkpoint of the scene every this many changes read one after the other, so a board applies few changes. */
export const CHECKPOINT_EVERY = 200;

/** One read of the log: `GET …/replay?afterSeq=&limit=&snapshot=`. */
export interface WindowAsk {
  afterSeq: number;
  limit: number;
  snapshot: boolean;
}

/** The first read: the log's end and its snapshot index (and the first change, whose time starts the timeline). */
export const META_ASK: WindowAsk = { afterSeq: 0, limit: 1, snapshot: false };

export const askKey = (a: WindowAsk) => `${a.afterSeq}:${a.limit}:${a.snapshot ? 's' : ''}`;

/** What the log needs of an answer. */
export type WindowAnswer = Pick<LessonReplay, 'lastSeq' | 'snapshots' | 'snapshot' | 'changes' | 'nextAfterSeq'>;

export interface ReplayLog {
  /** The board's last change: the end of the timeline. */
  lastSeq: number;
  /** The server's snapshots (seq, time), oldest first: where the segments start. */
  snapshots: readonly { seq: number; at: number }[];
  /** The changes read, each once, in seq order. */
  changes: ChangeLike[];
  /** Seq ranges [from, to] read completely, in order, apart (a range holds every change the log has there). */
  covered: [number, number][];
  /** Scenes a board can start from, by seq: the empty board (0), the snapshots read, checkpoints over the changes. */
  bases: SnapshotLike[];
}

/** The seqs of a segment: after the snapshot `from` (0: the start) up to `to`, the change before the next one. */
export interface Segment {
  from: number;
  to: number;
}

const EMPTY_BASE: SnapshotLike = { seq: 0, at: 0, scene: { elements: [] } };

/** Index of the first item whose key is above `x` (items in key order). */
function firstAbove<T>(items: readonly T[], key: (t: T) => number, x: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid]) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The log as the answers read so far give it (the first answer's index and end stand: an ended lesson's log is fixed). */
export function buildLog(
  asks: readonly WindowAsk[],
  answers: readonly (WindowAnswer | undefined)[],
  every = CHECKPOINT_EVERY,
): ReplayLog | null {
  const first = answers.find((a) => a !== undefined);
  if (!first) return null;
  const bySeq = new Map<number, ChangeLike>();
  const scenes = new Map<number, SnapshotLike>([[0, EMPTY_BASE]]);
  const ranges: [number, number][] = [];
  answers.forEach((a, i) => {
    if (!a) return;
    for (const c of a.changes) bySeq.set(c.seq, c);
    if (a.snapshot) scenes.set(a.snapshot.seq, a.snapshot);
    // The answer holds every change after afterSeq up to its last one, or to the end when it reached it.
    const end = Math.min(first.lastSeq, a.nextAfterSeq ?? first.lastSeq);
    if (end > asks[i].afterSeq) ranges.push([asks[i].afterSeq + 1, end]);
  });
  const changes = [...bySeq.values()].sort((x, y) => x.seq - y.seq);
  ranges.sort((x, y) => x[0] - y[0]);
  const covered: [number, number][] = [];
  for (const [from, to] of ranges) {
    const last = covered[covered.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else covered.push([from, to]);
  }
  const log: ReplayLog = { lastSeq: first.lastSeq, snapshots: first.snapshots, changes, covered, bases: [] };
  log.bases = withCheckpoints(
    log,
    [...scenes.values()].sort((x, y) => x.seq - y.seq),
    every,
  );
  return log;
}

/** The scenes, and from each a checkpoint every `every` changes read after it (up to a gap or the next scene). */
function withCheckpoints(log: ReplayLog, scenes: SnapshotLike[], every: number): SnapshotLike[] {
  const out: SnapshotLike[] = [];
  scenes.forEach((scene, i) => {
    out.push(scene);
    const stop = Math.min(coveredTo(log, scene.seq), (scenes[i + 1]?.seq ?? Infinity) - 1);
    if (stop - scene.seq < every) return;
    let board: BoardAt | null = null;
    let applied = 0;
    for (let k = firstAbove(log.changes, (c) => c.seq, scene.seq); k < log.changes.length; k++) {
      const c = log.changes[k];
      if (c.seq > stop) break;
      board ??= fromSnapshot(scene);
      applyChange(board, c);
      if (++applied % every === 0) out.push(checkpointOf(board, c.at));
    }
  });
  return out;
}

/** The last seq up to which every change after `seq` is read (`seq` itself when the next one is not). */
export function coveredTo(log: ReplayLog, seq: number): number {
  for (const [from, to] of log.covered) if (from <= seq + 1 && to > seq) return to;
  return seq;
}

/** The first seq at or after `seq` not read yet, up to the end; null when all are. */
function firstMissing(log: ReplayLog, seq: number): number | null {
  const s = coveredTo(log, seq - 1) + 1;
  return s <= log.lastSeq ? s : null;
}

/** Seqs read in all, of `lastSeq`. */
export function loadedCount(log: ReplayLog): number {
  return log.covered.reduce((n, [from, to]) => n + to - from + 1, 0);
}

/** The segment in which the change shown at `at` lies (by the snapshots' times). */
export function segmentAt(log: ReplayLog, at: number): Segment {
  const k = firstAbove(log.snapshots, (s) => s.at, at) - 1;
  const from = k >= 0 ? log.snapshots[k].seq : 0;
  const next = log.snapshots[k + 1];
  return { from, to: Math.max(from, next ? next.seq - 1 : log.lastSeq) };
}

/** The seq of the last change made at or before `at`; null while the changes that decide it are not read. */
export function seqAt(log: ReplayLog, at: number): number | null {
  const seg = segmentAt(log, at);
  if (seg.to === seg.from) return seg.from;
  const readTo = Math.min(seg.to, coveredTo(log, seg.from));
  const lo = firstAbove(log.changes, (c) => c.seq, seg.from);
  const hi = firstAbove(log.changes, (c) => c.seq, readTo);
  const k = firstAbove(log.changes.slice(lo, hi), (c) => c.at, at) + lo;
  // Every change read is at or before `at`: the one that decides may be among those not read yet.
  if (k === hi && readTo < seg.to) return null;
  return k === lo ? seg.from : log.changes[k - 1].seq;
}

/** The newest scene at or before `seq` from which the changes up to `seq` are all read; null when there is none. */
function baseFor(log: ReplayLog, seq: number): SnapshotLike | null {
  const i = firstAbove(log.bases, (b) => b.seq, seq) - 1;
  const base = log.bases[i];
  return base && coveredTo(log, base.seq) >= seq ? base : null;
}

/** The board after change `seq`, when what it needs is read. */
export function boardAtSeq(log: ReplayLog, seq: number): BoardAt | null {
  if (seq === 0) return emptyBoard();
  const base = baseFor(log, seq);
  return base ? boardAt([base], log.changes, seq) : null;
}

/** Whether the board at `at` can be built from what is read. */
export function canShow(log: ReplayLog, at: number): boolean {
  const seq = seqAt(log, at);
  return seq !== null && (seq === 0 || baseFor(log, seq) !== null);
}

const clampLimit = (n: number, most: number) => Math.max(1, Math.min(most, n));

/** Changes one read after the playhead asks for at most: small reads keep up with playing (8× reads about 30 a second). */
export const AHEAD_CHANGES = 1000;

/**
 * The reads a player at `at` starts, one a kind: `now` when the board there cannot be built (its segment: the
 * server's snapshot at its start, unless a scene there is at hand, and its changes up to the next snapshot); `ahead`,
 * the next changes after the playhead neither read nor on their way in an `ahead` read (a large page of the rest does
 * not hold playing up); `rest`, the first changes from the start neither read nor on their way (`pending`), once the
 * board at the playhead is there (so a large page does not slow what the player waits for). All null once everything
 * is read.
 */
export function planReads(
  log: ReplayLog,
  at: number,
  pending: readonly WindowAsk[] = [],
  pendingAhead: readonly WindowAsk[] = pending,
): { now: WindowAsk | null; ahead: WindowAsk | null; rest: WindowAsk | null } {
  let now: WindowAsk | null = null;
  if (!canShow(log, at)) {
    const seg = segmentAt(log, at);
    // A scene at the segment's start is at hand (or built from one before it): only its changes are missing.
    if (seg.from === 0 || baseFor(log, seg.from)) {
      const gap = firstMissing(log, seg.from + 1);
      if (gap !== null)
        now = { afterSeq: gap - 1, limit: clampLimit(seg.to + 1 - (gap - 1), REPLAY_MAX_CHANGES), snapshot: false };
    } else now = { afterSeq: seg.from, limit: clampLimit(seg.to + 1 - seg.from, REPLAY_MAX_CHANGES), snapshot: true };
  }
  if (now) return { now, ahead: null, rest: null };
  // What is read or on its way, merged: the next read starts at the first seq outside it.
  const readFrom = (seq: number, most: number, onItsWay: readonly WindowAsk[]): WindowAsk | null => {
    const claimed = [
      ...log.covered,
      ...onItsWay.map((a): [number, number] => [a.afterSeq + 1, Math.min(log.lastSeq, a.afterSeq + a.limit)]),
    ].sort((x, y) => x[0] - y[0]);
    let gap = seq;
    for (const [from, to] of claimed) if (from <= gap && to >= gap) gap = to + 1;
    if (gap > log.lastSeq) return null;
    const next = claimed.find(([from]) => from > gap)?.[0] ?? log.lastSeq + 1;
    return { afterSeq: gap - 1, limit: clampLimit(next - gap, most), snapshot: false };
  };
  return {
    now: null,
    ahead: readFrom((seqAt(log, at) ?? 0) + 1, AHEAD_CHANGES, pendingAhead),
    rest: readFrom(1, REPLAY_MAX_CHANGES, pending),
  };
}
