// What the knowledge-graph benchmarks share (docs/knowledge-graph.md "Speed"): their arguments, the graph of ITEMS
// items and EDGES prerequisite edges built through the API (bench/scenarios/knowledge-graph.ts times its API reads,
// bench/scenarios/knowledge-graph-browser.ts its pages in chromium), the figures and the machine they ran on.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { call, pool, type Session } from './api.js';

export const DEMO_PASSWORD = 'edu-demo-2026';
export const TARGET_MS = 1000;
/** The bench graph's name: the student finds it as a tab of their graphs, the admin by its id. */
export const GRAPH_NAME = '基准图谱';
/** Each item's dependants lie at most this many items further: a layered DAG like a curriculum. */
const SPAN = 12;

/** `--name=N` from the command line, else `fallback`; a positive integer. */
export function intArg(name: string, fallback: number): number {
  const v = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
}

/** `--name=value` from the command line, else undefined. */
export function stringArg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** `count` distinct pairs i < j (indexes into the items), j − i ≤ SPAN, spread over the whole graph. */
export function edgePairs(items: number, count: number): [number, number][] {
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

export interface BuiltGraph {
  groupId: string;
  items: number;
  edges: number;
  buildSeconds: number;
  edgeInsertMeanMs: number;
}

/**
 * Knowledge points of their own under an English chapter (en.g7, so the demo student — English among their
 * subjects — sees the group), then the group of subject en, its items (unplaced: x/y null) and its edges, each edge
 * through the API's cycle check.
 */
export async function buildGraph(admin: Session, items: number, edges: number): Promise<BuiltGraph> {
  const built = Date.now();
  const chapter = await call<{ code: string }>(admin, 'PUT', '/v1/exam/question/knowledgepoint', {
    request: { parent: 'en.g7', name: '基准图谱章' },
  });
  const codes: string[] = new Array<string>(items);
  await pool(
    Array.from({ length: items }, (_, i) => i),
    8,
    async (i) => {
      const kp = await call<{ code: string }>(admin, 'PUT', '/v1/exam/question/knowledgepoint', {
        request: { parent: chapter.code, name: `基准图谱点 ${i + 1}` },
      });
      codes[i] = kp.code;
    },
  );
  const group = await call<{ id: string }>(admin, 'PUT', '/v1/knowledgraph/group', {
    request: { name: GRAPH_NAME, subjectId: 'en', description: `${items} 个节点、${edges} 条先修关系` },
  });
  const itemIds = new Map<string, string>();
  for (let i = 0; i < items; i += 500) {
    const added = await call<{ id: string; knowledgeCode: string }[]>(
      admin,
      'PUT',
      `/v1/knowledgraph/group/${group.id}/items`,
      { request: { knowledgeCodes: codes.slice(i, i + 500) } },
    );
    for (const it of added) itemIds.set(it.knowledgeCode, it.id);
  }
  const pairs = edgePairs(items, edges);
  const edgeStarted = Date.now();
  await pool(pairs, 4, async ([i, j]) => {
    await call(admin, 'PUT', `/v1/knowledgraph/group/${group.id}/edges`, {
      request: { fromItemId: itemIds.get(codes[i])!, toItemId: itemIds.get(codes[j])! },
    });
  });
  const edgeSeconds = (Date.now() - edgeStarted) / 1000;
  const buildSeconds = Number(((Date.now() - built) / 1000).toFixed(1));
  console.log(`built ${items} items and ${edges} edges in ${buildSeconds} s (edges ${edgeSeconds.toFixed(1)} s)`);
  return {
    groupId: group.id,
    items,
    edges,
    buildSeconds,
    edgeInsertMeanMs: Number(((edgeSeconds * 1000) / edges).toFixed(1)),
  };
}

const round = (x: number) => Number(x.toFixed(1));

/** p50, p99 and max of some timings. */
export function figures(name: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { name, calls: ms.length, p50ms: round(at(0.5)), p99ms: round(at(0.99)), maxms: round(sorted.at(-1)!) };
}

export function machine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage1m: Number(loadavg()[0].toFixed(2)),
  };
}

/** Writes a result as prettier would, so `prettier --check bench` stays clean after a run. */
export async function writeResult(file: string, out: unknown): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await format(JSON.stringify(out), { ...(await resolveConfig(file)), filepath: file }));
  console.log(`written ${file}`);
}
