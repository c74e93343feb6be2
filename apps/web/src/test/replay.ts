// A lesson's board log and the server's replay answers over it, for the replay's tests (docs/lessons.md "Replay
// data"): `count` changes one second apart — strokes drawn a few versions at a time, a second page, a clear and its
// restore, the lock — with a snapshot every `every` changes holding the visible elements as the board store keeps them.
import type { BoardElement, LessonReplay, ReplayChange, ReplaySnapshot } from '@edu/contract';
import { boardAt } from '../components/lessons/replay-scene';
import type { WindowAsk } from '../components/lessons/replay-log';

export const REPLAY_T0 = Date.UTC(2026, 0, 3, 1, 2);

const TWO_PAGES = [
  { id: 'p1', name: '第 1 页' },
  { id: 'p2', name: '第 2 页' },
];

const stroke = (id: string, version: number, page: string, extra: Record<string, unknown> = {}): BoardElement => ({
  id,
  type: 'freedraw',
  version,
  versionNonce: version,
  isDeleted: false,
  points: Array.from({ length: version }, (_, i) => [i, i % 3]),
  customData: { pageId: page },
  ...extra,
});

export interface FakeLog {
  changes: ReplayChange[];
  snapshots: ReplaySnapshot[];
  lastSeq: number;
}

/** The log: each stroke is sent in 4 versions; page 2 from a third of the way, a clear of page 1 and its restore. */
export function fakeLog(count: number, every: number): FakeLog {
  const changes: ReplayChange[] = [];
  let pages = [TWO_PAGES[0]];
  const at = (seq: number) => REPLAY_T0 + seq * 1000;
  const drawn = new Map<string, BoardElement>();
  const onPage1 = () => [...drawn.values()].filter((e) => e.customData?.pageId === 'p1');
  for (let seq = 1; seq <= count; seq++) {
    const n = Math.floor(seq / 4);
    const page = pages.length > 1 && n % 2 === 1 ? 'p2' : 'p1';
    let kind: ReplayChange['kind'] = 'elements';
    let payload: Record<string, unknown>;
    if (seq === Math.floor(count / 3)) {
      pages = TWO_PAGES;
      kind = 'pages';
      payload = { action: 'add', pageId: 'p2', pages };
    } else if (seq === Math.floor(count / 2)) {
      kind = 'clear';
      const gone = onPage1().map((e) => ({ ...e, version: e.version + 1, isDeleted: true }));
      for (const e of gone) drawn.set(e.id, e);
      payload = { pageId: 'p1', ids: gone.map((e) => e.id), elements: gone };
    } else if (seq === Math.floor(count / 2) + 3) {
      kind = 'restore';
      const back = onPage1().map((e) => ({ ...e, version: e.version + 1, isDeleted: false }));
      for (const e of back) drawn.set(e.id, e);
      payload = { clearSeq: Math.floor(count / 2), ids: back.map((e) => e.id), elements: back };
    } else if (seq === Math.floor((count * 3) / 4)) {
      kind = 'lock';
      payload = { locked: true };
    } else {
      const e = stroke(`s${n}`, (seq % 4) + 1, page, { index: `a${String(n).padStart(5, '0')}` });
      drawn.set(e.id, e);
      payload = { elements: [e] };
    }
    changes.push({ seq, at: at(seq), by: 't1', kind, payload });
  }
  const snapshots: ReplaySnapshot[] = [];
  for (let seq = every; seq <= count; seq += every) {
    const b = boardAt([], changes, seq);
    snapshots.push({
      seq,
      at: at(seq),
      scene: { elements: [...b.elements.values()].filter((e) => !e.isDeleted), pages: b.pages, locked: b.locked },
    });
  }
  return { changes, snapshots, lastSeq: count };
}

/**
 * The server's answer to `GET …/replay` (lessons-live.service.ts): the changes after afterSeq (at most `limit`, and
 * `pageChanges` when given, as the page's byte bound would cut), the snapshot at or before afterSeq when asked.
 */
export function replayAnswer(log: FakeLog, ask: WindowAsk, pageChanges = Infinity): LessonReplay {
  const changes = log.changes.filter((c) => c.seq > ask.afterSeq).slice(0, Math.min(ask.limit, pageChanges));
  const last = changes.at(-1)?.seq ?? ask.afterSeq;
  const snapshot = ask.snapshot ? (log.snapshots.filter((s) => s.seq <= ask.afterSeq).at(-1) ?? null) : null;
  return {
    lessonId: 'l3',
    status: 'ended',
    startsAt: REPLAY_T0,
    openedAt: REPLAY_T0,
    closedAt: REPLAY_T0 + (log.lastSeq + 30) * 1000,
    lastSeq: log.lastSeq,
    snapshots: log.snapshots.map((s) => ({ seq: s.seq, at: s.at })),
    snapshot,
    changes,
    nextAfterSeq: last < log.lastSeq ? last : null,
    presence: [],
  };
}

/** The ask of a request URL's query. */
export function askOf(url: string): WindowAsk {
  const q = new URL(url, 'http://x').searchParams;
  return {
    afterSeq: Number(q.get('afterSeq') ?? 0),
    limit: Number(q.get('limit') ?? 1000),
    snapshot: q.get('snapshot') === 'true',
  };
}
