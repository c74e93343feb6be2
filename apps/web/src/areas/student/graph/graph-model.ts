// What the student's graph views read of a StudentGraph: items by state (in STATE_ORDER), each item's
// prerequisites and dependants by name.
import type { StudentGraph, StudentGraphNode } from '@edu/contract';
import { STATE_ORDER, type GraphNodeState } from '../../../components/knowledge-graph/states';

export function byState(graph: StudentGraph): { state: GraphNodeState; nodes: StudentGraphNode[] }[] {
  return STATE_ORDER.map((state) => ({
    state,
    nodes: graph.nodes
      .filter((n) => n.state === state)
      .sort((a, b) => a.knowledgeName.localeCompare(b.knowledgeName, 'zh-CN')),
  }));
}

/** The names of an item's prerequisites (`needs`) and of the items it unlocks. */
export function neighbours(
  graph: StudentGraph,
  id: string,
): { needs: StudentGraphNode[]; unlocks: StudentGraphNode[] } {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const pick = (ids: string[]) => ids.flatMap((i) => byId.get(i) ?? []);
  return {
    needs: pick(graph.edges.filter((e) => e.toItemId === id).map((e) => e.fromItemId)),
    unlocks: pick(graph.edges.filter((e) => e.fromItemId === id).map((e) => e.toItemId)),
  };
}

/** Ready and learning items can be practised from the graph. */
export const canPractise = (n: Pick<StudentGraphNode, 'state'>) => n.state === 'ready' || n.state === 'learning';
