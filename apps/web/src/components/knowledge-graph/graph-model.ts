// What the student's graph views read of a StudentGraph: items by state (in STATE_ORDER), each item's
// prerequisites and dependants by name. Linear in the graph's size, for graphs of thousands of items
// (docs/knowledge-graph.md "Speed").
import type { GraphPracticeMode, StudentGraph, StudentGraphNode } from '@edu/contract';
import { STATE_ORDER, type GraphNodeState } from './states';

/** One collator for every comparison: `localeCompare(b, 'zh-CN')` looks the locale up again at each call. */
const byName = new Intl.Collator('zh-CN').compare;

export function byState(graph: StudentGraph): { state: GraphNodeState; nodes: StudentGraphNode[] }[] {
  return STATE_ORDER.map((state) => ({
    state,
    nodes: graph.nodes.filter((n) => n.state === state).sort((a, b) => byName(a.knowledgeName, b.knowledgeName)),
  }));
}

/** How many items are in each state (the legend's counts), without sorting them. */
export function stateCounts(graph: StudentGraph): Record<GraphNodeState, number> {
  const out = Object.fromEntries(STATE_ORDER.map((s) => [s, 0])) as Record<GraphNodeState, number>;
  for (const n of graph.nodes) out[n.state] += 1;
  return out;
}

export interface Neighbours {
  needs: StudentGraphNode[];
  unlocks: StudentGraphNode[];
}

/** Every item's prerequisites (`needs`) and the items it unlocks, read once over the edges. */
export function neighbourIndex(graph: StudentGraph): (id: string) => Neighbours {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const index = new Map<string, Neighbours>();
  const at = (id: string) => {
    let n = index.get(id);
    if (!n) index.set(id, (n = { needs: [], unlocks: [] }));
    return n;
  };
  for (const e of graph.edges) {
    const from = byId.get(e.fromItemId);
    const to = byId.get(e.toItemId);
    if (from && to) {
      at(e.toItemId).needs.push(from);
      at(e.fromItemId).unlocks.push(to);
    }
  }
  return (id) => index.get(id) ?? { needs: [], unlocks: [] };
}

/** The names of an item's prerequisites (`needs`) and of the items it unlocks. */
export function neighbours(graph: StudentGraph, id: string): Neighbours {
  return neighbourIndex(graph)(id);
}

/** The student starts a practice or a mastery check (掌握测验) of an item. */
export type Practise = (n: StudentGraphNode, mode: GraphPracticeMode) => void;

/** Which of an item's buttons waits for its training: one key per point and kind. */
export const practiceKey = (code: string, mode: GraphPracticeMode) => `${mode}:${code}`;

/** Ready and learning items can be practised from the graph. */
export const canPractise = (n: Pick<StudentGraphNode, 'state'>) => n.state === 'ready' || n.state === 'learning';
