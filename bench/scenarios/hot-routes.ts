// The hot routes' cost per request (issue 30, item 1; docs/performance.md "The hot routes per request"): the server's
// and the database's CPU time a request, and the rate, of the routes the training bench does not measure — health,
// the password login, the question list, the compact knowledge tree and the spec's knowledge list — each alone under
// the same closed loop, on PostgreSQL (the database's share read from its backends' /proc entries; on PGlite the
// server's figure holds both). The answer and the start are the training bench's (`npm run bench:training`); the
// statements each route sends are counted by apps/server/src/request-path.test.ts.
// Writes bench/results/hot-routes[.pglite].json.
// Usage: npm run bench:hot [-- --smoke] [-- --db=pglite]
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../../e2e/support/server-process.js';
import { openPglite } from '../../apps/server/src/db/pglite.js';
import { cpuSampler } from '../lib/cpu.js';
import { machine, writeResult } from '../lib/knowledge-graph.js';
import { measure, type Figures } from '../lib/measure.js';
import { generateTrainingBench, mintTrainingAccounts, type TrainingAccounts } from '../generators/trainings.js';

const smoke = process.argv.includes('--smoke');
const onPglite = process.argv.includes('--db=pglite');
const DURATION = Number(process.env.BENCH_DURATION ?? (smoke ? 1 : 5));
const ROUNDS = smoke ? 1 : 3;
const CONNECTIONS = 10;
/** A password login hashes with argon2 (tens of ms of CPU): fewer clients, or the loop only queues. */
const LOGIN_CONNECTIONS = 2;
const QUESTIONS = smoke ? 60 : 600;
const PASSWORD = 'edu-demo-2026';
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bench_hot_${Date.now()}`;
const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const psql = (sqlText: string) => execSync(`psql "${PG_ADMIN_URL}" -qc "${sqlText}"`);

const pgliteDir = onPglite ? mkdtempSync(join(tmpdir(), 'edu-bench-hot-')) : undefined;
if (!onPglite) psql(`CREATE DATABASE ${dbName}`);
const serverEnv = { ...(onPglite ? {} : { DATABASE_URL: databaseUrl }), SEED: 'demo', LOG_LEVEL: 'warn' };
// The accounts are written in SQL; PGlite's files belong to the server's process, so there they are written between
// a first start (migrate and seed) and the measured one.
let accounts: TrainingAccounts;
if (pgliteDir) {
  await (await startServer(serverEnv, { dataDir: pgliteDir })).stop();
  const db = await openPglite(pgliteDir);
  accounts = await mintTrainingAccounts(db, 1);
  await db.close();
}
const server = await startServer(serverEnv, { dataDir: pgliteDir });
if (!pgliteDir) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  accounts = await mintTrainingAccounts(c, 1);
  await c.end();
}

type Route = {
  name: string;
  connections: number;
  opts: Omit<Parameters<typeof measure>[1], 'connections' | 'duration'>;
};
type Measured = Figures & { serverCpuMsPerRequest: number | null; databaseCpuMsPerRequest: number | null };
type Figure = 'reqPerSec' | 'p50ms' | 'p99ms' | 'serverCpuMsPerRequest' | 'databaseCpuMsPerRequest';
type Median = { route: string; connections: number; rounds: Partial<Measured>[] } & Record<Figure, number | null>;
const medians: Median[] = [];
try {
  const generation = await generateTrainingBench(server.baseURL, accounts!, { questions: QUESTIONS });
  const student = accounts!.students[0].token;
  const agency = accounts!.agencyToken;
  const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const routes: Route[] = [
    { name: 'GET /v1/health', connections: CONNECTIONS, opts: { url: `${server.baseURL}/v1/health` } },
    {
      name: 'POST /v1/auth/login',
      connections: LOGIN_CONNECTIONS,
      opts: {
        url: `${server.baseURL}/v1/auth/login`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ request: { username: 'student', password: PASSWORD } }),
      },
    },
    {
      name: 'POST /v1/exam/question/list',
      connections: CONNECTIONS,
      opts: {
        url: `${server.baseURL}/v1/exam/question/list?start=0&size=20`,
        method: 'POST',
        headers: { ...json, Authorization: `Bearer ${agency}`, 'X-Agency-Id': 'demo' },
        body: JSON.stringify({ request: { knowledgeIds: [generation.kp] } }),
      },
    },
    {
      name: 'GET /v1/exam/question/knowledgepoints/tree',
      connections: CONNECTIONS,
      opts: {
        url: `${server.baseURL}/v1/exam/question/knowledgepoints/tree`,
        headers: { Accept: 'application/json', 'Accept-Encoding': 'br', Authorization: `Bearer ${student}` },
      },
    },
    {
      name: 'GET /v1/exam/question/knowledgepoints',
      connections: CONNECTIONS,
      opts: {
        url: `${server.baseURL}/v1/exam/question/knowledgepoints`,
        headers: {
          Accept: 'application/json',
          'Accept-Encoding': 'br',
          Authorization: `Bearer ${student}`,
          'X-Agency-Id': 'demo',
        },
      },
    },
  ];
  const cpu = onPglite ? await cpuSampler(server.pid) : await cpuSampler(server.pid, PG_ADMIN_URL, dbName);
  const once = async (route: Route, label: string, duration: number): Promise<Measured> => {
    const before = await cpu.sample();
    const f = await measure(`${label} ${route.name}`, { ...route.opts, connections: route.connections, duration });
    const usage = cpu.perRequest(before, await cpu.sample(), f.requests);
    if (onPglite) usage.databaseCpuMsPerRequest = null;
    if (f.non2xx > 0 || f.errors > 0) throw new Error(`${route.name}: ${f.non2xx} non-2xx, ${f.errors} errors`);
    console.log(
      `${' '.repeat(42)}CPU per request: server ${usage.serverCpuMsPerRequest} ms, database ${usage.databaseCpuMsPerRequest} ms`,
    );
    return { ...f, ...usage };
  };
  for (const route of routes) await once(route, '(warm-up)', 1);
  // The routes take turns, round after round: each route's figure is its median round (the machine's load drifts).
  const rounds = new Map<string, Measured[]>(routes.map((r) => [r.name, []]));
  for (let round = 1; round <= ROUNDS; round++)
    for (const route of routes) rounds.get(route.name)!.push(await once(route, `[${round}/${ROUNDS}]`, DURATION));
  await cpu.close();
  const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [name, runs] of rounds) {
    const of = (k: Figure) => {
      const xs = runs.map((r) => r[k]).filter((x): x is number => x !== null);
      return xs.length ? middle(xs) : null;
    };
    medians.push({
      route: name,
      connections: runs[0].connections,
      reqPerSec: of('reqPerSec'),
      p50ms: of('p50ms'),
      p99ms: of('p99ms'),
      serverCpuMsPerRequest: of('serverCpuMsPerRequest'),
      databaseCpuMsPerRequest: of('databaseCpuMsPerRequest'),
      rounds: runs.map(({ reqPerSec, p99ms, serverCpuMsPerRequest, databaseCpuMsPerRequest }) => ({
        reqPerSec,
        p99ms,
        serverCpuMsPerRequest,
        databaseCpuMsPerRequest,
      })),
    });
  }
} finally {
  await server.stop();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  else psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}

const out = {
  scenario: 'hot-routes',
  smoke,
  date: new Date().toISOString(),
  machine: machine(),
  db: onPglite ? 'pglite' : 'postgres',
  durationSeconds: DURATION,
  rounds: ROUNDS,
  routes: medians,
};
for (const m of medians)
  console.log(
    `${String(m.route).padEnd(45)} ${String(m.reqPerSec).padStart(7)} req/s  p99 ${m.p99ms} ms  server ${m.serverCpuMsPerRequest} ms  database ${m.databaseCpuMsPerRequest} ms`,
  );
await writeResult(
  join(import.meta.dirname, '../results', `hot-routes${smoke ? '.smoke' : ''}${onPglite ? '.pglite' : ''}.json`),
  out,
);
