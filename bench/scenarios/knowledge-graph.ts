// Knowledge-graph benchmark (issue 20, item 6; docs/knowledge-graph.md "Speed"): on PGlite, a group of 2,000 items
// and 5,000 prerequisite edges built through the API (every edge through the cycle check), then 20 sequential calls
// of the editor's read (GET /v1/knowledgraph/group/:id) and of the student's graphs (GET /v1/student/knowledgegraph,
// the demo student sees the group with the seeded ones). Writes bench/results/knowledge-graph.json.
// Usage: npx tsx bench/scenarios/knowledge-graph.ts [--items=2000] [--edges=5000] [--calls=20]
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { startServer } from '../../e2e/support/server-process.js';
import { call, login, pool, type Session } from '../lib/api.js';

const arg = (name: string, fallback: number) => {
  const v = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const ITEMS = arg('items', 2000);
const EDGES = arg('edges', 5000);
const CALLS = arg('calls', 20);
const TARGET_MS = 1000;
const PASSWORD = 'edu-demo-2026';
/** Each item's dependants lie at most this many items further: a layered DAG like a curriculum. */
const SPAN = 12;

/** `count` distinct pairs i < j (indexes into the items), j − i ≤ SPAN, spread over the whole graph. */
function edgePairs(items: number, count: number): [number, number][] {
  const max = Array.from({ length: items }, (_, i) => Math.min(SPAN, items - 1 - i)).reduce((a, b) => a + b, 0);
  if (count > max) throw new Error(`${count} edges do not fit ${items} items with span ${SPAN} (at most ${max})`);
  const out: [number, number][] = [];
  const seen = new Set<string>();
  let seed = 20;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  while (out.length < count) {
    const i = Math.floor(random() * (items - 1));
    const j = i + 1 + Math.floor(random() * Math.min(SPAN, items - 1 - i));
    const key = `${i}:${j}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([i, j]);
  }
  return out;
}

function figures(name: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (x: number) => Number(x.toFixed(1));
  return { name, calls: ms.length, p50ms: round(at(0.5)), p99ms: round(at(0.99)), maxms: round(sorted.at(-1)!) };
}

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
  const admin = await login(server.baseURL, 'admin', PASSWORD);
  const student = await login(server.baseURL, 'student', PASSWORD);
  const built = Date.now();
  // Knowledge points of their own under an English chapter, then the group, its items and its edges.
  const chapter = await call<{ code: string }>(admin, 'PUT', '/v1/exam/question/knowledgepoint', {
    request: { parent: 'en.g7', name: '基准图谱章' },
  });
  const codes: string[] = new Array<string>(ITEMS);
  await pool(
    Array.from({ length: ITEMS }, (_, i) => i),
    8,
    async (i) => {
      const kp = await call<{ code: string }>(admin, 'PUT', '/v1/exam/question/knowledgepoint', {
        request: { parent: chapter.code, name: `基准图谱点 ${i + 1}` },
      });
      codes[i] = kp.code;
    },
  );
  const group = await call<{ id: string }>(admin, 'PUT', '/v1/knowledgraph/group', {
    request: { name: '基准图谱', subjectId: 'en', description: `${ITEMS} 个节点、${EDGES} 条先修关系` },
  });
  const itemIds = new Map<string, string>();
  for (let i = 0; i < ITEMS; i += 500) {
    const added = await call<{ id: string; knowledgeCode: string }[]>(
      admin,
      'PUT',
      `/v1/knowledgraph/group/${group.id}/items`,
      { request: { knowledgeCodes: codes.slice(i, i + 500) } },
    );
    for (const it of added) itemIds.set(it.knowledgeCode, it.id);
  }
  const pairs = edgePairs(ITEMS, EDGES);
  const edgeStarted = Date.now();
  await pool(pairs, 4, async ([i, j]) => {
    await call(admin, 'PUT', `/v1/knowledgraph/group/${group.id}/edges`, {
      request: { fromItemId: itemIds.get(codes[i])!, toItemId: itemIds.get(codes[j])! },
    });
  });
  const edgeSeconds = (Date.now() - edgeStarted) / 1000;
  const buildSeconds = Number(((Date.now() - built) / 1000).toFixed(1));
  console.log(`built ${ITEMS} items and ${EDGES} edges in ${buildSeconds} s (edges ${edgeSeconds.toFixed(1)} s)`);

  const runs = [];
  for (const run of [
    {
      name: 'GET /v1/knowledgraph/group/:id',
      session: admin,
      path: `/v1/knowledgraph/group/${group.id}`,
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
    edgeInsertMeanMs: Number(((edgeSeconds * 1000) / EDGES).toFixed(1)),
    buildSeconds,
    targetMs: TARGET_MS,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverage1m: Number(loadavg()[0].toFixed(2)),
    },
    runs,
  };
} finally {
  await server.stop();
}
const dir = join(import.meta.dirname, '../results');
const small = ITEMS !== 2000 || EDGES !== 5000;
const file = join(dir, small ? 'knowledge-graph.small.json' : 'knowledge-graph.json');
mkdirSync(dir, { recursive: true });
// Written as prettier would, so `prettier --check bench` stays clean after a run.
writeFileSync(file, await format(JSON.stringify(out), { ...(await resolveConfig(file)), filepath: file }));
console.log(`written ${file}`);
