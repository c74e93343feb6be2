// Foundation benchmark: a no-database route and GET /v1/exam/question/knowledgepoints (10,000 points,
// logged-in user) on PostgreSQL and on PGlite, measured in one run. Writes bench/results/foundation.json.
// Usage: npx tsx bench/scenarios/foundation.ts [--smoke]
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../e2e/support/server-process.js';
import { login } from '../lib/api.js';
import { measure, type Figures } from '../lib/measure.js';
import { generateKnowledgePoints } from '../generators/knowledge-points.js';

const smoke = process.argv.includes('--smoke');
const POINTS = smoke ? 50 : 10_000;
const DURATION = smoke ? 1 : 15;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'edu-demo-2026';

async function runOn(db: 'postgres' | 'pglite'): Promise<{ db: string; points: number; results: Figures[] }> {
  const env: Record<string, string> = { SEED: 'demo', LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES_PER_ADDRESS: '100000' };
  let dropDb: (() => void) | undefined;
  if (db === 'postgres') {
    const name = `edu_bench_${Date.now()}`;
    execSync(`psql "${PG_ADMIN_URL}" -qc "CREATE DATABASE ${name}"`);
    env.DATABASE_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    dropDb = () => execSync(`psql "${PG_ADMIN_URL}" -qc "DROP DATABASE IF EXISTS ${name} WITH (FORCE)"`);
  }
  const server = await startServer(env);
  try {
    const admin = await login(server.baseURL, 'admin', PASSWORD);
    const started = Date.now();
    const points = await generateKnowledgePoints(admin, POINTS);
    console.log(`[${db}] generated ${points} knowledge points in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const student = await login(server.baseURL, 'student', PASSWORD);
    const auth = { Authorization: `Bearer ${student.token}`, 'X-Agency-Id': 'demo' };
    const results = [
      await measure(`[${db}] GET /v1/health (no database)`, {
        url: `${server.baseURL}/v1/health`,
        connections: 50,
        duration: DURATION,
      }),
      await measure(`[${db}] GET knowledgepoints (${POINTS}+ points)`, {
        url: `${server.baseURL}/v1/exam/question/knowledgepoints`,
        connections: 10,
        duration: DURATION,
        headers: auth,
      }),
    ];
    return { db, points, results };
  } finally {
    await server.stop();
    dropDb?.();
  }
}

const runs = [await runOn('postgres'), await runOn('pglite')];
const out = {
  scenario: 'foundation',
  smoke,
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  runs,
};
const dir = join(import.meta.dirname, '../results');
mkdirSync(dir, { recursive: true });
const file = join(dir, smoke ? 'foundation.smoke.json' : 'foundation.json');
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`written ${file}`);
