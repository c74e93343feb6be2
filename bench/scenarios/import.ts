// Import bench (issue 17 item 1): a generated xlsx of 300,000 rows is previewed (a background job: upload,
// parse and validate in the import child process) while other clients measure GET /v1/health, a database
// read (the question list) and a training's answers (the demo student), each one call after the other, and
// the server's memory is sampled. Figures: the
// preview's duration (target ≤ 30 s), the other requests' p99 (< 100 ms), the server's extra RSS (≤ 256 MB)
// and, apart, the import child's RSS. On PGlite and PostgreSQL. Writes bench/results/import.json, keeping the
// figures of a database or phase this run skipped (each phase carries its own date and load average).
// Usage: npx tsx bench/scenarios/import.ts [--rows=N] [--only=pglite|postgres] [--phase=preview|import] [--idle=S]
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { format, resolveConfig } from 'prettier';
import { startServer } from '../../e2e/support/server-process.js';
import { call, login, type Session } from '../lib/api.js';
import { rssMb } from '../lib/rss.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ROWS = Number(arg('rows') ?? 300_000);
const ONLY = arg('only');
const PHASE = arg('phase');
/** Seconds the probes run with no job before each phase (their figures apart, as `noJob`). */
const IDLE_SECONDS = Number(arg('idle') ?? 10);
if (PHASE && PHASE !== 'preview' && PHASE !== 'import') throw new Error('--phase=preview or --phase=import');
const TARGET = { seconds: 30, p99ms: 100, extraRssMb: 256 };
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'edu-demo-2026';

/** A template workbook of `rows` true/false questions, written as a stream (cached between runs). */
async function workbook(rows: number): Promise<Buffer> {
  const file = join(tmpdir(), `edu-bench-import-${rows}.xlsx`);
  if (!existsSync(file)) {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
    const ws = wb.addWorksheet('题目');
    ws.addRow(['题型', '题干', '选项A', '选项B', '答案', '知识点编码']).commit();
    for (let i = 1; i <= rows; i++)
      ws.addRow(['判断题', `第 ${i} 题：水在 100 ℃ 沸腾（标准大气压）。`, '', '', i % 2 ? '对' : '错', 'en']).commit();
    await wb.commit();
  }
  return readFileSync(file);
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
};
const round = (n: number) => Math.round(n * 10) / 10;

interface Probe {
  name: string;
  latencies: number[];
  /** When each call started (performance.now()), to split the figures by the job's phase. */
  starts: number[];
  errors: number;
}

/** Calls `path` one after the other until `stop` (a closed loop of one client). */
async function probe(p: Probe, s: Session, method: string, path: string, body: unknown, stop: () => boolean) {
  while (!stop()) {
    const t = performance.now();
    try {
      await call(s, method, path, body);
    } catch {
      p.errors++;
    }
    p.latencies.push(performance.now() - t);
    p.starts.push(t);
  }
}

interface TrainingView {
  trainId: string;
  question: { id: string } | null;
}

/**
 * The demo student answering a training of an open demo scheme (general), one answer after the other until
 * `stop`; a new training when one ends. Every answer is `A` (judged, right or wrong); one the route refuses
 * counts as an error and its training is finished and started again.
 */
async function answerProbe(p: Probe, baseURL: string, stop: () => boolean) {
  const student = await login(baseURL, 'student', PASSWORD, 'demo');
  const open = await call<{ list: { schemeId: string; type: string }[] }>(
    student,
    'GET',
    '/v1/train/open/schemes?start=0&size=50',
  );
  const scheme = open.list.find((s) => s.type === 'general');
  if (!scheme) throw new Error('no open general scheme in the demo data');
  const start = () => call<TrainingView>(student, 'PUT', `/v1/train/scheme/${scheme.schemeId}/start`);
  let training = await start();
  let n = 0;
  while (!stop()) {
    const question = training.question;
    if (!question) {
      training = await start();
      continue;
    }
    const t = performance.now();
    try {
      const r = await call<{ training: TrainingView }>(student, 'POST', `/v1/train/${training.trainId}/answer`, {
        request: { clientAnswerId: `bench-${training.trainId}-${n++}`, questionId: question.id, answer: ['A'] },
      });
      p.latencies.push(performance.now() - t);
      p.starts.push(t);
      training = r.training;
    } catch {
      p.errors++;
      await call(student, 'POST', `/v1/train/${training.trainId}/finish`, { request: {} }).catch(() => undefined);
      training = await start();
    }
  }
}

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * Sends the workbook to the preview or the import (mode valid: the write phase too) and waits for its job,
 * while three clients call other routes one after the other; the server's RSS sampled every 100 ms.
 */
async function measure(server: Server, admin: Session, kind: 'preview' | 'import', file: Buffer) {
  const baseline = rssMb(server.pid).self;
  let done = false;
  const stop = () => done;
  const health: Probe = { name: 'GET /v1/health', latencies: [], starts: [], errors: 0 };
  const list: Probe = { name: 'POST /v1/exam/question/list (20)', latencies: [], starts: [], errors: 0 };
  const answers: Probe = {
    name: "POST /v1/train/{id}/answer (a training's answers)",
    latencies: [],
    starts: [],
    errors: 0,
  };
  const peak = { self: baseline, children: 0 };
  const sampler = setInterval(() => {
    const r = rssMb(server.pid);
    peak.self = Math.max(peak.self, r.self);
    peak.children = Math.max(peak.children, r.children);
  }, 100);
  const probes = [
    probe(health, admin, 'GET', '/v1/health', undefined, stop),
    probe(list, admin, 'POST', '/v1/exam/question/list?start=0&size=20', { request: {} }, stop),
    answerProbe(answers, server.baseURL, stop),
  ];

  // The same probes with no job first (IDLE_SECONDS): what the server answers under this load alone.
  const idleUntil = performance.now() + IDLE_SECONDS * 1000;
  while (performance.now() < idleUntil) await new Promise((r) => setTimeout(r, 100));
  const jobStart = performance.now();

  const start = performance.now();
  const query = 'format=xlsx&repoId=1&knowledgeId=en';
  const url =
    kind === 'preview' ? `/v1/exam/questions/import/preview?${query}` : `/v1/exam/questions/import?${query}&mode=valid`;
  const upload = await fetch(`${server.baseURL}${url}`, {
    method: kind === 'preview' ? 'POST' : 'PUT',
    headers: {
      Authorization: `Bearer ${admin.token}`,
      'X-Agency-Id': 'demo',
      'Content-Type': 'application/octet-stream',
    },
    body: new Uint8Array(file),
  });
  const started = (await upload.json()) as { errno: number; errmsg: string; response: { jobId: string } };
  if (started.errno !== 0) throw new Error(`${kind} refused: ${started.errmsg}`);
  const uploaded = performance.now() - start;
  let job: {
    status: string;
    total: number;
    processed: number;
    valid: number;
    errorCount: number;
    imported?: number;
    message: string | null;
  };
  // The write phase starts when the progress falls back from the validated count (it counts written questions).
  let writeStart: number | undefined;
  let lastProcessed = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    job = await call(admin, 'GET', `/v1/exam/questions/import/${started.response.jobId}`);
    if (kind === 'import' && writeStart === undefined && job.processed < lastProcessed) writeStart = performance.now();
    lastProcessed = job.processed;
    if (job.status === 'done' || job.status === 'failed') break;
  }
  const end = performance.now();
  const seconds = (performance.now() - start) / 1000;
  done = true;
  await Promise.all(probes);
  clearInterval(sampler);
  const figuresOf = (name: string, latencies: number[], errors?: number) => ({
    name,
    requests: latencies.length,
    ...(errors === undefined ? {} : { errors }),
    p50ms: round(percentile(latencies, 50)),
    p99ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.reduce((a, b) => Math.max(a, b), 0)),
  });
  const between = (p: Probe, from: number, to: number) =>
    figuresOf(
      p.name,
      p.latencies.filter((_, i) => p.starts[i] >= from && p.starts[i] < to),
    );
  /** The calls that started while the job wrote (from the write phase's first batch to the job's end). */
  const whileWriting = (p: Probe) =>
    figuresOf(
      p.name,
      p.latencies.filter((_, i) => p.starts[i] >= writeStart!),
    );
  return {
    date: new Date().toISOString(),
    load: loadavg().map(round),
    job: {
      status: job.status,
      total: job.total,
      valid: job.valid,
      errors: job.errorCount,
      imported: job.imported ?? 0,
      message: job.message,
    },
    uploadSeconds: round(uploaded / 1000),
    seconds: round(seconds),
    noJob: {
      seconds: IDLE_SECONDS,
      others: [health, list, answers].map((p) => between(p, -Infinity, jobStart)),
    },
    others: [health, list, answers].map((p) => ({ ...between(p, jobStart, Infinity), errors: p.errors })),
    ...(writeStart === undefined
      ? {}
      : {
          writePhase: {
            seconds: round((end - writeStart) / 1000),
            others: [whileWriting(health), whileWriting(list), whileWriting(answers)],
          },
        }),
    serverRssMb: { baseline: round(baseline), peak: round(peak.self), extra: round(peak.self - baseline) },
    importProcessPeakRssMb: round(peak.children),
  };
}

async function runOn(label: 'pglite' | 'postgres', file: Buffer) {
  const dbName = `edu_bench_import_${Date.now()}`;
  const env: Record<string, string> = { SEED: 'demo', LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES_PER_ADDRESS: '100000' };
  if (label === 'postgres') {
    execSync(`psql "${PG_ADMIN_URL}" -qc "CREATE DATABASE ${dbName}"`);
    env.DATABASE_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const server = await startServer(env);
  try {
    const admin = await login(server.baseURL, 'agency', PASSWORD, 'demo');
    // Warm the probed routes, then the baseline memory.
    for (let i = 0; i < 20; i++) {
      await call(admin, 'GET', '/v1/health');
      await call(admin, 'POST', '/v1/exam/question/list?start=0&size=20', { request: {} });
    }
    const preview = PHASE !== 'import' ? await measure(server, admin, 'preview', file) : undefined;
    const write = PHASE !== 'preview' ? await measure(server, admin, 'import', file) : undefined;
    const out = { database: label, rows: ROWS, fileMb: round(file.length / 1024 / 1024), preview, import: write };
    console.log(JSON.stringify(out, null, 2));
    return out;
  } finally {
    await server.stop();
    if (label === 'postgres') execSync(`psql "${PG_ADMIN_URL}" -qc "DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)"`);
  }
}

type Run = Awaited<ReturnType<typeof runOn>>;
type Phase = NonNullable<Run['preview']>;

/** Whether a run's phases meet the targets (a phase not measured yet counts as not met). */
function metOf(r: Run) {
  const phases = [r.preview, r.import].filter((m): m is Phase => !!m);
  return {
    seconds: !!r.preview && r.preview.seconds <= TARGET.seconds && r.preview.job.status === 'done',
    p99: phases.length === 2 && phases.every((m) => Math.max(...m.others.map((o) => o.p99ms)) < TARGET.p99ms),
    extraRss: phases.length === 2 && phases.every((m) => m.serverRssMb.extra <= TARGET.extraRssMb),
    imported: r.import?.job.status === 'done' && r.import.job.imported === r.rows,
  };
}

const dir = join(import.meta.dirname, '../results');
const path = join(dir, 'import.json');
/** The recorded runs, by database and size, for the phases this run does not measure. */
const previous = new Map<string, Run>();
const keyOf = (r: { database: string; rows: number }) => `${r.database}/${r.rows}`;
if (existsSync(path))
  for (const r of (JSON.parse(readFileSync(path, 'utf8')) as { runs?: Run[] }).runs ?? []) previous.set(keyOf(r), r);

const file = await workbook(ROWS);
console.log(`workbook: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB`);
for (const db of ['pglite', 'postgres'] as const)
  if (!ONLY || ONLY === db) {
    const run = await runOn(db, file);
    const old = previous.get(keyOf(run));
    previous.set(keyOf(run), { ...run, preview: run.preview ?? old?.preview, import: run.import ?? old?.import });
  }

const runs = [...previous.values()].map((r) => ({ ...r, met: metOf(r) }));
const result = {
  scenario: 'import',
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, memGb: Math.round(totalmem() / 1e9), load: loadavg() },
  node: process.version,
  target: TARGET,
  runs,
};
mkdirSync(dir, { recursive: true });
writeFileSync(path, await format(JSON.stringify(result), { ...(await resolveConfig(path)), filepath: path }));
console.log(JSON.stringify({ met: runs.map((r) => ({ database: r.database, ...r.met })) }));
console.log(`wrote ${path}`);
