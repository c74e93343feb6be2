// Knowledge-graph benchmark (issue 20, item 6; docs/knowledge-graph.md "Speed"): on PGlite, a group of 2,000 items
// and 5,000 prerequisite edges built through the API (every edge through the cycle check), then 20 sequential calls
// of the editor's read (GET /v1/knowledgraph/group/:id) and of the student's graphs (GET /v1/student/knowledgegraph,
// the demo student sees the group with the seeded ones). Writes bench/results/knowledge-graph.json. The pages
// themselves, drawn in chromium: bench/scenarios/knowledge-graph-browser.ts.
// Usage: npx tsx bench/scenarios/knowledge-graph.ts [--items=2000] [--edges=5000] [--calls=20]
import { join } from 'node:path';
import { startServer } from '../../e2e/support/server-process.js';
import { login, type Session } from '../lib/api.js';
import { buildGraph, DEMO_PASSWORD, figures, intArg, machine, TARGET_MS, writeResult } from '../lib/knowledge-graph.js';

const ITEMS = intArg('items', 2000);
const EDGES = intArg('edges', 5000);
const CALLS = intArg('calls', 20);

async function timed(s: Session, path: string, agency: boolean): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const r = await fetch(`${s.baseURL}${path}`, {
    headers: {
      Authorization: `Bearer ${s.token}`,
      'Accept-Encoding': 'gzip, deflate, br',
      ...(agency ? { 'X-Agency-Id': s.agencyId } : {}),
    },
  });
  const body = await r.arrayBuffer();
  const ms = performance.now() - started;
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
  return { ms, bytes: body.byteLength };
}

const server = await startServer({ SEED: 'demo', LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES_PER_ADDRESS: '100000' });
let out: Record<string, unknown>;
try {
  const admin = await login(server.baseURL, 'admin', DEMO_PASSWORD);
  const student = await login(server.baseURL, 'student', DEMO_PASSWORD);
  const { groupId, buildSeconds, edgeInsertMeanMs } = await buildGraph(admin, ITEMS, EDGES);

  const runs = [];
  for (const run of [
    {
      name: 'GET /v1/knowledgraph/group/:id',
      session: admin,
      path: `/v1/knowledgraph/group/${groupId}`,
      agency: false,
    },
    { name: 'GET /v1/student/knowledgegraph', session: student, path: '/v1/student/knowledgegraph', agency: true },
  ]) {
    await timed(run.session, run.path, run.agency); // warm-up
    const ms: number[] = [];
    let bytes = 0;
    for (let n = 0; n < CALLS; n++) {
      const r = await timed(run.session, run.path, run.agency);
      ms.push(r.ms);
      bytes = r.bytes;
    }
    const f = { ...figures(run.name, ms), compressedBytes: bytes, met: figures(run.name, ms).p99ms < TARGET_MS };
    console.log(`${f.met ? 'MET   ' : 'MISSED'} p50 ${f.p50ms} ms, p99 ${f.p99ms} ms < ${TARGET_MS} ms: ${run.name}`);
    runs.push(f);
  }
  out = {
    scenario: 'knowledge-graph',
    date: new Date().toISOString(),
    database: 'pglite',
    items: ITEMS,
    edges: EDGES,
    edgeInsertMeanMs,
    buildSeconds,
    targetMs: TARGET_MS,
    machine: machine(),
    runs,
  };
} finally {
  await server.stop();
}
const small = ITEMS !== 2000 || EDGES !== 5000;
await writeResult(
  join(import.meta.dirname, '../results', small ? 'knowledge-graph.small.json' : 'knowledge-graph.json'),
  out,
);
