// What the replay reads of a lesson's log and the boards it builds from it (docs/lessons.md "Replay data"): it opens on
// the newest snapshot, reads the rest in the background, reads the segment of a moment not read yet from the snapshot
// before it, and every board equals the one the whole log gives.
import { describe, expect, it } from 'vitest';
import { fakeLog, replayAnswer, REPLAY_T0, type FakeLog } from '../../test/replay';
import {
  boardAtSeq,
  buildLog,
  canShow,
  loadedCount,
  META_ASK,
  planReads,
  seqAt,
  type ReplayLog,
  type WindowAsk,
} from './replay-log';
import { boardAt, pageElements } from './replay-scene';

const LOG = fakeLog(450, 100);
const atSeq = (seq: number) => REPLAY_T0 + seq * 1000;
const END = atSeq(480);

/** The asks so far and the log they give; `read` adds one. */
function reader(log: FakeLog, pageChanges = Infinity) {
  const asks: WindowAsk[] = [META_ASK];
  const answers = [replayAnswer(log, META_ASK, pageChanges)];
  const state = { log: buildLog(asks, answers)! };
  return {
    asks,
    state,
    read(ask: WindowAsk) {
      asks.push({ afterSeq: ask.afterSeq, limit: ask.limit, snapshot: ask.snapshot });
      answers.push(replayAnswer(log, ask, pageChanges));
      state.log = buildLog(asks, answers)!;
    },
  };
}

/** The board at `seq` from what is read is the whole log's, on both pages, with its pages and lock. */
function expectWholeLogBoard(log: ReplayLog, seq: number) {
  const got = boardAtSeq(log, seq);
  const want = boardAt([], LOG.changes, seq);
  expect(got, `board at ${seq}`).not.toBeNull();
  for (const page of ['p1', 'p2']) expect(pageElements(got!, page)).toEqual(pageElements(want, page));
  expect([got!.pages, got!.locked, got!.seq]).toEqual([want.pages, want.locked, want.seq]);
}

describe('the replay log', () => {
  it('opens on the newest snapshot and the changes after it: the board the lesson ended with', () => {
    const r = reader(LOG);
    expect(r.state.log.lastSeq).toBe(450);
    expect(r.state.log.covered).toEqual([[1, 1]]);
    expect(canShow(r.state.log, END)).toBe(false);
    const open = planReads(r.state.log, END);
    // Nothing else until the board at the playhead is there.
    expect(open).toEqual({ now: { afterSeq: 400, limit: 51, snapshot: true }, ahead: null, rest: null });
    r.read(open.now!);
    expect(canShow(r.state.log, END)).toBe(true);
    expect(seqAt(r.state.log, END)).toBe(450);
    expectWholeLogBoard(r.state.log, 450);
    expect(loadedCount(r.state.log)).toBe(51);
  });

  it('reads the rest in the background, from the start once the playhead is at the end, until every board is there', () => {
    const r = reader(LOG);
    r.read(planReads(r.state.log, END).now!);
    const background: (WindowAsk | null)[][] = [];
    for (let p = planReads(r.state.log, END); p.rest; p = planReads(r.state.log, END)) {
      background.push([p.now, p.ahead, p.rest]);
      r.read(p.rest);
    }
    // Seq 1 came with the first read, 401–450 with the opening: one page reads the gap between; nothing is after the
    // playhead.
    expect(background).toEqual([[null, null, { afterSeq: 1, limit: 399, snapshot: false }]]);
    expect(r.state.log.covered).toEqual([[1, 450]]);
    expect(loadedCount(r.state.log)).toBe(450);
    // Checkpoints every 200 changes from the start, up to the snapshot read at 400.
    expect(r.state.log.bases.map((b) => b.seq)).toEqual([0, 200, 400]);
    for (let seq = 0; seq <= 450; seq += 7) expectWholeLogBoard(r.state.log, seq);
    for (let seq = 0; seq <= 450; seq += 13) expect(seqAt(r.state.log, atSeq(seq) + 500)).toBe(seq);
  });

  it('reads a moment not read yet from the snapshot before it and the changes up to the next one', () => {
    const r = reader(LOG);
    r.read(planReads(r.state.log, END).now!);
    const mid = atSeq(250) + 400;
    expect(seqAt(r.state.log, mid)).toBeNull();
    expect(canShow(r.state.log, mid)).toBe(false);
    const seek = planReads(r.state.log, mid);
    expect(seek).toEqual({ now: { afterSeq: 200, limit: 100, snapshot: true }, ahead: null, rest: null });
    r.read(seek.now!);
    expect(seqAt(r.state.log, mid)).toBe(250);
    expectWholeLogBoard(r.state.log, 250);
    expectWholeLogBoard(r.state.log, 299);
    // Playing on from there: a read after the playhead (up to what is read: the end) beside one from the start; a read
    // on its way is not asked again.
    expect(planReads(r.state.log, mid)).toEqual({
      now: null,
      ahead: { afterSeq: 300, limit: 100, snapshot: false },
      rest: { afterSeq: 1, limit: 199, snapshot: false },
    });
    const onItsWay = { afterSeq: 1, limit: 150, snapshot: false };
    expect(planReads(r.state.log, mid, [onItsWay]).rest).toEqual({ afterSeq: 151, limit: 49, snapshot: false });
    const ahead = { afterSeq: 300, limit: 50, snapshot: false };
    expect(planReads(r.state.log, mid, [ahead], [ahead]).ahead).toEqual({ afterSeq: 350, limit: 50, snapshot: false });
    // A page of the rest on its way does not hold up the read after the playhead.
    const rest = { afterSeq: 1, limit: 399, snapshot: false };
    expect(planReads(r.state.log, mid, [rest], []).ahead).toEqual({ afterSeq: 300, limit: 100, snapshot: false });
  });

  it('builds a moment before the first snapshot from the empty board', () => {
    const r = reader(LOG);
    const early = atSeq(42);
    const now = planReads(r.state.log, early).now;
    expect(now).toEqual({ afterSeq: 1, limit: 99, snapshot: false });
    r.read(now!);
    expect(seqAt(r.state.log, early)).toBe(42);
    expectWholeLogBoard(r.state.log, 42);
    expect(seqAt(r.state.log, REPLAY_T0)).toBe(0);
    expect(pageElements(boardAtSeq(r.state.log, 0)!, 'p1')).toEqual([]);
  });

  it('goes on where a page the server cut short ended', () => {
    const r = reader(LOG, 30);
    r.read(planReads(r.state.log, END).now!);
    // 30 of the 51 changes: the end is not there yet; the rest of the segment is read next, at once.
    expect(r.state.log.covered).toEqual([
      [1, 1],
      [401, 430],
    ]);
    expect(canShow(r.state.log, END)).toBe(false);
    const now = planReads(r.state.log, END).now;
    expect(now).toEqual({ afterSeq: 430, limit: 21, snapshot: false });
    r.read(now!);
    expectWholeLogBoard(r.state.log, 450);
  });

  it('has nothing to read for a lesson without board changes', () => {
    const empty = fakeLog(0, 100);
    const r = reader(empty);
    expect(r.state.log.lastSeq).toBe(0);
    expect(canShow(r.state.log, END)).toBe(true);
    expect(planReads(r.state.log, END)).toEqual({ now: null, ahead: null, rest: null });
    expect(boardAtSeq(r.state.log, 0)!.elements.size).toBe(0);
  });
});
