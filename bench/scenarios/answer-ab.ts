// Two or more variants of the answer route, or of the health route, side by side
// (docs/performance.md "The remaining gaps on a fresh machine"). Each variant is a server of its own — a tree of this
// repository (a copy made with `git archive`, node_modules linked) and node flags — on a PostgreSQL database of its
// own with the training bench's data (600 questions, 200 students, each with a started training). The answers (the
// training bench's client, bench/lib/answer-requests.ts, 50 connections) then go to each variant in turn, in slices of
// BENCH_DURATION seconds, the order mirrored every other round, each slice's CPU per answer read from /proc (the
// server, the database's backends, the load generator). A variant's figures are the medians of its slices. Changes
// of a few per cent need this: separate runs of `npm run bench:training` drift with the machine by more. With
// BENCH_ROUTE=health the slices are `GET /v1/health` instead (50 connections), each server having first served the
// preparation and two seconds of answers, as the training bench's server has when it measures health; for them the
// load generator is pinned to the first core and every server to the second (`taskset`), which steadies a health
// request's CPU figure to a few per cent.
// Usage: npx tsx bench/scenarios/answer-ab.ts NAME=TREE[:NODE_FLAGS] …   (flags separated by ';')
//   e.g. main=. gc1=.:--single-threaded-gc old=/tmp/old
// Two to four variants. Environment: BENCH_PG_URL (default postgres://root@127.0.0.1:5432/test), BENCH_ROUNDS
// (default 6, 1–50), BENCH_DURATION (default 3, 1–60 s), BENCH_QUESTIONS (default 600, 60–5,000), BENCH_ROUTE
// (answer or health, default answer). Writes bench/results/answer-ab.json (health-ab.json for health).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { repoRoot, type RunningServer } from '../../e2e/support/server-process.js';
import { call, pool } from '../lib/api.js';
import { answerRequests, type StartedTraining, type TrainingView } from '../lib/answer-requests.js';
import { cpuSampler } from '../lib/cpu.js';
import { generateTrainingBench, mintTrainingAccounts } from '../generators/trainings.js';
import { freshDatabase } from '../../e2e/support/two-nodes.js';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
/** A whole number from the environment, `fallback` when unset or not a number, held within [min, max]. */
const bounded = (value: string | undefined, fallback: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.floor(Number(value ?? fallback)) || fallback));
const rounds = bounded(process.env.BENCH_ROUNDS, 6, 1, 50);
const seconds = bounded(process.env.BENCH_DURATION, 3, 1, 60);
const questions = bounded(process.env.BENCH_QUESTIONS, 600, 60, 5_000);
const ROUTES = ['answer', 'health'] as const;
const route = (process.env.BENCH_ROUTE ?? 'answer') as (typeof ROUTES)[number];
if (!ROUTES.includes(route)) throw new Error(`BENCH_ROUTE is answer or health, not ${String(route)}`);
/** Each variant is a server and a database with 200 students: more than this do not fit beside each other here. */
const MAX_VARIANTS = 4;
const STUDENTS = 200;

interface Variant {
  name: string;
  tree: string;
  nodeArgs: string;
}
const variants: Variant[] = process.argv.slice(2).map((arg) => {
  const m = /^([\w-]+)=([^:]+)(?::(.*))?$/.exec(arg);
  if (!m) throw new Error(`not NAME=TREE[:FLAGS]: ${arg}`);
  return { name: m[1], tree: resolve(m[2]), nodeArgs: (m[3] ?? '').split(';').join(' ') };
});
if (variants.length < 2 || variants.length > MAX_VARIANTS)
  throw new Error(`give two to ${MAX_VARIANTS} variants, e.g. main=. gc1=.:--single-threaded-gc`);

interface Slice {
  round: number;
  reqPerSec: number;
  serverCpuMsPerRequest: number | null;
  databaseCpuMsPerRequest: number | null;
  clientCpuMsPerRequest: number | null;
}
interface Running extends Variant {
  server: RunningServer;
  /** The bench's own connection to the variant's database. */
  sql: pg.Client;
  answers: ReturnType<typeof answerRequests>;
  sampler: Awaited<ReturnType<typeof cpuSampler>>;
  slices: Slice[];
}

/** What to undo at the end, the latest first: each database, server and connection as soon as it exists. */
const cleanUps: (() => Promise<void>)[] = [];

/** A variant's server on its own database, its students' trainings started and the tables analysed. */
async function prepare(v: Variant): Promise<Running> {
  const db = await freshDatabase(PG_ADMIN_URL);
  cleanUps.push(db.drop);
  // The variant's own launcher: its tree's server, with its flags after the product's.
  const launcher = (await import(resolve(v.tree, 'e2e/support/server-process.ts'))) as {
    startServer: (env: Record<string, string>) => Promise<RunningServer>;
  };
  const before = process.env.SERVER_NODE_ARGS;
  process.env.SERVER_NODE_ARGS = v.nodeArgs;
  let server: RunningServer;
  try {
    server = await launcher.startServer({ DATABASE_URL: db.url, SEED: 'demo', LOG_LEVEL: 'warn' });
  } finally {
    // Put back as it was: assigning undefined to process.env would store the text "undefined".
    if (before === undefined) delete process.env.SERVER_NODE_ARGS;
    else process.env.SERVER_NODE_ARGS = before;
  }
  cleanUps.push(server.stop);
  // One connection for the bench's own statements: the accounts, and the analyses between rounds.
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  cleanUps.push(() => sql.end());
  const accounts = await mintTrainingAccounts(sql, STUDENTS);
  const bench = await generateTrainingBench(server.baseURL, accounts, { questions, schemes: 1 });
  const start = async (token: string): Promise<StartedTraining | null> => {
    const t = await call<TrainingView>(
      { baseURL: server.baseURL, token, agencyId: 'demo' },
      'PUT',
      `/v1/train/scheme/${bench.schemeId}/start`,
    );
    return t.question ? { trainId: t.trainId, token, question: t.question } : null;
  };
  const started: StartedTraining[] = [];
  await pool(bench.students, 5, async (s) => {
    const t = await start(s.token);
    if (t) started.push(t);
  });
  await sql.query('analyze');
  const answers = answerRequests(server.baseURL, started, (ended) => start(ended.token));
  const sampler = await cpuSampler(server.pid, PG_ADMIN_URL, new URL(db.url).pathname.slice(1));
  cleanUps.push(sampler.close);
  console.log(`${v.name}: ${v.tree} ${v.nodeArgs} ready (${started.length} trainings)`);
  return { ...v, server, sql, answers, sampler, slices: [] };
}

async function slice(r: Running, secs: number, round: number, measured = route): Promise<Slice> {
  const a = await r.sampler.sample();
  const result = await autocannon(
    measured === 'health'
      ? { url: `${r.server.baseURL}/v1/health`, connections: 50, duration: secs }
      : {
          url: `${r.server.baseURL}/v1/train/0/answer`,
          method: 'POST',
          connections: 50,
          duration: secs,
          requests: r.answers.requests,
        },
  );
  const b = await r.sampler.sample();
  if (measured === 'answer') await r.answers.resync();
  const per = r.sampler.perRequest(a, b, result.requests.total);
  return { round, reqPerSec: Math.round(result.requests.total / secs), ...per };
}

const median = (xs: (number | null)[]) => {
  const known = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)] : null;
};

const running: Running[] = [];
try {
  for (const v of variants) running.push(await prepare(v));
  // Warm-up, not counted: answers first, so that a health slice meets a server that has served them.
  for (const r of running) await slice(r, 2, 0, 'answer');
  if (route === 'health') {
    // Every thread of each server on core 1, the load generator (this process) on core 0.
    for (const r of running) execFileSync('taskset', ['-apc', '1', String(r.server.pid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-apc', '0', String(process.pid)], { stdio: 'ignore' });
    for (const r of running) await slice(r, 2, 0);
  }
  for (let round = 1; round <= rounds; round++) {
    for (const r of round % 2 ? running : [...running].reverse()) {
      const s = await slice(r, seconds, round);
      r.slices.push(s);
      console.log(
        `[${round}/${rounds}] ${r.name.padEnd(12)} ${String(s.reqPerSec).padStart(6)} ${route}s/s  CPU per request: ` +
          `server ${s.serverCpuMsPerRequest} ms, database ${s.databaseCpuMsPerRequest} ms, client ${s.clientCpuMsPerRequest} ms`,
      );
    }
    // The training bench's stand-in for autovacuum, on every variant's database alike.
    for (const r of running)
      await r.sql.query('vacuum (analyze) trainings, training_events, training_answers, answer_records');
  }
  const summary = running.map((r) => ({
    name: r.name,
    tree: r.tree === repoRoot ? '.' : r.tree,
    nodeArgs: r.nodeArgs,
    reqPerSec: median(r.slices.map((s) => s.reqPerSec)),
    serverCpuMsPerRequest: median(r.slices.map((s) => s.serverCpuMsPerRequest)),
    databaseCpuMsPerRequest: median(r.slices.map((s) => s.databaseCpuMsPerRequest)),
    clientCpuMsPerRequest: median(r.slices.map((s) => s.clientCpuMsPerRequest)),
    answerStats: r.answers.stats,
  }));
  console.table(summary.map(({ answerStats: _, ...rest }) => rest));
  mkdirSync(resolve(repoRoot, 'bench/results'), { recursive: true });
  writeFileSync(
    resolve(repoRoot, `bench/results/${route}-ab.json`),
    `${JSON.stringify(
      {
        scenario: `${route}-ab`,
        date: new Date().toISOString(),
        rounds,
        secondsPerSlice: seconds,
        questions,
        students: STUDENTS,
        git: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot }).toString().trim(),
        summary,
        slices: running.map((r) => ({ name: r.name, slices: r.slices })),
      },
      null,
      2,
    )}\n`,
  );
} finally {
  for (const undo of cleanUps.reverse()) await undo().catch((e: unknown) => console.error('clean-up failed:', e));
}
