// Training benchmark (issue 4) on PostgreSQL, in one run:
//  1. the exam-start stampede (after one warm-up stampede, not counted): STAMPEDE students start the same
//     training at once — every start must succeed,
//     p99 < 500 ms, and the database must hold exactly one training per student (each round: a burst of health
//     checks, the machine's floor; every student loading the scheme's page; then the starts; then, the exam's end,
//     every student handing the training in at once: p99 < 250 ms, every training ended);
//  2. answer submission (judge + record + state advance) at 50 connections over every started training (a
//     training is answered by one connection at a time: its answers are sequential, the trainings run in
//     parallel), beside the no-database route and a single-INSERT route measured in the same run. Target:
//     answers sustain ≥ 25 % of the single-INSERT route's req/s with p99 < 50 ms. Each round measures
//     (a) closed loop: 50 connections send as fast as answers come back — the throughput, whose share of the
//     INSERT route's is the first half of the target (its latency is only 50 / throughput, queueing), and
//     (b) open loop: 50 connections offered exactly 25 % of that round's INSERT req/s — the p99 at that
//     sustained rate is the second half. Every run also records the server's and the database backends' CPU
//     milliseconds per request (/proc), which the machine's drifting load blurs far less than req/s.
// 3. The request path (docs/performance.md "Request path"): beside the app, in every round, a bare reference
//     (bench/lib/bare-server.ts: Fastify + `pg` or PGlite, no app code) with a hello route and a single-INSERT
//     route; the app's answer and health routes are reported as shares of those, measured in the same run.
// 4. The exam targets: the stampede as in 1 (p99 < 250 ms) and the answers offered at a fixed rate in an open loop
//     (OPEN_LOOP_RATE, default 1,000 req/s; p99 < 25 ms, every offered answer sent and answered), first in every
//     round of the full run on PostgreSQL and alone with --targets.
// Writes bench/results/training[.request-path][.targets][.pglite].json.
// Usage: npx tsx bench/scenarios/training.ts [--smoke] [--keep-db] [--db=pglite] [--request-path] [--targets]
//   --smoke    50 students, 2 s per measurement (training.smoke.json)
//   --db=pglite  the app on PGlite (a data directory of its own) and the bare reference on PGlite; no stampede
//              (its checks read the database, which the server's process holds)
//   --request-path  no stampede and no open loop: rounds of the bare routes, health, the INSERT route and answers
//   --keep-db  keep the generated database (its name is printed) instead of dropping it
//   --answers-only  measure the answer route alone, closed loop (with SERVER_NODE_ARGS, to profile it)
//   --insert-only  the same for the app's single-INSERT route (PUT /v1/train/repository)
//   --stampede-only  the stampede alone
//   --targets  the stampede, then rounds of open-loop answers at OPEN_LOOP_RATE req/s (no closed-loop routes)
// SERVER_NODE_ARGS are given to the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
// BENCH_DURATION: seconds a route a round (default 10); BENCH_SLICES: the slices they are measured in, taking turns with
//   the routes compared with them (default 5).
// STAMPEDE_IDLE_SECONDS: how long the class waits on the loaded page for the start, with no request at all (default 0,
//   at most 300).
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { startServer } from '../../e2e/support/server-process.js';
import { call, pool } from '../lib/api.js';
import { rawRequest } from '../lib/raw-http.js';
import { measure, type Figures } from '../lib/measure.js';
import { openLoop } from '../lib/open-loop.js';
import { generateTrainingBench, mintTrainingAccounts, type SqlClient } from '../generators/trainings.js';
import { startBareReference } from '../lib/bare-reference.js';
import { answerRequests, type StartedTraining, type TrainingView } from '../lib/answer-requests.js';
import { cpuSampler, cpuSeconds, monotonicUs } from '../lib/cpu.js';
import { openPglite } from '../../apps/server/src/db/pglite.js';

const smoke = process.argv.includes('--smoke');
const keepDb = process.argv.includes('--keep-db');
const answersOnly = process.argv.includes('--answers-only');
const insertOnly = process.argv.includes('--insert-only');
const stampedeOnly = process.argv.includes('--stampede-only');
const onPglite = process.argv.includes('--db=pglite');
const requestPath = process.argv.includes('--request-path');
const targets = process.argv.includes('--targets');
/** The fixed-rate open loop of the exam targets (on PostgreSQL, as the target is stated): --targets and the full run. */
const withFixedRate = targets || (!onPglite && !requestPath && !answersOnly && !insertOnly && !stampedeOnly);
/** The stampede reads its checks from the database: PostgreSQL only. */
const withStampede = !onPglite && !requestPath && !answersOnly && !insertOnly;
const STAMPEDE = smoke ? 50 : 500;
/** Stampedes in a run, each on a scheme of its own: one burst is one sample, its p99 varies run to run. */
const STAMPEDE_ROUNDS = smoke ? 1 : 3;
/** Students who start the scheme before the stampede (warming the start path up); they answer too. */
const WARM_STUDENTS = smoke ? 10 : 50;
const QUESTIONS = smoke ? 300 : 600;
const DURATION = Number(process.env.BENCH_DURATION ?? (smoke ? 2 : 10));
const ROUNDS = smoke ? 1 : 3;
const WARMUP = smoke ? 1 : 3;
/**
 * A round's DURATION of each route compared with a reference is measured in this many slices, alternating with the
 * routes it is compared with (the bare hello with health; the bare INSERT with the app's INSERT route and answers),
 * so that both sides of a share see the same phases of a machine whose speed moves within seconds
 * (docs/performance.md "Routes compared in alternating slices").
 */
const SLICES = Math.max(1, Math.floor(Number(process.env.BENCH_SLICES ?? (smoke ? 1 : 5))) || 1);
const CONNECTIONS = 50;
/**
 * The class waits on the scheme's page for the signal to start: seconds with no request between the page load and the
 * starts (docs/performance.md "An exam started after a quiet spell").
 */
const STAMPEDE_IDLE_SECONDS = Math.min(300, Math.max(0, Number(process.env.STAMPEDE_IDLE_SECONDS ?? 0) || 0));
const TARGET = {
  answerShareOfInsert: 0.25,
  answerP99ms: 50,
  stampedeP99ms: 500,
  // docs/performance.md "Request path": shares of the bare reference in the same run.
  answerShareOfBareInsert: 0.5,
  healthShareOfHello: 0.6,
  // --targets (docs/performance.md "The exam targets"): answers offered at a fixed rate, and 500 starts at once.
  fixedRate: Number(process.env.OPEN_LOOP_RATE ?? 1000),
  fixedRateP99ms: 25,
  examStampedeP99ms: 250,
};
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const dbName = `bench_training_${Date.now()}`;
const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const psql = (sqlText: string) => execSync(`psql "${PG_ADMIN_URL}" -qc "${sqlText}"`);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** PGlite: the server's data directory (kept between its two starts, removed at the end). */
const pgliteDir = onPglite ? mkdtempSync(join(tmpdir(), 'edu-bench-training-')) : undefined;
if (!onPglite) {
  psql(`CREATE DATABASE ${dbName}`);
  console.log(`database ${dbName}`);
}
const serverEnv = {
  ...(onPglite ? {} : { DATABASE_URL: databaseUrl }),
  SEED: 'demo',
  LOG_LEVEL: 'warn',
};
/** Without a stampede every student starts before the answers (enough idle trainings for 50 connections). */
const STUDENTS = withStampede ? WARM_STUDENTS + STAMPEDE : smoke ? 60 : 200;
// The accounts are written in SQL before the run. PGlite's files belong to the server's process: the first
// start migrates and seeds, then the bench writes the accounts with the server stopped and starts it again.
let accounts: Awaited<ReturnType<typeof mintTrainingAccounts>>;
if (pgliteDir) {
  await (await startServer(serverEnv, { dataDir: pgliteDir })).stop();
  const db = await openPglite(pgliteDir);
  accounts = await mintTrainingAccounts(db, STUDENTS);
  await db.close();
}
const server = await startServer(serverEnv, { dataDir: pgliteDir });
if (!pgliteDir) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  accounts = await mintTrainingAccounts(c, STUDENTS);
  await c.end();
}
// The bare reference: its own process, on the same database server (PostgreSQL) or on PGlite of its own.
const bare = await startBareReference({ databaseUrl: onPglite ? undefined : databaseUrl });
type RoundFigures = Figures & {
  setup: string;
  round: number;
  serverCpuMsPerRequest: number | null;
  databaseCpuMsPerRequest: number | null;
};
const roundResults: RoundFigures[] = [];
/** The median of an odd count (the upper middle of an even one). */
const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The median of the values measured (null: not measured); null when there is none. */
const middleOf = (xs: (number | null)[]) => {
  const known = xs.filter((x): x is number => x !== null);
  return known.length > 0 ? middle(known) : null;
};
/** A measurement with its CPU per request, as `withCpu` (below) reports it. */
type CpuFigures = Figures & ReturnType<Awaited<ReturnType<typeof cpuSampler>>['perRequest']>;
/**
 * One route's slices of a round as one measurement: its requests over its seconds, CPU per request weighted by the
 * slices' requests, the slices' median p50 and their worst p99.
 */
function mergeSlices<F extends CpuFigures>(slices: F[]): F {
  if (slices.length === 1) return slices[0];
  const requests = slices.reduce((a, f) => a + f.requests, 0);
  const seconds = slices.reduce((a, f) => a + f.durationSeconds, 0);
  const perRequest = (key: keyof CpuFigures) =>
    requests > 0 && slices.every((f) => typeof f[key] === 'number')
      ? Number((slices.reduce((a, f) => a + (f[key] as number) * f.requests, 0) / requests).toFixed(3))
      : null;
  return {
    ...slices[0],
    durationSeconds: seconds,
    requests,
    reqPerSec: Math.round(requests / seconds),
    p50ms: middle(slices.map((f) => f.p50ms)),
    p99ms: Math.max(...slices.map((f) => f.p99ms)),
    non2xx: slices.reduce((a, f) => a + f.non2xx, 0),
    errors: slices.reduce((a, f) => a + f.errors, 0),
    serverCpuMsPerRequest: perRequest('serverCpuMsPerRequest'),
    databaseCpuMsPerRequest: perRequest('databaseCpuMsPerRequest'),
    clientCpuMsPerRequest: perRequest('clientCpuMsPerRequest'),
    postgresOtherCpuMsPerRequest: perRequest('postgresOtherCpuMsPerRequest'),
  };
}
let stampede: Record<string, unknown> | undefined;
let generation: Awaited<ReturnType<typeof generateTrainingBench>> | undefined;
let answerStats: Record<string, number> | undefined;
let records: Record<string, number> | undefined;
/** Whether the database server ran autovacuum (else the bench vacuumed between measurements). */
let autovacuum: 'on' | 'off (vacuumed between measurements)' | undefined;
try {
  generation = await generateTrainingBench(server.baseURL, accounts!, {
    questions: QUESTIONS,
    // One scheme more than the measured rounds: the first stampede warms the server up and is not counted.
    schemes: withStampede ? STAMPEDE_ROUNDS + 1 : 1,
  });
  console.log(
    `generated ${generation.questions} questions, ${generation.students.length} students with tokens, scheme ${generation.schemeId} in ${generation.seconds.toFixed(1)} s`,
  );
  const { schemeId } = generation;
  const start = async (token: string) => {
    const t0 = performance.now();
    const t = await call<TrainingView>(
      { baseURL: server.baseURL, token, agencyId: 'demo' },
      'PUT',
      `/v1/train/scheme/${schemeId}/start`,
    );
    return { t, ms: performance.now() - t0 };
  };
  /** The stampede's start: a fresh connection each, sent by the lean client (bench/lib/raw-http.ts). */
  const rawStart = async (token: string, startSchemeId = schemeId) => {
    const r = await rawRequest(server.baseURL, 'PUT', `/v1/train/scheme/${startSchemeId}/start`, {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      'X-Agency-Id': 'demo',
    });
    const env = JSON.parse(r.body) as { errno: number; errmsg: string; response: TrainingView };
    if (r.status !== 200 || env.errno !== 0) throw new Error(`start: ${r.status} ${env.errno} ${env.errmsg}`);
    return { t: env.response, ms: r.ms };
  };
  const started: StartedTraining[] = [];
  const warm = withStampede ? generation.students.slice(0, WARM_STUDENTS) : generation.students;
  await pool(warm, 5, async (s) => {
    const { t } = await start(s.token);
    started.push({ trainId: t.trainId, token: s.token, question: t.question! });
  });
  // A live database has statistics for its tables; this one analysed `trainings` while it was still empty.
  if (!onPglite && process.env.BENCH_ANALYZE_AFTER_WARM !== '0') {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('analyze');
    await c.end();
  }

  // 1. The stampedes: every request sent at once. First the same burst of no-database requests (as many, sent
  // the same way, each on a fresh connection): what the machine, the HTTP stack and the client cost alone. Each
  // round starts another (identical) scheme with the same 500 students; the first round's trainings are then
  // answered.
  const crowd = generation.students.slice(WARM_STUDENTS);
  const cpu = onPglite ? await cpuSampler(server.pid) : await cpuSampler(server.pid, PG_ADMIN_URL, dbName);
  // A database server as deployed runs autovacuum: it re-analyses a table as it grows and clears the dead rows
  // every answer leaves (an answer rewrites its training's row). Without it the planner keeps the statistics of
  // the nearly empty answer_records of the warm-up and reads a student's records by scanning them all. Where
  // the server has it turned off (this machine's does), the bench vacuums and analyses the tables the answers
  // write between two measurements, as autovacuum would have meanwhile.
  let autovacuumOn = true;
  if (!onPglite) {
    const maintenance = new pg.Client({ connectionString: databaseUrl });
    await maintenance.connect();
    autovacuumOn = (await maintenance.query<{ autovacuum: string }>('show autovacuum')).rows[0].autovacuum === 'on';
    await maintenance.end();
    autovacuum = autovacuumOn ? 'on' : 'off (vacuumed between measurements)';
  }
  const autovacuumStandIn = async () => {
    if (autovacuumOn) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('vacuum (analyze) trainings, training_events, answer_records, auth_tokens, train_repos');
    await c.end();
  };
  /** Every request of the crowd at once, each on a fresh connection: latencies and CPU per request. */
  const crowdBurst = async (send: (s: (typeof crowd)[number]) => Promise<{ status: number; ms: number }>) => {
    const before = await cpu.sample();
    const t = performance.now();
    const ms = await Promise.all(
      crowd.map(async (s) => {
        const r = await send(s);
        if (r.status !== 200) throw new Error(`burst: ${r.status}`);
        return r.ms;
      }),
    );
    const wall = performance.now() - t;
    const sorted = ms.sort((a, b) => a - b);
    return {
      requests: crowd.length,
      wallMs: Math.round(wall),
      p50ms: Math.round(pct(sorted, 50)),
      p99ms: Math.round(pct(sorted, 99)),
      ...cpu.perRequest(before, await cpu.sample(), crowd.length),
    };
  };
  const stampedeRound = async (roundSchemeId: string) => {
    const healthBurst = await crowdBurst(() => rawRequest(server.baseURL, 'GET', '/v1/health'));
    console.log('burst of GET /v1/health', JSON.stringify(healthBurst));
    // The students are on the scheme's page when the exam starts: each loaded it (the open-scheme list the
    // page reads) before pressing 开始训练 together.
    const pageLoad = await crowdBurst((s) =>
      rawRequest(server.baseURL, 'GET', '/v1/train/open/schemes?start=0&size=200', {
        Accept: 'application/json',
        Authorization: `Bearer ${s.token}`,
        'X-Agency-Id': 'demo',
      }),
    );
    console.log('the scheme page loaded by every student', JSON.stringify(pageLoad));
    if (STAMPEDE_IDLE_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, STAMPEDE_IDLE_SECONDS * 1000));
    const cpuBefore = await cpu.sample();
    const t0 = performance.now();
    const from = monotonicUs();
    const outcomes = await Promise.allSettled(crowd.map((s) => rawStart(s.token, roundSchemeId)));
    const wallMs = performance.now() - t0;
    const to = monotonicUs();
    const stampedeCpu = cpu.perRequest(cpuBefore, await cpu.sample(), crowd.length);
    const ok = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [{ ...o.value, token: crowd[i].token }] : []));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    const latencies = ok.map((o) => o.ms).sort((a, b) => a - b);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const crowdIds = crowd.map((s) => s.id);
    const { rows } = await client.query<{ trainings: string; students: string; running: string; most: string }>(
      `select count(*) as trainings, count(distinct user_id) as students,
              count(*) filter (where status = 'running') as running,
              coalesce(max(n), 0) as most
         from trainings t
         join (select user_id as u, count(*) as n from trainings where scheme_id = $1 group by user_id) c on c.u = t.user_id
        where scheme_id = $1 and user_id = any($2::bigint[])`,
      [Number(roundSchemeId), crowdIds],
    );
    await client.end();
    const db = rows[0];
    const round = {
      schemeId: roundSchemeId,
      ...stampedeCpu,
      sameBurstOfHealthChecks: healthBurst,
      schemePageLoadedBefore: pageLoad,
      idleSecondsBefore: STAMPEDE_IDLE_SECONDS,
      students: STAMPEDE,
      succeeded: ok.length,
      failed: failures.length,
      firstFailures: failures.slice(0, 3),
      distinctTrainIds: new Set(ok.map((o) => o.t.trainId)).size,
      wallMs: Math.round(wallMs),
      p50ms: Math.round(pct(latencies, 50)),
      p99ms: Math.round(pct(latencies, 99)),
      maxMs: Math.round(latencies[latencies.length - 1]),
      window: [from, to],
      database: {
        trainings: Number(db.trainings),
        students: Number(db.students),
        running: Number(db.running),
        mostPerStudent: Number(db.most),
      },
    };
    console.log('stampede', JSON.stringify(round));
    return { round, ok };
  };
  /**
   * The exam's end: every student of the round hands in (交卷) the training just started, all at once, each on a
   * fresh connection — what a class's clients do when the time is up. Every hand-in must succeed and leave the
   * training ended.
   */
  const handInRound = async (roundSchemeId: string, ok: { t: TrainingView; token: string }[]) => {
    const cpuBefore = await cpu.sample();
    const t0 = performance.now();
    const from = monotonicUs();
    const outcomes = await Promise.allSettled(
      ok.map(async (o) => {
        const r = await rawRequest(server.baseURL, 'POST', `/v1/train/${o.t.trainId}/finish`, {
          Accept: 'application/json',
          Authorization: `Bearer ${o.token}`,
          'X-Agency-Id': 'demo',
        });
        const env = JSON.parse(r.body) as { errno: number; errmsg: string; response: TrainingView };
        if (r.status !== 200 || env.errno !== 0) throw new Error(`finish: ${r.status} ${env.errno} ${env.errmsg}`);
        return r.ms;
      }),
    );
    const wallMs = performance.now() - t0;
    const to = monotonicUs();
    const handInCpu = cpu.perRequest(cpuBefore, await cpu.sample(), ok.length);
    const latencies = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : [])).sort((a, b) => a - b);
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ running: string; ended: string }>(
      `select count(*) filter (where status = 'running') as running, count(*) filter (where status <> 'running') as ended
         from trainings where scheme_id = $1 and user_id = any($2::bigint[])`,
      [Number(roundSchemeId), crowd.map((s) => s.id)],
    );
    await client.end();
    const round = {
      schemeId: roundSchemeId,
      ...handInCpu,
      students: ok.length,
      succeeded: latencies.length,
      failed: failures.length,
      firstFailures: failures.slice(0, 3),
      wallMs: Math.round(wallMs),
      p50ms: latencies.length ? Math.round(pct(latencies, 50)) : null,
      p99ms: latencies.length ? Math.round(pct(latencies, 99)) : null,
      maxMs: latencies.length ? Math.round(latencies[latencies.length - 1]) : null,
      window: [from, to],
      database: { running: Number(rows[0].running), ended: Number(rows[0].ended) },
    };
    console.log('hand-in', JSON.stringify(round));
    return round;
  };
  const handIns: Awaited<ReturnType<typeof handInRound>>[] = [];
  const stampedeRounds: Awaited<ReturnType<typeof stampedeRound>>['round'][] = [];
  let stampedeWarmUp: (typeof stampedeRounds)[number] | undefined;
  for (const [i, roundSchemeId] of withStampede ? generation.schemeIds.entries() : []) {
    // The first stampede meets a server that has not run a start yet (its code not yet optimised by the JIT, its
    // statements not yet prepared): a warm-up, as every other measurement here has, recorded apart. An exam's
    // start meets a server that has served the morning's logins and pages.
    if (i === 0) console.log('(warm-up stampede, not counted)');
    const { round, ok } = await stampedeRound(roundSchemeId);
    if (i > 0) handIns.push(await handInRound(roundSchemeId, ok));
    if (i === 0) stampedeWarmUp = round;
    else stampedeRounds.push(round);
    if (i === 0) for (const o of ok) started.push({ trainId: o.t.trainId, token: o.token, question: o.t.question! });
  }
  const p99s = stampedeRounds.map((r) => r.p99ms);
  stampede = withStampede
    ? undefined
    : { skipped: onPglite ? 'PGlite: the stampede checks read the database' : 'not in this mode' };
  if (withStampede)
    stampede = {
      warmUp: stampedeWarmUp,
      rounds: stampedeRounds,
      p99msPerRound: p99s,
      medianP99ms: middle(p99s),
      allSucceeded: stampedeRounds.every((r) => r.failed === 0 && r.succeeded === STAMPEDE),
      oneTrainingEach: stampedeRounds.every(
        (r) => r.database.trainings === STAMPEDE && r.database.mostPerStudent === 1 && r.distinctTrainIds === STAMPEDE,
      ),
      handIns,
      handInP99msPerRound: handIns.map((r) => r.p99ms),
      handInMedianP99ms: middleOf(handIns.map((r) => r.p99ms)),
      allHandedIn: handIns.every(
        (r) => r.failed === 0 && r.succeeded === STAMPEDE && r.database.ended === STAMPEDE && r.database.running === 0,
      ),
    };

  // 2. Answers beside the no-database and the single-INSERT routes.
  const answers = answerRequests(server.baseURL, started, async (ended) => {
    const { t } = await start(ended.token);
    return t.question ? { trainId: t.trainId, token: ended.token, question: t.question } : null;
  });
  const agencyHeaders = {
    Authorization: `Bearer ${generation.agencyToken}`,
    'X-Agency-Id': 'demo',
    'Content-Type': 'application/json',
  };
  type Run = {
    name: string;
    opts: Omit<Parameters<typeof measure>[1], 'connections' | 'duration'>;
    after?: () => Promise<void>;
    /** The bare reference's routes: CPU read off its own process. */
    bare?: true;
  };
  const bareHello: Run = { name: 'bare GET /hello (reference)', opts: { url: `${bare.baseURL}/hello` }, bare: true };
  const bareInsert: Run = {
    name: 'bare POST /insert (reference)',
    opts: {
      url: `${bare.baseURL}/insert`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: '基准方案库' }),
    },
    bare: true,
  };
  const health: Run = { name: 'GET /v1/health (no database)', opts: { url: `${server.baseURL}/v1/health` } };
  const insert: Run = {
    name: 'PUT /v1/train/repository (single INSERT)',
    opts: {
      url: `${server.baseURL}/v1/train/repository`,
      method: 'PUT',
      headers: agencyHeaders,
      body: JSON.stringify({ request: { name: '基准方案库', description: '', shared: false } }),
    },
  };
  const answer: Run = {
    name: 'POST /v1/train/:id/answer',
    opts: { url: `${server.baseURL}/v1/train/0/answer`, method: 'POST', requests: answers.requests },
    after: answers.resync,
  };
  const withCpu = async <F extends Figures>(measured: () => Promise<F>, bareRun = false) => {
    const before = await cpu.sample();
    const bareBefore = cpuSeconds(bare.pid);
    const f = await measured();
    const usage = cpu.perRequest(before, await cpu.sample(), f.requests);
    // The bare routes: the server's CPU is the reference process's (the database's backends are counted alike).
    if (bareRun && f.requests > 0)
      usage.serverCpuMsPerRequest = Number((((cpuSeconds(bare.pid) - bareBefore) * 1000) / f.requests).toFixed(3));
    if (onPglite) usage.databaseCpuMsPerRequest = null;
    console.log(
      `${' '.repeat(42)}CPU per request: server ${usage.serverCpuMsPerRequest} ms, database ${usage.databaseCpuMsPerRequest} ms, client ${usage.clientCpuMsPerRequest} ms, other postgres ${usage.postgresOtherCpuMsPerRequest} ms`,
    );
    return { ...f, ...usage };
  };
  const once = async (run: Run, label: string, duration: number) => {
    const f = await withCpu(
      () => measure(`${label} ${run.name}`, { ...run.opts, connections: CONNECTIONS, duration }),
      run.bare,
    );
    await run.after?.();
    return f;
  };
  /** The routes of one comparison, each for `duration` in all, in SLICES slices taking turns (mirrored order). */
  const alternating = async (group: Run[], label: string, duration: number) => {
    const slices = group.length > 1 ? SLICES : 1;
    const parts = group.map(() => [] as Awaited<ReturnType<typeof once>>[]);
    for (let s = 0; s < slices; s++) {
      const order = group.map((_, i) => (s % 2 === 0 ? i : group.length - 1 - i));
      const part = slices > 1 ? ` (slice ${s + 1}/${slices})` : '';
      for (const i of order) parts[i].push(await once(group[i], `${label}${part}`, duration / slices));
    }
    return parts.map((p, i) => {
      const merged = mergeSlices(p);
      if (slices > 1)
        console.log(
          `${`${label} ${group[i].name}, ${slices} slices`.padEnd(40)} ${String(merged.reqPerSec).padStart(7)} req/s  p50 ${merged.p50ms} ms  p99 ${merged.p99ms} ms  CPU per request: server ${merged.serverCpuMsPerRequest} ms, database ${merged.databaseCpuMsPerRequest} ms, client ${merged.clientCpuMsPerRequest} ms`,
        );
      return merged;
    });
  };
  const openAnswers = async (label: string, duration: number, rate: number) => {
    const f = await withCpu(() =>
      openLoop(`${label} (open loop, ${rate} req/s offered) ${answer.name}`, {
        baseURL: server.baseURL,
        rate,
        durationSeconds: duration,
        connections: CONNECTIONS,
        next: answers.next,
        onResponse: answers.onResponse,
      }),
    );
    await answers.resync();
    return { ...f, url: '/v1/train/0/answer' };
  };
  // The machine is shared and its load drifts: the routes take turns, round after round — within a round in
  // alternating slices with the routes they are compared with —, and the figures are each route's median round.
  // The open-loop answers are offered a quarter of the INSERT route's req/s of the same round.
  const runs =
    stampedeOnly || targets
      ? []
      : answersOnly
        ? [answer]
        : insertOnly
          ? [insert]
          : [bareHello, health, bareInsert, insert, answer];
  /** The routes measured together: each share's two sides take turns within a round. */
  const comparisons = runs.length === 5 ? [runs.slice(0, 2), runs.slice(2)] : runs.map((run) => [run]);
  if (WARMUP) for (const run of runs) await once(run, '(warm-up)', WARMUP);
  if (WARMUP && withFixedRate) await openAnswers('(warm-up)', WARMUP, TARGET.fixedRate);
  for (let round = 1; round <= (stampedeOnly ? 0 : ROUNDS); round++) {
    const label = `[${round}/${ROUNDS}]`;
    if (withFixedRate) {
      roundResults.push({ ...(await openAnswers(label, DURATION, TARGET.fixedRate)), setup: 'fixed rate', round });
      await autovacuumStandIn();
    }
    for (const group of comparisons) {
      for (const f of await alternating(group, label, DURATION))
        roundResults.push({ ...f, setup: 'closed loop', round });
      await autovacuumStandIn();
    }
    const inserted = roundResults.find((f) => f.round === round && f.url === '/v1/train/repository');
    if (inserted && !requestPath && !insertOnly) {
      const rate = Math.round(inserted.reqPerSec * TARGET.answerShareOfInsert);
      roundResults.push({ ...(await openAnswers(label, DURATION, rate)), setup: 'open loop', round });
      await autovacuumStandIn();
    }
  }
  await cpu.close();
  answerStats = { ...answers.stats, trainingsStillRunning: answers.idle() };

  // Every acknowledged answer is one record, and each training's record count equals its answers. PGlite: read
  // after the server stopped (below).
  const check = onPglite ? null : new pg.Client({ connectionString: databaseUrl });
  if (check) {
    await check.connect();
    records = await checkRecords(check, schemeId);
    await check.end();
  }
  console.log('answer stats', JSON.stringify(answerStats));
} finally {
  await bare.stop();
  await server.stop();
  if (pgliteDir) {
    if (generation) {
      const db = await openPglite(pgliteDir);
      records = await checkRecords(db, generation.schemeId);
      await db.close();
    }
    rmSync(pgliteDir, { recursive: true, force: true });
  } else if (keepDb) console.log(`kept database ${dbName}`);
  else psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
console.log('records', JSON.stringify(records));

/** One record per acknowledged answer: records of the scheme's trainings, answers in their states, duplicates. */
async function checkRecords(check: SqlClient, schemeId: string): Promise<Record<string, number>> {
  const r = await check.query<{ records: string; answers: string; dup: string }>(
    `select (select count(*) from answer_records a join trainings t on t.id = a.training_id where t.scheme_id = $1) as records,
            (select count(*) from training_answers a join trainings t on t.id = a.training_id where t.scheme_id = $1) as answers,
            (select count(*) from (select training_id, client_answer_id from answer_records group by 1, 2 having count(*) > 1) d) as dup`,
    [Number(schemeId)],
  );
  return {
    records: Number(r.rows[0].records),
    stateAnswers: Number(r.rows[0].answers),
    duplicates: Number(r.rows[0].dup),
  };
}

/** Per setup and route, the round with the median req/s. */
const median = (setup: string, url: string) => {
  const xs = roundResults.filter((f) => f.setup === setup && f.url === url).sort((a, b) => a.reqPerSec - b.reqPerSec);
  return xs[Math.floor(xs.length / 2)];
};
/**
 * Each round's closed-loop answers req/s as a share of the single-INSERT route's in the same round (measured
 * seconds apart, so under about the same load), and the p99 of the open-loop answers offered a quarter of that
 * INSERT rate — the medians over the rounds.
 */
const answerVerdict = () => {
  const inRound = (round: number, setup: string, url: string) =>
    roundResults.find((f) => f.setup === setup && f.round === round && f.url === url);
  const rounds = Array.from({ length: ROUNDS }, (_, i) => ({
    insert: inRound(i + 1, 'closed loop', '/v1/train/repository'),
    closed: inRound(i + 1, 'closed loop', '/v1/train/0/answer'),
    open: inRound(i + 1, 'open loop', '/v1/train/0/answer'),
  })).filter(
    (r): r is { insert: RoundFigures; closed: RoundFigures; open: RoundFigures } =>
      !!r.insert && !!r.closed && !!r.open,
  );
  if (rounds.length === 0) return null;
  return {
    perRound: rounds.map((r) => ({
      insertReqPerSec: r.insert.reqPerSec,
      answerReqPerSec: r.closed.reqPerSec,
      share: Number((r.closed.reqPerSec / r.insert.reqPerSec).toFixed(3)),
      offeredReqPerSec: r.open.offeredRate,
      sustainedReqPerSec: r.open.reqPerSec,
      openLoopP99ms: r.open.p99ms,
    })),
    shareOfInsert: Number(middle(rounds.map((r) => r.closed.reqPerSec / r.insert.reqPerSec)).toFixed(3)),
    closedLoopP99ms: middle(rounds.map((r) => r.closed.p99ms)),
    openLoopP99ms: middle(rounds.map((r) => r.open.p99ms)),
    sustained: rounds.every((r) => r.open.reqPerSec >= 0.95 * (r.open.offeredRate ?? 0) && r.open.non2xx === 0),
  };
};
/**
 * The request path (docs/performance.md "Request path"): each round's app routes as shares of the bare reference's
 * in the same round — answers and the app's INSERT route of the bare INSERT, health of the bare hello — and the
 * medians over the rounds. Beside the req/s shares (the targets), the same shares by CPU per request (server and
 * database): the reference's CPU over the app route's, the req/s share the app would reach where the CPU is the
 * limit, which the machine's drifting speed moves far less than req/s measured one route after the other.
 */
const requestPathShares = () => {
  const inRound = (round: number, url: string) =>
    roundResults.find((f) => f.setup === 'closed loop' && f.round === round && f.url === url);
  const perRound = Array.from({ length: ROUNDS }, (_, i) => i + 1).flatMap((round) => {
    const [hello, health, ins, appInsert, answer] = [
      '/hello',
      '/v1/health',
      '/insert',
      '/v1/train/repository',
      '/v1/train/0/answer',
    ].map((url) => inRound(round, url));
    if (!hello || !health || !ins || !appInsert || !answer) return [];
    const share = (a: RoundFigures, b: RoundFigures) => Number((a.reqPerSec / b.reqPerSec).toFixed(3));
    const cpu = (f: RoundFigures) => (f.serverCpuMsPerRequest ?? 0) + (f.databaseCpuMsPerRequest ?? 0);
    const cpuShare = (a: RoundFigures, b: RoundFigures) => (cpu(a) > 0 ? Number((cpu(b) / cpu(a)).toFixed(3)) : null);
    return [
      {
        round,
        bareHelloReqPerSec: hello.reqPerSec,
        healthReqPerSec: health.reqPerSec,
        bareInsertReqPerSec: ins.reqPerSec,
        appInsertReqPerSec: appInsert.reqPerSec,
        answerReqPerSec: answer.reqPerSec,
        healthShareOfHello: share(health, hello),
        answerShareOfBareInsert: share(answer, ins),
        appInsertShareOfBareInsert: share(appInsert, ins),
        healthCpuShareOfHello: cpuShare(health, hello),
        answerCpuShareOfBareInsert: cpuShare(answer, ins),
      },
    ];
  });
  if (perRound.length === 0) return null;
  return {
    perRound,
    healthShareOfHello: middle(perRound.map((r) => r.healthShareOfHello)),
    answerShareOfBareInsert: middle(perRound.map((r) => r.answerShareOfBareInsert)),
    appInsertShareOfBareInsert: middle(perRound.map((r) => r.appInsertShareOfBareInsert)),
    // A round without a CPU reading has no CPU share: left out of the median rather than counted as 0.
    healthCpuShareOfHello: middleOf(perRound.map((r) => r.healthCpuShareOfHello)),
    answerCpuShareOfBareInsert: middleOf(perRound.map((r) => r.answerCpuShareOfBareInsert)),
  };
};
const results = ['closed loop', 'open loop'].flatMap((setup) =>
  ['/hello', '/v1/health', '/insert', '/v1/train/repository', '/v1/train/0/answer'].flatMap((url) => {
    const m = median(setup, url);
    return m ? [m] : [];
  }),
);
const answersFigures = answerVerdict();
/** The fixed-rate open-loop rounds (median round's p99; every round must send and answer everything). */
const fixedRateVerdict = () => {
  const rounds = roundResults.filter((f) => f.setup === 'fixed rate') as (RoundFigures & { skipped?: number })[];
  if (rounds.length === 0) return null;
  return {
    perRound: rounds.map((r) => ({
      offeredReqPerSec: r.offeredRate,
      sustainedReqPerSec: r.reqPerSec,
      p50ms: r.p50ms,
      p99ms: r.p99ms,
      skipped: r.skipped ?? 0,
      non2xx: r.non2xx,
      errors: r.errors,
      serverCpuMsPerRequest: r.serverCpuMsPerRequest,
      databaseCpuMsPerRequest: r.databaseCpuMsPerRequest,
    })),
    medianP99ms: middle(rounds.map((r) => r.p99ms)),
    nothingSkipped: rounds.every((r) => (r.skipped ?? 0) === 0 && r.non2xx === 0 && r.errors === 0),
    sustained: rounds.every((r) => r.reqPerSec >= 0.95 * (r.offeredRate ?? 0)),
  };
};
const fixedRate = fixedRateVerdict();
const shares = requestPathShares();
const verdict = {
  requestPath: shares,
  requestPathMet:
    !!shares &&
    shares.answerShareOfBareInsert >= TARGET.answerShareOfBareInsert &&
    shares.healthShareOfHello >= TARGET.healthShareOfHello,
  answers: answersFigures,
  fixedRate,
  fixedRateMet:
    !!fixedRate && fixedRate.nothingSkipped && fixedRate.sustained && fixedRate.medianP99ms < TARGET.fixedRateP99ms,
  examStampedeMet:
    !!stampede && stampede.allSucceeded === true && (stampede.medianP99ms as number) < TARGET.examStampedeP99ms,
  // The same students handing in at once, after each counted round of starts: held to the starts' line.
  handInMet:
    !!stampede &&
    stampede.allHandedIn === true &&
    typeof stampede.handInMedianP99ms === 'number' &&
    stampede.handInMedianP99ms < TARGET.examStampedeP99ms,
  answerMet:
    !!answersFigures &&
    answersFigures.shareOfInsert >= TARGET.answerShareOfInsert &&
    answersFigures.sustained &&
    answersFigures.openLoopP99ms < TARGET.answerP99ms,
  // Every start of every round succeeded, one training each, and the median round's p99 is under the target.
  stampedeMet:
    !!stampede &&
    stampede.allSucceeded === true &&
    stampede.oneTrainingEach === true &&
    (stampede.medianP99ms as number) < TARGET.stampedeP99ms,
};
const out = {
  scenario: 'training',
  smoke,
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1m: Number(loadavg()[0].toFixed(2)),
  },
  targets: TARGET,
  verdict,
  runs: [
    {
      db: onPglite ? 'pglite' : 'postgres',
      autovacuum,
      questions: generation?.questions,
      students: generation?.students.length,
      generationSeconds: generation ? Number(generation.seconds.toFixed(1)) : null,
      stampede,
      answers: { ...answerStats, ...records },
      medians: results,
      rounds: roundResults,
    },
  ],
};
const dir = join(import.meta.dirname, '../results');
mkdirSync(dir, { recursive: true });
const file = join(
  dir,
  `training${smoke ? '.smoke' : ''}${requestPath ? '.request-path' : ''}${targets ? '.targets' : ''}${answersOnly ? '.answers-only' : ''}${insertOnly ? '.insert-only' : ''}${onPglite ? '.pglite' : ''}.json`,
);
writeFileSync(file, await format(JSON.stringify(out), { ...(await resolveConfig(file)), filepath: file }));
console.log(
  `${verdict.answerMet ? 'MET   ' : 'MISSED'} answers ≥ ${TARGET.answerShareOfInsert * 100} % of single INSERT, sustained at that rate with p99 < ${TARGET.answerP99ms} ms: ${JSON.stringify(answersFigures)}`,
);
console.log(`${verdict.stampedeMet ? 'MET   ' : 'MISSED'} stampede: ${JSON.stringify(stampede)}`);
if (withStampede)
  console.log(
    `${verdict.handInMet ? 'MET   ' : 'MISSED'} ${STAMPEDE} hand-ins at once, p99 < ${TARGET.examStampedeP99ms} ms: ${JSON.stringify(stampede && { p99msPerRound: stampede.handInP99msPerRound, medianP99ms: stampede.handInMedianP99ms, allHandedIn: stampede.allHandedIn })}`,
  );
console.log(
  `${verdict.requestPathMet ? 'MET   ' : 'MISSED'} request path: answers ≥ ${TARGET.answerShareOfBareInsert * 100} % of the bare INSERT, health ≥ ${TARGET.healthShareOfHello * 100} % of the bare hello: ${JSON.stringify(shares && { answer: shares.answerShareOfBareInsert, health: shares.healthShareOfHello, appInsert: shares.appInsertShareOfBareInsert })}; by CPU per request: ${JSON.stringify(shares && { answer: shares.answerCpuShareOfBareInsert, health: shares.healthCpuShareOfHello })}`,
);
if (withFixedRate)
  console.log(
    `${verdict.fixedRateMet ? 'MET   ' : 'MISSED'} answers at ${TARGET.fixedRate} req/s offered, p99 < ${TARGET.fixedRateP99ms} ms, nothing skipped: ${JSON.stringify(fixedRate && { medianP99ms: fixedRate.medianP99ms, nothingSkipped: fixedRate.nothingSkipped, sustained: fixedRate.sustained })}\n` +
      `${verdict.examStampedeMet ? 'MET   ' : 'MISSED'} 500 starts at once, p99 < ${TARGET.examStampedeP99ms} ms: ${JSON.stringify(stampede && { p99msPerRound: stampede.p99msPerRound, medianP99ms: stampede.medianP99ms })}`,
  );
console.log(`written ${file}`);
