// Lesson replay benchmark (issue 27 item 7: "replay of a 60-minute lesson opens in under 2 s"; docs/performance.md
// "Lesson replay"). A realistic 60-minute lesson's board is written through the board store the socket server uses
// (apps/server/src/realtime/board-store.ts, with each change's time on the lesson's own clock): strokes extended point by
// point and sent whole every 100 ms as the web room sends them, shapes, texts, moves, erasing, pages, the lock, clears
// and an undo (bench/generators/lesson-board.ts). Then, on the real server over HTTP, what opening its replay costs:
//
// - before: the player as it was — every page of the log from seq 0 (`limit` = REPLAY_MAX_CHANGES, following
//   `nextAfterSeq`), then checkpoints of the whole log and the board at the end (replay-scene.ts);
// - after: the player now (replay-log.ts) — the first read (`limit=1`: the end and the snapshot index), then the
//   newest snapshot with the changes after it, and the board at the end; a seek to the middle (the snapshot before it
//   and its segment's changes); the background reading of the rest of the log;
// - a bare reference: the same rows read with plain `pg` (the whole log; the newest snapshot and the changes after it).
//
// Time to first board = every request the player makes before it shows the board (to the response's last byte) + the
// JSON parse + building the board with the web's pure functions, in this process. Each is measured `--runs` times,
// alternating, the first run reported apart (cold).
//
// Usage: npm run bench:replay -- [--runs=5] [--minutes=60] [--keep-db]
// BENCH_PG_URL: the PostgreSQL server's admin URL (default: TEST_DATABASE_URL's server, else
// postgres://postgres@127.0.0.1:5432/postgres); a fresh database is created and dropped.
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { BOARD_LIMITS, REPLAY_MAX_CHANGES, BoardElement, type LessonReplay } from '@edu/contract';
import { startServer, type RunningServer } from '../../e2e/support/server-process.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { BoardStore } from '../../apps/server/src/realtime/board-store.js';
import {
  boardAtSeq,
  buildLog,
  META_ASK,
  planReads,
  seqAt,
  type WindowAsk,
} from '../../apps/web/src/components/lessons/replay-log.js';
import {
  boardAt,
  checkpoints,
  pageElements,
  seqAtTime,
  type BoardAt,
  type ChangeLike,
} from '../../apps/web/src/components/lessons/replay-scene.js';
import { call } from '../lib/api.js';
import { generateLessons } from '../generators/lessons.js';
import { lessonBoardOps, type BoardOp } from '../generators/lesson-board.js';
import { intArg, machine, writeResult } from '../lib/knowledge-graph.js';

const RUNS = intArg('runs', 5);
const MINUTES = intArg('minutes', 60);
const keepDb = process.argv.includes('--keep-db');
const TARGET_MS = 2000;

const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ??
  (process.env.TEST_DATABASE_URL
    ? process.env.TEST_DATABASE_URL.replace(/\/[^/]*$/, '/postgres')
    : 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `bench_replay_${Date.now()}`;
const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const psql = (sqlText: string) => execSync(`psql "${PG_ADMIN_URL}" -qc "${sqlText}"`);
const started = performance.now();
const elapsed = () => Math.round((performance.now() - started) / 1000);
const round = (x: number) => Number(x.toFixed(1));

/** One request as the browser makes it: its time to the last byte, the JSON parse, the body's size. */
interface Timed {
  path: string;
  httpMs: number;
  parseMs: number;
  bytes: number;
}

/** What the player does to show a board: its requests, then building the board. */
interface Opening {
  requests: Timed[];
  buildMs: number;
  totalMs: number;
  bytes: number;
  board: BoardAt;
}

async function replayGet(baseURL: string, token: string, lessonId: number, ask: WindowAsk) {
  const q = new URLSearchParams({ afterSeq: String(ask.afterSeq), limit: String(ask.limit) });
  if (ask.snapshot) q.set('snapshot', 'true');
  const path = `/v1/lesson/${lessonId}/replay?${q}`;
  const t0 = performance.now();
  const r = await fetch(`${baseURL}${path}`, {
    headers: {
      Accept: 'application/json',
      'Accept-Encoding': 'br, gzip',
      Authorization: `Bearer ${token}`,
      'X-Agency-Id': 'demo',
    },
  });
  const text = await r.text();
  const t1 = performance.now();
  const env = JSON.parse(text) as { errno: number; errmsg: string; response: LessonReplay };
  const t2 = performance.now();
  if (env.errno !== 0) throw new Error(`${path}: ${env.errno} ${env.errmsg}`);
  const timed: Timed = { path, httpMs: t1 - t0, parseMs: t2 - t1, bytes: text.length };
  return { timed, answer: env.response };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function opening(requests: Timed[], buildMs: number, board: BoardAt): Opening {
  return {
    requests,
    buildMs,
    totalMs: sum(requests.map((r) => r.httpMs + r.parseMs)) + buildMs,
    bytes: sum(requests.map((r) => r.bytes)),
    board,
  };
}

/** The player before: every page from the start, then checkpoints of the whole log and the board at the end. */
async function openBefore(baseURL: string, token: string, lessonId: number) {
  const requests: Timed[] = [];
  const changes: ChangeLike[] = [];
  let afterSeq: number | null = 0;
  let lastSeq = 0;
  while (afterSeq !== null) {
    const { timed, answer } = await replayGet(baseURL, token, lessonId, {
      afterSeq,
      limit: REPLAY_MAX_CHANGES,
      snapshot: false,
    });
    requests.push(timed);
    changes.push(...answer.changes);
    lastSeq = answer.lastSeq;
    afterSeq = answer.nextAfterSeq;
  }
  const t0 = performance.now();
  const marks = checkpoints(changes);
  const board = boardAt(marks, changes, changes.at(-1)?.seq ?? 0);
  pageElements(board, board.activePageId);
  const buildMs = performance.now() - t0;
  if (board.seq !== lastSeq) throw new Error(`before: board at ${board.seq}, log ends at ${lastSeq}`);
  return { ...opening(requests, buildMs, board), changes, marks };
}

/** The player now: the first read, the newest snapshot and the changes after it, the board at the end. */
async function openAfter(baseURL: string, token: string, lessonId: number) {
  const asks: WindowAsk[] = [META_ASK];
  const first = await replayGet(baseURL, token, lessonId, META_ASK);
  const answers = [first.answer];
  const requests = [first.timed];
  let buildMs = 0;
  let t = performance.now();
  let log = buildLog(asks, answers)!;
  const end = Math.max(first.answer.closedAt ?? 0, first.answer.snapshots.at(-1)?.at ?? 0);
  const now = planReads(log, end).now;
  buildMs += performance.now() - t;
  if (now) {
    const w = await replayGet(baseURL, token, lessonId, now);
    requests.push(w.timed);
    asks.push(now);
    answers.push(w.answer);
  }
  t = performance.now();
  log = buildLog(asks, answers)!;
  const seq = seqAt(log, end);
  const board = seq === null ? null : boardAtSeq(log, seq);
  if (!board) throw new Error('after: no board at the end after the opening reads');
  pageElements(board, board.activePageId);
  buildMs += performance.now() - t;
  return { ...opening(requests, buildMs, board), asks, answers, end };
}

/** A seek from the opened player to `at`: the reads it makes, then the board there. */
async function seekAfter(
  baseURL: string,
  token: string,
  lessonId: number,
  opened: { asks: WindowAsk[]; answers: LessonReplay[] },
  at: number,
) {
  const asks = [...opened.asks];
  const answers = [...opened.answers];
  const requests: Timed[] = [];
  let buildMs = 0;
  for (;;) {
    const t = performance.now();
    const log = buildLog(asks, answers)!;
    const seq = seqAt(log, at);
    const board = seq === null ? null : boardAtSeq(log, seq);
    if (board) pageElements(board, board.activePageId);
    buildMs += performance.now() - t;
    if (board) return opening(requests, buildMs, board);
    const now = planReads(log, at).now;
    if (!now || requests.length > 3) throw new Error(`seek: nothing to read for ${at}`);
    const w = await replayGet(baseURL, token, lessonId, now);
    requests.push(w.timed);
    asks.push(now);
    answers.push(w.answer);
  }
}

/** The rest of the log read in the background after the opening (the player at the end: pages from the start). */
async function backgroundAfter(
  baseURL: string,
  token: string,
  lessonId: number,
  opened: { asks: WindowAsk[]; answers: LessonReplay[]; end: number },
) {
  const asks = [...opened.asks];
  const answers = [...opened.answers];
  const requests: Timed[] = [];
  const t0 = performance.now();
  let buildMs = 0;
  for (;;) {
    const t = performance.now();
    const log = buildLog(asks, answers)!;
    buildMs += performance.now() - t;
    const plan = planReads(log, opened.end);
    const ask = plan.now ?? plan.ahead ?? plan.rest;
    if (!ask) break;
    const w = await replayGet(baseURL, token, lessonId, ask);
    requests.push(w.timed);
    asks.push(ask);
    answers.push(w.answer);
  }
  return {
    requests: requests.length,
    wallMs: round(performance.now() - t0),
    bytes: sum(requests.map((r) => r.bytes)),
    buildMs: round(buildMs),
  };
}

/** The same rows read with plain pg: the whole log; the newest snapshot and the changes after it. */
async function bare(client: pg.Client, lessonId: number) {
  let t = performance.now();
  const all = await client.query(
    'select seq, at, user_id, kind, payload from lesson_board_changes where lesson_id = $1 order by seq',
    [lessonId],
  );
  const wholeLogMs = performance.now() - t;
  t = performance.now();
  const snap = await client.query<{ seq: string }>(
    'select seq, at, scene from lesson_board_snapshots where lesson_id = $1 order by seq desc limit 1',
    [lessonId],
  );
  const after = await client.query(
    'select seq, at, user_id, kind, payload from lesson_board_changes where lesson_id = $1 and seq > $2 order by seq',
    [lessonId, Number(snap.rows[0]?.seq ?? 0)],
  );
  const endMs = performance.now() - t;
  return { wholeLogMs, wholeLogRows: all.rowCount, endMs, endRows: (after.rowCount ?? 0) + 1 };
}

/** The board's visible elements on every page, to check that two ways reach the same board. */
const visible = (b: BoardAt) =>
  b.pages
    .flatMap((p) => pageElements(b, p.id).map((e) => `${p.id}:${e.id}:${e.version}`))
    .sort()
    .join();

/** Writes the ops through the board store, each at its time on the lesson's clock (from `openedAt`). */
async function writeBoard(
  store: BoardStore,
  lessonId: number,
  seats: Record<string, number>,
  ops: BoardOp[],
  openedAt: number,
) {
  let clearSeq = 0;
  let changes = 0;
  const t0 = performance.now();
  for (const op of ops) {
    const at = new Date(openedAt + op.at);
    const userId = seats[op.by];
    switch (op.op) {
      case 'update': {
        // What the room checks of an element before the store (docs/lessons.md "Realtime").
        const elements = op.elements.map((e) => BoardElement.parse(e));
        for (const e of elements)
          if (JSON.stringify(e).length > BOARD_LIMITS.elementBytes) throw new Error(`element ${e.id} over the limit`);
        const c = await store.update(lessonId, { userId, role: op.by }, elements, at);
        if (c.elements.length) changes++;
        break;
      }
      case 'clear':
        clearSeq = (await store.clear(lessonId, userId, op.pageId, at)).seq;
        changes++;
        break;
      case 'restore':
        await store.restore(lessonId, userId, clearSeq, at);
        changes++;
        break;
      case 'add-page':
        await store.page(lessonId, userId, { action: 'add' }, at);
        changes++;
        break;
      case 'show-page':
        await store.page(lessonId, userId, { action: 'show', pageId: op.pageId }, at);
        changes++;
        break;
      case 'lock':
        await store.lock(lessonId, userId, op.locked, at);
        changes++;
        break;
    }
    if (changes % 2000 === 0 && op.op === 'update')
      console.log(`[${elapsed()} s] ${changes} changes written (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  return { changes, seconds: round((performance.now() - t0) / 1000) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Cold (the first run) apart; median, min and max of the others (of all when there is one run). */
function summary(runs: Opening[]) {
  const warm = runs.length > 1 ? runs.slice(1) : runs;
  const of = (f: (o: Opening) => number) => ({
    median: round(median(warm.map(f))),
    min: round(Math.min(...warm.map(f))),
    max: round(Math.max(...warm.map(f))),
  });
  return {
    cold: {
      totalMs: round(runs[0].totalMs),
      requests: runs[0].requests.map((r) => ({ ...r, httpMs: round(r.httpMs), parseMs: round(r.parseMs) })),
      buildMs: round(runs[0].buildMs),
    },
    totalMs: of((o) => o.totalMs),
    httpMs: of((o) => sum(o.requests.map((r) => r.httpMs))),
    parseMs: of((o) => sum(o.requests.map((r) => r.parseMs))),
    buildMs: of((o) => o.buildMs),
    requests: runs[0].requests.length,
    bytes: runs[0].bytes,
  };
}

psql(`CREATE DATABASE ${dbName}`);
console.log(`database ${dbName}`);
let server: RunningServer | undefined;
const db = await openDatabase({ url: databaseUrl, poolSize: 2 });
const client = new pg.Client({ connectionString: databaseUrl });
const loadAtStart = round(loadavg()[0]);
let out: Record<string, unknown>;
try {
  // The sweep must not end the lesson while it is written (its clock is in the past).
  server = await startServer({
    DATABASE_URL: databaseUrl,
    SEED: 'demo',
    REDIS_URL: '',
    LESSON_AUTO_END_MINUTES: '720',
  });
  console.log(`[${elapsed()} s] server ${server.baseURL}`);
  const { lessons } = await generateLessons(databaseUrl, 1);
  const lesson = lessons[0];
  await client.connect();
  // The lesson's clock: scheduled MINUTES ago plus a little, opened a minute after its start.
  const startsAt = Date.now() - (MINUTES + 3) * 60_000;
  const openedAt = startsAt + 60_000;
  await client.query(`update lessons set starts_at = $2, opened_at = $3, minutes = $4 where id = $1`, [
    lesson.id,
    new Date(startsAt),
    new Date(openedAt),
    MINUTES,
  ]);
  const ops = lessonBoardOps(MINUTES);
  console.log(`[${elapsed()} s] ${ops.length} board messages over ${MINUTES} minutes; writing them`);
  const written = await writeBoard(
    new BoardStore(db.db),
    lesson.id,
    { teacher: lesson.teacher.userId, student: lesson.student.userId },
    ops,
    openedAt,
  );
  console.log(`[${elapsed()} s] ${written.changes} changes in ${written.seconds} s`);
  // The teacher closes it over HTTP; its close time is then put at the end of its clock (30 s after the last change).
  await call(
    { baseURL: server.baseURL, token: lesson.teacher.token, agencyId: 'demo' },
    'POST',
    `/v1/lesson/${lesson.id}/close`,
  );
  const lastAt = openedAt + ops[ops.length - 1].at;
  await client.query(`update lessons set closed_at = $2 where id = $1`, [lesson.id, new Date(lastAt + 30_000)]);
  // Who was in the room: both from the opening, the student away once (a reconnect).
  await client.query(
    `insert into lesson_presence (lesson_id, user_id, role, joined_at, left_at) values
       ($1, $2, 'teacher', $4, $7), ($1, $3, 'student', $5, $6), ($1, $3, 'student', $6, $7)`,
    [
      lesson.id,
      lesson.teacher.userId,
      lesson.student.userId,
      new Date(openedAt),
      new Date(openedAt + 40_000),
      new Date(openedAt + 1_900_000),
      new Date(lastAt + 30_000),
    ],
  );
  await client.query('analyze');
  const { rows: sizes } = await client.query<Record<string, string>>(
    `select (select count(*) from lesson_board_changes where lesson_id = $1) as changes,
            (select sum(octet_length(payload::text)) from lesson_board_changes where lesson_id = $1) as payload_bytes,
            (select count(*) from lesson_board_elements where lesson_id = $1) as elements,
            (select count(*) from lesson_board_elements where lesson_id = $1
               and not coalesce((data ->> 'isDeleted')::boolean, false)) as visible,
            (select count(*) from lesson_board_snapshots where lesson_id = $1) as snapshots,
            (select avg(octet_length(scene::text)) from lesson_board_snapshots where lesson_id = $1) as snapshot_mean_bytes,
            (select octet_length(scene::text) from lesson_board_snapshots where lesson_id = $1
              order by seq desc limit 1) as snapshot_last_bytes`,
    [lesson.id],
  );
  const s = sizes[0];
  const logFigures = {
    minutes: MINUTES,
    messages: ops.length,
    changes: Number(s.changes),
    payloadMB: round(Number(s.payload_bytes) / 1e6),
    elements: Number(s.elements),
    visibleAtEnd: Number(s.visible),
    snapshots: Number(s.snapshots),
    snapshotMeanKB: round(Number(s.snapshot_mean_bytes) / 1024),
    lastSnapshotKB: round(Number(s.snapshot_last_bytes) / 1024),
    writeSeconds: written.seconds,
    changesWrittenPerSecond: round(written.changes / written.seconds),
  };
  console.log(`[${elapsed()} s] log ${JSON.stringify(logFigures)}`);

  const token = lesson.student.token;
  const base = server.baseURL;
  const before: Opening[] = [];
  const after: Opening[] = [];
  const seeks: Opening[] = [];
  const seeksBefore: number[] = [];
  const bareRuns: Awaited<ReturnType<typeof bare>>[] = [];
  let same = { end: true, middle: true };
  let background: Awaited<ReturnType<typeof backgroundAfter>> | undefined;
  for (let run = 0; run < RUNS; run++) {
    const b = await openBefore(base, token, lesson.id);
    before.push(b);
    const a = await openAfter(base, token, lesson.id);
    after.push(a);
    const middle = (openedAt + a.end) / 2;
    const seek = await seekAfter(base, token, lesson.id, a, middle);
    seeks.push(seek);
    // Before, a seek built the board from the checkpoints of the log already read.
    const t = performance.now();
    const boardMid = boardAt(b.marks, b.changes, seqAtTime(b.changes, middle));
    pageElements(boardMid, boardMid.activePageId);
    seeksBefore.push(performance.now() - t);
    same = {
      end: same.end && visible(a.board) === visible(b.board),
      middle: same.middle && visible(seek.board) === visible(boardMid),
    };
    bareRuns.push(await bare(client, lesson.id));
    if (run === 0) background = await backgroundAfter(base, token, lesson.id, a);
    console.log(
      `[${elapsed()} s] run ${run + 1}: before ${before[run].totalMs.toFixed(0)} ms (${before[run].requests.length} requests), ` +
        `after ${a.totalMs.toFixed(0)} ms (${a.requests.length}), seek ${seek.totalMs.toFixed(0)} ms, ` +
        `bare pg whole log ${bareRuns[run].wholeLogMs.toFixed(0)} ms / end ${bareRuns[run].endMs.toFixed(0)} ms`,
    );
  }
  const warmBare = bareRuns.length > 1 ? bareRuns.slice(1) : bareRuns;
  const beforeSummary = summary(before);
  const afterSummary = summary(after);
  out = {
    scenario: 'lesson-replay',
    date: new Date().toISOString(),
    machine: { ...machine(), loadAverage1mAtStart: loadAtStart, totalSeconds: elapsed() },
    method: {
      log: 'board store (apps/server/src/realtime/board-store.ts) with each change at its time on the lesson clock',
      reader: 'the lesson’s student over HTTP (Accept-Encoding: br, gzip), in this process',
      build: 'the web’s replay-scene.ts / replay-log.ts in node',
      runs: RUNS,
      cold: 'the first run; the figures are the median, min and max of the others',
    },
    target: { openMs: TARGET_MS },
    log: logFigures,
    timeToFirstBoard: {
      before: beforeSummary,
      after: afterSummary,
      speedup: round(beforeSummary.totalMs.median / afterSummary.totalMs.median),
      met: afterSummary.totalMs.median < TARGET_MS && afterSummary.cold.totalMs < TARGET_MS,
    },
    seekToMiddle: {
      after: summary(seeks),
      /** Before, a seek waited for the whole log (the opening) and then built from the checkpoints. */
      beforeBuildMs: round(median(seeksBefore.slice(seeksBefore.length > 1 ? 1 : 0))),
    },
    backgroundAfterOpening: background,
    bareReference: {
      wholeLogMs: round(median(warmBare.map((r) => r.wholeLogMs))),
      wholeLogRows: bareRuns[0].wholeLogRows,
      newestSnapshotAndAfterMs: round(median(warmBare.map((r) => r.endMs))),
      newestSnapshotAndAfterRows: bareRuns[0].endRows,
    },
    sameBoard: same,
  };
} finally {
  await client.end().catch(() => undefined);
  await db.close().catch(() => undefined);
  await server?.stop();
  if (keepDb) console.log(`kept database ${dbName}`);
  else psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
await writeResult(join(import.meta.dirname, '../results/lesson-replay.json'), out);
const t = out.timeToFirstBoard as {
  before: { totalMs: { median: number } };
  after: { totalMs: { median: number } };
  met: boolean;
};
console.log(
  `${t.met ? 'MET   ' : 'MISSED'} replay of a ${MINUTES}-minute lesson opens in under ${TARGET_MS} ms: ` +
    `before ${t.before.totalMs.median} ms, after ${t.after.totalMs.median} ms (median of warm runs); same board ${JSON.stringify(out.sameBoard)}`,
);
