// Question bank benchmark (issue 3, item 8): 100,000 questions over 20 agencies on PostgreSQL; in the
// largest agency, the paged list over a knowledge subtree and the selector match, beside the
// no-database health route, at 50 connections. Writes bench/results/question-bank.json.
// Usage: npx tsx bench/scenarios/question-bank.ts [--smoke] [--keep-db] [--reuse-db=NAME]
//   --smoke          tiny bank, 1 s per measurement (question-bank.smoke.json)
//   --keep-db        keep the generated database (its name is printed) instead of dropping it
//   --reuse-db=NAME  measure on a database generated (and kept) by an earlier run; nothing is generated
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { startServer } from '../../e2e/support/server-process.js';
import { call, login } from '../lib/api.js';
import { measure, type Figures } from '../lib/measure.js';
import { FULL_SIZE, generateQuestionBank, LARGEST_AGENCY, SMOKE_SIZE } from '../generators/questions.js';

const smoke = process.argv.includes('--smoke');
const keepDb = process.argv.includes('--keep-db');
const reuseDb = process.argv.find((a) => a.startsWith('--reuse-db='))?.slice('--reuse-db='.length);
const SIZE = smoke ? SMOKE_SIZE : FULL_SIZE;
const DURATION = smoke ? 1 : 15;
const WARMUP = smoke ? 0 : 3;
const CONNECTIONS = 50;
const PAGE_SIZE = 20;
const PAGES = 5; // `start` varies over the first pages
const TARGET_P99_MS = 50;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'edu-demo-2026';

const psql = (sqlText: string) => execSync(`psql "${PG_ADMIN_URL}" -qc "${sqlText}"`);
const dbName = reuseDb ?? `edu_bench_qb_${Date.now()}`;
if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error(`bad database name ${dbName}`);
const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const serverEnv = {
  DATABASE_URL: databaseUrl,
  SEED: 'demo',
  LOG_LEVEL: 'warn',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
};

/** The grade (mid-level) code of the largest agency whose subtree holds closest to `want` active questions. */
async function pickSubtree(want: number): Promise<{ code: string; questions: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ code: string; n: string }>(
      `select split_part(knowledge_code, '.', 1) || '.' || split_part(knowledge_code, '.', 2) as code, count(*) as n
         from questions where agency_id = $1 and status = 'active' and knowledge_code ~ '^s[0-9]+\\.'
        group by 1`,
      [LARGEST_AGENCY],
    );
    const best = rows
      .map((r) => ({ code: r.code, questions: Number(r.n) }))
      .sort((a, b) => Math.abs(a.questions - want) - Math.abs(b.questions - want))[0];
    if (!best) throw new Error('no generated questions found');
    return best;
  } finally {
    await client.end();
  }
}

interface Setup {
  label: string;
  env: Record<string, string>;
  withHealth: boolean;
}
/**
 * As shipped (the per-process page, id-list, session and subscription caches on: docs/performance.md); with
 * the serialised pages off (every page read from the database by its cached ids); then with every cache off —
 * what a page costs when nothing can be reused.
 */
const SETUPS: Setup[] = [
  { label: 'default', env: {}, withHealth: true },
  { label: 'page cache off', env: { PAGE_CACHE_MB: '0' }, withHealth: false },
  {
    label: 'caches off',
    env: { PAGE_CACHE_MB: '0', LIST_CACHE_ENTRIES: '0', READ_CACHE_SECONDS: '0' },
    withHealth: false,
  },
];
type Result = Figures & { setup: string };

async function measureSetup(setup: Setup, subtree: { code: string; questions: number }) {
  const server = await startServer({ ...serverEnv, ...setup.env });
  try {
    const admin = await login(server.baseURL, 'agency', PASSWORD, LARGEST_AGENCY);
    const headers = {
      Authorization: `Bearer ${admin.token}`,
      'X-Agency-Id': LARGEST_AGENCY,
      'Content-Type': 'application/json',
    };
    const listBody = JSON.stringify({ request: { knowledgeIds: [subtree.code], orderBy: '-lastUpdate' } });
    const matchBody = JSON.stringify({
      request: {
        selectors: { types: ['singleChoice', 'multipleChoice', 'fillBlank'], tags: ['example', '易错题'] },
        knowledgeIds: [subtree.code],
      },
    });
    // Sanity: both answer, with what totals.
    const list = await call<{ total: unknown; list: unknown[] }>(
      admin,
      'POST',
      `/v1/exam/question/list?start=0&size=${PAGE_SIZE}`,
      JSON.parse(listBody),
    );
    const match = await call<{ total: unknown; list: unknown[] }>(
      admin,
      'POST',
      `/v1/exam/question/match/selectors?start=0&size=${PAGE_SIZE}`,
      JSON.parse(matchBody),
    );
    listTotal = list.total;
    matchTotal = match.total;
    console.log(
      `subtree ${subtree.code}: ${subtree.questions} questions of ${LARGEST_AGENCY}; list total ${String(list.total)}, match total ${String(match.total)}`,
    );

    // Each request asks for one of the first pages, in turn.
    let n = 0;
    const paged = (path: string, body: string) => [
      {
        method: 'POST' as const,
        body,
        setupRequest: (req: object) => ({
          ...req,
          path: `${path}?start=${(n++ % PAGES) * PAGE_SIZE}&size=${PAGE_SIZE}`,
        }),
      },
    ];
    const runs = [
      ...(setup.withHealth
        ? [{ name: 'GET /v1/health (no database)', opts: { url: `${server.baseURL}/v1/health` } }]
        : []),
      {
        name: `POST question/list (subtree ${subtree.code}, pages 1-${PAGES})`,
        opts: {
          url: `${server.baseURL}/v1/exam/question/list`,
          method: 'POST' as const,
          headers,
          requests: paged('/v1/exam/question/list', listBody),
        },
      },
      {
        name: `POST question/match/selectors (types+tags, ${subtree.code})`,
        opts: {
          url: `${server.baseURL}/v1/exam/question/match/selectors`,
          method: 'POST' as const,
          headers,
          requests: paged('/v1/exam/question/match/selectors', matchBody),
        },
      },
    ];
    for (const run of runs) {
      if (WARMUP) await measure(`(warm-up) ${run.name}`, { ...run.opts, connections: CONNECTIONS, duration: WARMUP });
      const figures = await measure(`${run.name} [${setup.label}]`, {
        ...run.opts,
        connections: CONNECTIONS,
        duration: DURATION,
      });
      results.push({ ...figures, setup: setup.label });
    }
  } finally {
    await server.stop();
  }
}

let generation: Awaited<ReturnType<typeof generateQuestionBank>> | null = null;
if (!reuseDb) {
  psql(`CREATE DATABASE ${dbName}`);
  console.log(`database ${dbName}`);
}
const results: Result[] = [];
let subtree: { code: string; questions: number } | undefined;
let listTotal: unknown;
let matchTotal: unknown;
try {
  if (!reuseDb) {
    // First start: migrations and the demo seed; then the bulk load straight into the database.
    const first = await startServer(serverEnv);
    await first.stop();
    generation = await generateQuestionBank(databaseUrl, SIZE);
    console.log(
      `generated ${generation.questions} questions over ${Object.keys(generation.perAgency).length} agencies ` +
        `(largest ${LARGEST_AGENCY}: ${generation.perAgency[LARGEST_AGENCY]}), ${generation.knowledgePoints} knowledge points, ` +
        `in ${generation.seconds.toFixed(1)} s`,
    );
  }
  subtree = await pickSubtree(smoke ? 200 : 3000);
  for (const setup of SETUPS) await measureSetup(setup, subtree);
} finally {
  if (keepDb || reuseDb) console.log(`kept database ${dbName} (reuse with --reuse-db=${dbName})`);
  else psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}

const out = {
  scenario: 'question-bank',
  smoke,
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1m: Number(loadavg()[0].toFixed(2)),
  },
  targets: { p99ms: TARGET_P99_MS, routes: ['question/list', 'question/match/selectors'] },
  runs: [
    {
      db: 'postgres',
      questions: generation?.questions ?? null,
      perAgency: generation?.perAgency ?? null,
      knowledgePoints: generation?.knowledgePoints ?? null,
      generationSeconds: generation ? Number(generation.seconds.toFixed(1)) : null,
      agency: LARGEST_AGENCY,
      subtree,
      listTotal,
      matchTotal,
      results,
    },
  ],
};
const dir = join(import.meta.dirname, '../results');
mkdirSync(dir, { recursive: true });
const file = join(dir, smoke ? 'question-bank.smoke.json' : 'question-bank.json');
// Written as prettier would, so `prettier --check bench` stays clean after a run.
writeFileSync(file, await format(JSON.stringify(out), { ...(await resolveConfig(file)), filepath: file }));
for (const f of results.filter((r) => !r.url.endsWith('/health')))
  console.log(`${f.p99ms < TARGET_P99_MS ? 'MET   ' : 'MISSED'} p99 ${f.p99ms} ms < ${TARGET_P99_MS} ms: ${f.name}`);
console.log(`written ${file}`);
