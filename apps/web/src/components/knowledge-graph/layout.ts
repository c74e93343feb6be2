// Layered layout of a knowledge graph (docs/web.md "Knowledge graph"): dagre, top to bottom, so that every
// prerequisite sits above the items that build on it. Pure over ids and edges; loaded only with the graph pages.
import dagre from '@dagrejs/dagre';

/** The size every node is drawn at (GraphCanvas and the editor draw boxes of this size). */
export const NODE_WIDTH = 150;
export const NODE_HEIGHT = 44;
const RANK_GAP = 70;
const NODE_GAP = 20;
/** The space between the placed nodes and the newly laid out ones on their right. */
const APART = 120;

export interface Point {
  x: number;
  y: number;
}
export interface LayoutNode {
  id: string;
  x: number | null;
  y: number | null;
}
export interface LayoutEdge {
  /** The prerequisite. */
  from: string;
  to: string;
}

/**
 * Graphs above this many items are laid out by `sweepLayout`, not dagre, whose cost grows much faster than the graph
 * (docs/knowledge-graph.md "Speed"): on the benchmark's kind of graph (2.5 edges an item, each to one of the next 12)
 * it took 0.36 s for 100 items, 0.85 s for 300 and 74 s for 2,000; `sweepLayout` takes milliseconds.
 */
export const DAGRE_MAX_NODES = 100;

/**
 * Top-left corners of every node, in layers (a prerequisite's rank above its dependants'): dagre (rankdir TB) up
 * to DAGRE_MAX_NODES items, `sweepLayout` beyond.
 */
export function layeredLayout(ids: readonly string[], edges: readonly LayoutEdge[]): Map<string, Point> {
  return ids.length > DAGRE_MAX_NODES ? sweepLayout(ids, edges) : dagreLayout(ids, edges);
}

function dagreLayout(ids: readonly string[], edges: readonly LayoutEdge[]): Map<string, Point> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'TB', ranksep: RANK_GAP, nodesep: NODE_GAP, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  const known = new Set(ids);
  for (const id of ids) g.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) if (known.has(e.from) && known.has(e.to) && e.from !== e.to) g.setEdge(e.from, e.to);
  dagre.layout(g);
  const out = new Map<string, Point>();
  for (const id of ids) {
    const n = g.node(id) as Point;
    // dagre gives centres; React Flow places nodes by their top-left corner.
    out.set(id, { x: Math.round(n.x - NODE_WIDTH / 2), y: Math.round(n.y - NODE_HEIGHT / 2) });
  }
  return out;
}

/**
 * The layered layout of a large graph in a few milliseconds (docs/knowledge-graph.md "Speed"), the same shape as
 * dagre's without its costly steps: ranks by longest path from the items without prerequisites (every item a rank
 * below all its prerequisites), each item then pulled down to just above its nearest dependant; the order within a
 * rank by barycentre sweeps (each item towards the mean place of its prerequisites, then of its dependants; four
 * rounds), which keeps most arrows short and uncrossed; each rank centred, nodes NODE_GAP apart. Linear in the
 * edges per sweep, plus a sort of each rank.
 */
export function sweepLayout(ids: readonly string[], edges: readonly LayoutEdge[]): Map<string, Point> {
  const n = ids.length;
  const index = new Map(ids.map((id, i) => [id, i]));
  const preds: number[][] = Array.from({ length: n }, () => []);
  const succs: number[][] = Array.from({ length: n }, () => []);
  const waiting = new Int32Array(n);
  for (const e of edges) {
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a === undefined || b === undefined || a === b) continue;
    preds[b].push(a);
    succs[a].push(b);
    waiting[b] += 1;
  }
  // Topological order (Kahn); items of a cycle, which the server refuses, come last in their input order.
  const topo: number[] = [];
  for (let i = 0; i < n; i++) if (waiting[i] === 0) topo.push(i);
  for (let k = 0; k < topo.length; k++) for (const s of succs[topo[k]]) if (--waiting[s] === 0) topo.push(s);
  if (topo.length < n) for (let i = 0; i < n; i++) if (waiting[i] > 0) topo.push(i);
  const at = new Int32Array(n).fill(-1);
  topo.forEach((v, k) => (at[v] = k));
  const rank = new Int32Array(n);
  for (const v of topo) for (const p of preds[v]) if (at[p] < at[v]) rank[v] = Math.max(rank[v], rank[p] + 1);
  // Pull each item with dependants down to just above the first of them (its prerequisites stay above it).
  for (let k = topo.length - 1; k >= 0; k--) {
    const v = topo[k];
    let below = Infinity;
    for (const s of succs[v]) if (at[s] > at[v]) below = Math.min(below, rank[s]);
    if (below !== Infinity) rank[v] = Math.max(rank[v], below - 1);
  }
  let ranks = 0;
  for (let i = 0; i < n; i++) ranks = Math.max(ranks, rank[i] + 1);
  const layers: number[][] = Array.from({ length: ranks }, () => []);
  for (const v of topo) layers[rank[v]].push(v);
  // Crossings reduced by barycentre sweeps, down then up, centred positions compared across ranks.
  const pos = new Float64Array(n);
  const place = (layer: number[]) => layer.forEach((v, i) => (pos[v] = i - (layer.length - 1) / 2));
  layers.forEach(place);
  const key = new Float64Array(n);
  const sweep = (order: number[][], near: number[][]) => {
    for (const layer of order) {
      for (const v of layer) {
        const list = near[v];
        if (list.length === 0) key[v] = pos[v];
        else {
          let sum = 0;
          for (const u of list) sum += pos[u];
          key[v] = sum / list.length;
        }
      }
      layer.sort((a, b) => key[a] - key[b] || pos[a] - pos[b]);
      place(layer);
    }
  };
  const reversed = [...layers].reverse();
  for (let round = 0; round < 4; round++) {
    sweep(layers, preds);
    sweep(reversed, succs);
  }
  sweep(layers, preds);
  const out = new Map<string, Point>();
  let minX = Infinity;
  for (let i = 0; i < n; i++) minX = Math.min(minX, pos[i]);
  for (let i = 0; i < n; i++)
    out.set(ids[i], {
      x: Math.round((pos[i] - minX) * (NODE_WIDTH + NODE_GAP)),
      y: rank[i] * (NODE_HEIGHT + RANK_GAP),
    });
  return out;
}

/**
 * Positions for the nodes whose x/y are null (not placed yet), keeping the placed ones where they are: all
 * unplaced → the layered layout of the whole graph; some → their places in the layered layout of the whole graph,
 * moved right of the placed nodes so that nothing overlaps. Only the unplaced nodes are in the answer.
 */
export function placeUnplaced(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Map<string, Point> {
  const unplaced = nodes.filter((n) => n.x === null || n.y === null);
  if (unplaced.length === 0) return new Map();
  const all = layeredLayout(
    nodes.map((n) => n.id),
    edges,
  );
  const placed = nodes.filter((n) => n.x !== null && n.y !== null);
  if (placed.length === 0) return all;
  const right = Math.max(...placed.map((n) => n.x as number)) + NODE_WIDTH + APART;
  const left = Math.min(...unplaced.map((n) => all.get(n.id)!.x));
  const top = Math.min(...placed.map((n) => n.y as number));
  const out = new Map<string, Point>();
  for (const n of unplaced) {
    const p = all.get(n.id)!;
    out.set(n.id, { x: p.x - left + right, y: p.y + top });
  }
  return out;
}

/** Every node's position: its own when placed, else the one `placeUnplaced` gives it. */
export function positionsOf(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Map<string, Point> {
  const added = placeUnplaced(nodes, edges);
  const out = new Map<string, Point>();
  for (const n of nodes) out.set(n.id, n.x !== null && n.y !== null ? { x: n.x, y: n.y } : added.get(n.id)!);
  return out;
}
