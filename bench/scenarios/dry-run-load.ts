// Dry-run load bench (issue 31 item 5; docs/simulation.md "Dry run of a scheme"): while the agency admin's dry run of
// 10,000 synthetic students (mix) through the demo's adaptive scheme runs as a job (its cohort in a child process),
// light requests keep coming — GET /v1/health and the scheme list as the agency admin, each one client calling one
// after the other with a short pause — and their p50/p99 are measured until the job ends. The same requests are
// measured first for a while with no run, in the same invocation. Also: the run's duration (queued to its end state,
// and the seconds the result reports) and the server's and its children's peak RSS. Target: p99 < 100 ms during the
// run. On PGlite by default, or PostgreSQL (--db=postgres). Writes bench/results/dry-run-load.json.
// Usage: npx tsx bench/scenarios/dry-run-load.ts [--students=N] [--idle=S] [--db=postgres]
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Scheme, SchemeSimulationJob } from '@edu/contract';
import { format, resolveConfig } from 'prettier';
import { startServer } from '../../e2e/support/server-process.js';
import { DEMO_ADAPTIVE_TITLE } from '../../apps/server/src/seed/seed-schemes.js';
import { call, login, type Session } from '../lib/api.js';
import { rssMb } from '../lib/rss.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const STUDENTS = Number(arg('students') ?? 10_000);
/** Seconds the probes run with no dry run, before it is queued. */
const IDLE_SECONDS = Number(arg('idle') ?? 10);
const ON_POSTGRES = arg('db') === 'postgres';
/** Each probe's pause between two calls (ms): a steady, light stream, not a flood. */
const PAUSE_MS = 20;
/** How often the job's state is read while it runs (ms). */
const POLL_MS = 250;
const TARGET = { p99ms: 100 };
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'edu-demo-2026';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number) => Math.round(n * 10) / 10;
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : 0;
};

interface Probe {
  name: string;
  latencies: number[];
  errors: number;
}

/** Calls `path` one after the other, `PAUSE_MS` apart, until `stop`. */
async function probe(p: Probe, s: Partial<Session> & Pick<Session, 'baseURL'>, path: string, stop: () => boolean) {
  while (!stop()) {
    const t = performance.now();
    try {
      await call(s, 'GET', path);
      p.latencies.push(performance.now() - t);
    } catch {
      p.errors++;
    }
    await sleep(PAUSE_MS);
  }
}

const figuresOf = (p: Probe) => ({
  name: p.name,
  requests: p.latencies.length,
  p50ms: round(percentile(p.latencies, 50)),
  p99ms: round(percentile(p.latencies, 99)),
  maxMs: round(Math.max(0, ...p.latencies)),
  errors: p.errors,
});

/** Runs the probes until `until` settles; answers their figures and what `until` answered. */
async function measured<T>(admin: Session, until: () => Promise<T>) {
  const probes: Probe[] = [
    { name: 'GET /v1/health', latencies: [], errors: 0 },
    { name: 'GET /v1/train/control/schemes', latencies: [], errors: 0 },
  ];
  let done = false;
  const stop = () => done;
  const running = [
    probe(probes[0], { baseURL: admin.baseURL }, '/v1/health', stop),
    probe(probes[1], admin, '/v1/train/control/schemes?start=0&size=20', stop),
  ];
  const value = await until().finally(() => (done = true));
  await Promise.all(running);
  return { value, figures: probes.map(figuresOf) };
}

async function run() {
  const dbName = `edu_bench_dry_run_${Date.now()}`;
  const env: Record<string, string> = { SEED: 'demo', LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES_PER_ADDRESS: '100000' };
  if (ON_POSTGRES) {
    execSync(`psql "${PG_ADMIN_URL}" -qc "CREATE DATABASE ${dbName}"`);
    env.DATABASE_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const server = await startServer(env);
  try {
    const admin = await login(server.baseURL, 'agency', PASSWORD, 'demo');
    const schemes = await call<{ list: Scheme[] }>(admin, 'GET', '/v1/train/control/schemes?start=0&size=200');
    const scheme = schemes.list.find((s) => s.title === DEMO_ADAPTIVE_TITLE);
    if (!scheme) throw new Error(`the demo's adaptive scheme 「${DEMO_ADAPTIVE_TITLE}」 is not in the scheme list`);
    // Warm the probed routes.
    for (let i = 0; i < 20; i++) {
      await call({ baseURL: server.baseURL }, 'GET', '/v1/health');
      await call(admin, 'GET', '/v1/train/control/schemes?start=0&size=20');
    }
    const baselineRss = rssMb(server.pid).self;
    const idle = await measured(admin, () => sleep(IDLE_SECONDS * 1000));

    const peak = { self: 0, children: 0 };
    const during = await measured(admin, async () => {
      const started = performance.now();
      const { jobId } = await call<{ jobId: string }>(admin, 'POST', `/v1/train/scheme/${scheme.schemeId}/simulate`, {
        request: { students: STUDENTS, spread: 'mix' },
      });
      for (;;) {
        const m = rssMb(server.pid);
        peak.self = Math.max(peak.self, m.self);
        peak.children = Math.max(peak.children, m.children);
        const job = await call<SchemeSimulationJob>(admin, 'GET', `/v1/train/simulation/${jobId}`);
        if (job.status === 'done' || job.status === 'failed')
          return { job, seconds: round((performance.now() - started) / 1000) };
        await sleep(POLL_MS);
      }
    });
    const { job, seconds } = during.value;
    const out = {
      database: ON_POSTGRES ? 'postgres' : 'pglite',
      scheme: { id: scheme.schemeId, title: scheme.title },
      students: STUDENTS,
      spread: 'mix',
      job: {
        status: job.status,
        message: job.message,
        /** Queued to its end state, as the client sees it. */
        seconds,
        /** The cohort's own run, as the result reports it (scheme and paper). */
        resultSeconds: job.result?.seconds ?? null,
        bankQuestions: job.result?.bankQuestions ?? null,
      },
      noRun: { seconds: IDLE_SECONDS, requests: idle.figures },
      duringRun: { requests: during.figures },
      serverRssMb: { baseline: round(baselineRss), peak: round(peak.self), extra: round(peak.self - baselineRss) },
      dryRunProcessPeakRssMb: round(peak.children),
      met: {
        done: job.status === 'done',
        p99: during.figures.every((f) => f.p99ms < TARGET.p99ms),
      },
    };
    console.log(JSON.stringify(out, null, 2));
    return out;
  } finally {
    await server.stop();
    if (ON_POSTGRES) execSync(`psql "${PG_ADMIN_URL}" -qc "DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)"`);
  }
}

const out = await run();
const result = {
  scenario: 'dry-run-load',
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, memGb: Math.round(totalmem() / 1e9), load: loadavg() },
  node: process.version,
  target: TARGET,
  ...out,
};
const dir = join(import.meta.dirname, '../results');
const path = join(dir, 'dry-run-load.json');
mkdirSync(dir, { recursive: true });
writeFileSync(path, await format(JSON.stringify(result), { ...(await resolveConfig(path)), filepath: path }));
console.log(`wrote ${path}`);
