// Scheme statistics benchmark: one paper with 1,000,000 answer records (20,000 trainings of 2,000 students)
// on PostgreSQL; both statistics calls over HTTP (all time and a 30-day window with ms edges), one connection
// at a time (the latency a teacher opening the dashboard sees) and 4 at once. For contrast, the same question
// figures computed straight from answer_records without the pre-aggregated tables. Target: p99 < 200 ms.
// Writes bench/results/scheme-stats.json.
// Usage: npx tsx bench/scenarios/scheme-stats.ts [--smoke] [--keep-db] [--reuse-db=NAME]
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { startServer } from '../../e2e/support/server-process.js';
import { call, login } from '../lib/api.js';
import { measure, type Figures } from '../lib/measure.js';
import { FULL, generateSchemeStats, SMOKE, type StatsBench } from '../generators/scheme-stats.js';

const smoke = process.argv.includes('--smoke');
const keepDb = process.argv.includes('--keep-db');
const reuseDb = process.argv.find((a) => a.startsWith('--reuse-db='))?.slice('--reuse-db='.length);
const DURATION = smoke ? 1 : 10;
const WARMUP = smoke ? 0 : 2;
const TARGET_P99_MS = 200;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'edu-demo-2026';

const psql = (sqlText: string) => execSync(`psql "${PG_ADMIN_URL}" -qc "${sqlText}"`);
const dbName = reuseDb ?? `bench_stats_${Date.now()}`;
if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error(`bad database name ${dbName}`);
const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const serverEnv = { DATABASE_URL: databaseUrl, SEED: 'demo', LOG_LEVEL: 'warn' };

/** The same per-question figures from answer_records directly (no pre-aggregation), as one SQL statement. */
const RAW_SQL = `
  with t as (select id from trainings where scheme_id = $1 and agency_id = 'demo' and status <> 'running'),
  x as (
    select a.training_id, a.question_id, coalesce(a.score, 0) as x
    from answer_records a join t on t.id = a.training_id where a.first
  ),
  xr as (select question_id, x, sum(x) over (partition by training_id) - x as r from x),
  m as (select question_id, count(*) as n, avg(x) as mx, avg(r) as mr, covar_pop(x, r) as cov,
               var_pop(x) as vx, var_pop(r) as vr from xr group by question_id),
  sorted as (
    select question_id, x, row_number() over (partition by question_id order by x) as k from xr
  ), sorted_r as (
    select question_id, r, row_number() over (partition by question_id order by r) as k from xr
  ), cm as (
    select s.question_id, avg(s.x * r.r) as sxr from sorted s join sorted_r r using (question_id, k) group by 1
  )
  select m.question_id, m.n, m.mx, 100 * m.cov / nullif(sqrt(m.vx * m.vr), 0) as discrimination,
         100 * m.cov / nullif(cm.sxr - m.mx * m.mr, 0) as efficiency
  from m join cm using (question_id)`;

async function rawBaseline(schemeId: number, times: number): Promise<number[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const out: number[] = [];
    for (let i = 0; i < times; i++) {
      const t = performance.now();
      await c.query(RAW_SQL, [schemeId]);
      out.push(Math.round(performance.now() - t));
    }
    return out;
  } finally {
    await c.end();
  }
}

async function findScheme(): Promise<StatsBench> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string; t: string; r: string; f: Date; l: Date }>(
      `select s.id, (select count(*) from trainings where scheme_id = s.id) as t,
              (select count(*) from answer_records a join trainings x on x.id = a.training_id where x.scheme_id = s.id) as r,
              (select min(started_at) from trainings where scheme_id = s.id) as f,
              (select max(started_at) from trainings where scheme_id = s.id) as l
       from schemes s where s.title = '期末统测（基准）' order by s.id desc limit 1`,
    );
    if (!rows[0]) throw new Error('no generated scheme in the database');
    const r = rows[0];
    return {
      schemeId: Number(r.id),
      questions: 0,
      students: 0,
      trainings: Number(r.t),
      answerRecords: Number(r.r),
      seconds: 0,
      foldSeconds: 0,
      firstStart: new Date(r.f).getTime(),
      lastStart: new Date(r.l).getTime(),
    };
  } finally {
    await c.end();
  }
}

let data: StatsBench | undefined;
let generated = false;
const results: (Figures & { connectionsLabel: string })[] = [];
let raw: number[] | undefined;
let sample: Record<string, unknown> | undefined;
if (!reuseDb) {
  psql(`CREATE DATABASE ${dbName}`);
  console.log(`database ${dbName}`);
}
try {
  if (!reuseDb) {
    // First start: migrations and the demo seed; then the bulk load straight into the database.
    const first = await startServer(serverEnv);
    await first.stop();
    data = await generateSchemeStats(databaseUrl, smoke ? SMOKE : FULL);
    generated = true;
    console.log(
      `generated ${data.trainings} trainings, ${data.answerRecords} answer records in ${data.seconds.toFixed(1)} s ` +
        `(ending them, i.e. the statistics triggers: ${data.foldSeconds.toFixed(1)} s)`,
    );
  } else data = await findScheme();

  const server = await startServer(serverEnv);
  try {
    const admin = await login(server.baseURL, 'agency', PASSWORD, 'demo');
    const headers = { Authorization: `Bearer ${admin.token}`, 'X-Agency-Id': 'demo' };
    // A 30-day window in the middle of the data, its ends not on day boundaries.
    const mid = Math.floor((data.firstStart + data.lastStart) / 2);
    const from = mid - 15 * 86_400_000 + 12_345_678;
    const to = mid + 15 * 86_400_000 + 4_321;
    const base = `/v1/train/scheme/${data.schemeId}/stats`;
    const answers = await call<{ trainings: number; questions: { flagged: string | null }[] }>(
      admin,
      'GET',
      `${base}/answer`,
    );
    const users = await call<{ summary: Record<string, unknown> }>(admin, 'GET', `${base}/user`);
    sample = {
      trainingsCounted: answers.trainings,
      questions: answers.questions.length,
      flagged: answers.questions.filter((q) => q.flagged).length,
      summary: users.summary,
    };
    console.log(JSON.stringify(sample));
    const paths = [
      { name: 'GET stats/answer (all time)', path: `${base}/answer` },
      { name: 'GET stats/answer (30 days, ms edges)', path: `${base}/answer?from=${from}&to=${to}` },
      { name: 'GET stats/user (all time, 20 rows)', path: `${base}/user?size=20` },
      { name: 'GET stats/user (30 days, 20 rows)', path: `${base}/user?from=${from}&to=${to}&size=20` },
    ];
    for (const connections of [1, 4])
      for (const p of paths) {
        const opts = { url: `${server.baseURL}${p.path}`, headers, connections };
        if (WARMUP) await measure(`(warm-up) ${p.name}`, { ...opts, duration: WARMUP });
        const f = await measure(`${p.name} ×${connections}`, { ...opts, duration: DURATION });
        results.push({ ...f, url: p.path, connectionsLabel: String(connections) });
      }
  } finally {
    await server.stop();
  }
  raw = await rawBaseline(data.schemeId, smoke ? 1 : 3);
  console.log(`without the pre-aggregated tables (answer_records directly): ${raw.join(', ')} ms`);
} finally {
  if (keepDb || reuseDb) console.log(`kept database ${dbName} (reuse with --reuse-db=${dbName})`);
  else psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}

const out = {
  scenario: 'scheme-stats',
  smoke,
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1m: Number(loadavg()[0].toFixed(2)),
  },
  targets: { p99ms: TARGET_P99_MS, routes: ['stats/answer', 'stats/user'] },
  runs: [
    {
      db: 'postgres',
      schemeId: data?.schemeId ?? null,
      trainings: data?.trainings ?? null,
      answerRecords: data?.answerRecords ?? null,
      generationSeconds: generated && data ? Number(data.seconds.toFixed(1)) : null,
      triggerFoldSeconds: generated && data ? Number(data.foldSeconds.toFixed(1)) : null,
      sample: sample ?? null,
      results,
      withoutPreAggregationMs: raw ?? null,
    },
  ],
};
const dir = join(import.meta.dirname, '../results');
mkdirSync(dir, { recursive: true });
const file = join(dir, smoke ? 'scheme-stats.smoke.json' : 'scheme-stats.json');
// Written as prettier would, so `prettier --check bench` stays clean after a run.
writeFileSync(file, await format(JSON.stringify(out), { ...(await resolveConfig(file)), filepath: file }));
for (const f of results)
  console.log(`${f.p99ms < TARGET_P99_MS ? 'MET   ' : 'MISSED'} p99 ${f.p99ms} ms < ${TARGET_P99_MS} ms: ${f.name}`);
console.log(`written ${file}`);
