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

/** Top-left corners of every node by dagre (rankdir TB: a prerequisite's rank is above its dependants'). */
export function layeredLayout(ids: readonly string[], edges: readonly LayoutEdge[]): Map<string, Point> {
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
