// Knowledge-tree benchmark (issue 17, item 7): 10,000 points on PostgreSQL and on PGlite, ten clients at
// once, a browser's Accept-Encoding. Measures the web's compact tree (cached, then with the caches off: every
// request reads the database), its revalidation (If-None-Match → 304), the spec's own list and its revalidation
// (issue 30: p99 < 150 ms on either database), and records the body sizes. Writes
// bench/results/knowledge-tree.json (docs/performance.md "Knowledge tree").
// Usage: npx tsx bench/scenarios/knowledge-tree.ts [--smoke] [--only=postgres|pglite]
//   --only  measure one database and keep the other's run from the existing results file
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { format, resolveConfig } from 'prettier';
import { startServer } from '../../e2e/support/server-process.js';
import { login, type Session } from '../lib/api.js';
import { measure, type Figures } from '../lib/measure.js';
import { generateKnowledgePoints } from '../generators/knowledge-points.js';

const smoke = process.argv.includes('--smoke');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const POINTS = smoke ? 50 : 10_000;
const DURATION = smoke ? 1 : 10;
const CLIENTS = 10;
const TARGET_P99_MS = { postgres: 50, pglite: 150 } as const;
/** The spec's own list (issue 30): on either database, under the same ten clients. */
const SPEC_TARGET_P99_MS = 150;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'edu-demo-2026';
const TREE = '/v1/exam/question/knowledgepoints/tree';
const SPEC = '/v1/exam/question/knowledgepoints';

type Db = keyof typeof TARGET_P99_MS;
type Result = Figures & {
  route: 'tree' | 'tree 304' | 'spec' | 'spec 304';
  setup: string;
  met?: boolean;
  targetP99ms?: number;
};

interface BodySizes {
  bytes: number;
  brotli: number;
}

/** The raw body size and what brotli makes of it (the server's quality 4 is within a few % of this). */
async function bodySizes(s: Session, path: string): Promise<BodySizes & { etag: string | null }> {
  const r = await fetch(`${s.baseURL}${path}`, {
    headers: { Authorization: `Bearer ${s.token}`, 'X-Agency-Id': s.agencyId },
  });
  const body = Buffer.from(await r.arrayBuffer());
  return { bytes: body.length, brotli: brotliCompressSync(body).length, etag: r.headers.get('etag') };
}

async function runOn(db: Db) {
  const env: Record<string, string> = { SEED: 'demo', LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES_PER_ADDRESS: '100000' };
  let dropDb: (() => void) | undefined;
  if (db === 'postgres') {
    const name = `edu_bench_kt_${Date.now()}`;
    execSync(`psql "${PG_ADMIN_URL}" -qc "CREATE DATABASE ${name}"`);
    env.DATABASE_URL = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    dropDb = () => execSync(`psql "${PG_ADMIN_URL}" -qc "DROP DATABASE IF EXISTS ${name} WITH (FORCE)"`);
  }
  const dataDir = db === 'pglite' ? execSync('mktemp -d').toString().trim() : undefined;
  const results: Result[] = [];
  let points: number;
  let generationSeconds: number;
  let sizes: { tree: BodySizes; spec: BodySizes } | undefined;
  try {
    // Generated once; the setups below restart the server on the same database.
    const first = await startServer(env, { dataDir });
    try {
      const started = Date.now();
      points = await generateKnowledgePoints(await login(first.baseURL, 'admin', PASSWORD), POINTS);
      generationSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
      console.log(`[${db}] generated ${points} knowledge points in ${generationSeconds} s`);
    } finally {
      await first.stop();
    }
    // Caches off: every request reads the tree from the database; sent uncompressed, since compressing is
    // done once per change of the tree, not per request, in the default setup.
    for (const setup of [
      { label: 'default', env: {} as Record<string, string>, compressed: true },
      { label: 'caches off', env: { READ_CACHE_SECONDS: '0' }, compressed: false },
    ]) {
      const server = await startServer({ ...env, ...setup.env }, { dataDir });
      try {
        const student = await login(server.baseURL, 'student', PASSWORD);
        const headers: Record<string, string> = {
          Authorization: `Bearer ${student.token}`,
          'X-Agency-Id': 'demo',
          ...(setup.compressed ? { 'Accept-Encoding': 'gzip, deflate, br' } : {}),
        };
        const tree = await bodySizes(student, TREE);
        // The spec's list is measured in the default setup only (its cache is what issue 30 asked for).
        const spec = setup.label === 'default' ? await bodySizes(student, SPEC) : null;
        if (spec) sizes ??= { tree, spec };
        const runs: { route: Result['route']; path: string; headers: Record<string, string> }[] = [
          { route: 'tree', path: TREE, headers },
          ...(setup.label === 'default'
            ? [
                { route: 'tree 304' as const, path: TREE, headers: { ...headers, 'If-None-Match': tree.etag ?? '' } },
                { route: 'spec' as const, path: SPEC, headers },
                { route: 'spec 304' as const, path: SPEC, headers: { ...headers, 'If-None-Match': spec?.etag ?? '' } },
              ]
            : []),
        ];
        for (const run of runs) {
          const url = `${server.baseURL}${run.path}`;
          if (!smoke) await measure('(warm-up)', { url, connections: CLIENTS, duration: 2, headers: run.headers });
          const f = await measure(`[${db}] ${run.route} [${setup.label}]`, {
            url,
            connections: CLIENTS,
            duration: DURATION,
            headers: run.headers,
          });
          const target = run.route.startsWith('spec') ? SPEC_TARGET_P99_MS : TARGET_P99_MS[db];
          results.push({ ...f, route: run.route, setup: setup.label, met: f.p99ms < target, targetP99ms: target });
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    dropDb?.();
    if (dataDir) execSync(`rm -rf "${dataDir}"`);
  }
  return { db, points, generationSeconds, targetP99ms: TARGET_P99_MS[db], sizes, results };
}

const dir = join(import.meta.dirname, '../results');
const file = join(dir, smoke ? 'knowledge-tree.smoke.json' : 'knowledge-tree.json');
type Run = Awaited<ReturnType<typeof runOn>>;
const previous = (
  only && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { runs: Run[] }).runs : []
).filter((r) => r.db !== only);
const loadBefore = Number(loadavg()[0].toFixed(2));
const dbs: Db[] = only === 'postgres' || only === 'pglite' ? [only] : ['postgres', 'pglite'];
const measured: Run[] = [];
for (const db of dbs) measured.push(await runOn(db));
const runs = [...measured, ...previous].sort((a, b) => a.db.localeCompare(b.db)).reverse();
const out = {
  scenario: 'knowledge-tree',
  smoke,
  date: new Date().toISOString(),
  measured: dbs,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1m: { before: loadBefore, after: Number(loadavg()[0].toFixed(2)) },
  },
  clients: CLIENTS,
  // 304s are revalidations answered as intended; autocannon counts them in non2xx.
  notes: 'tree 304: non2xx counts the 304 answers',
  runs,
};
mkdirSync(dir, { recursive: true });
// Written as prettier would, so `prettier --check bench` stays clean after a run.
writeFileSync(file, await format(JSON.stringify(out), { ...(await resolveConfig(file)), filepath: file }));
for (const r of runs)
  for (const f of r.results.filter((x) => x.met !== undefined))
    console.log(`${f.met ? 'MET   ' : 'MISSED'} p99 ${f.p99ms} ms < ${f.targetP99ms ?? r.targetP99ms} ms: ${f.name}`);
console.log(`written ${file}`);
