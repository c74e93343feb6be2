// Pure rules of knowledge graphs (docs/knowledge-graph.md): the cycle an edge would close, and each node's state for
// a student from the mastery levels of its point and of its prerequisites.
import type { GraphNodeState } from '@edu/contract';

export interface Arc {
  fromItemId: number;
  toItemId: number;
}

/**
 * The path `to → … → from` over the edges, when there is one: adding `from → to` would close it into a cycle.
 * Iterative depth-first search (a graph has at most GRAPH_MAX_EDGES edges: no recursion depth to fear).
 */
export function pathBetween(edges: readonly Arc[], to: number, from: number): number[] | null {
  const next = new Map<number, number[]>();
  for (const e of edges) {
    const list = next.get(e.fromItemId);
    if (list) list.push(e.toItemId);
    else next.set(e.fromItemId, [e.toItemId]);
  }
  const parent = new Map<number, number>([[to, to]]);
  const stack = [to];
  while (stack.length) {
    const node = stack.pop()!;
    if (node === from) {
      const path = [node];
      let at = node;
      while (at !== to) path.push((at = parent.get(at)!));
      return path.reverse();
    }
    for (const n of next.get(node) ?? [])
      if (!parent.has(n)) {
        parent.set(n, node);
        stack.push(n);
      }
  }
  return null;
}

/**
 * mastered; ready = not mastered and every prerequisite mastered (no prerequisite: ready); learning = trained
 * with some prerequisite not mastered; locked = untrained with some prerequisite not mastered.
 */
export function nodeState(mastered: boolean, trained: boolean, prerequisitesMastered: boolean): GraphNodeState {
  if (mastered) return 'mastered';
  if (prerequisitesMastered) return 'ready';
  return trained ? 'learning' : 'locked';
}

/** The prerequisites (item ids) of every item. */
export function prerequisitesOf(edges: readonly Arc[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const e of edges) {
    const list = out.get(e.toItemId);
    if (list) list.push(e.fromItemId);
    else out.set(e.toItemId, [e.fromItemId]);
  }
  return out;
}
