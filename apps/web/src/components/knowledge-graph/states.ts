// The four states of a curated graph's item for a student (docs/web.md "Knowledge graph"): their colours and
// order, and the same rules the server applies, for the admin's sample preview.

import type { GraphNodeState } from '@edu/contract';

export type { GraphNodeState };

/** The order lists and legends show them in: what to do next first. */
export const STATE_ORDER: readonly GraphNodeState[] = ['ready', 'learning', 'mastered', 'locked'];

export interface StateStyle {
  /** Border and marker colour. */
  color: string;
  background: string;
  text: string;
}

export const STATE_STYLES: Record<GraphNodeState, StateStyle> = {
  mastered: { color: '#389e0d', background: '#f6ffed', text: '#135200' },
  // Highlighted: the one a student should pick next.
  ready: { color: '#fa8c16', background: '#fff7e6', text: '#873800' },
  learning: { color: '#1677ff', background: '#e6f4ff', text: '#003eb3' },
  locked: { color: '#bfbfbf', background: '#fafafa', text: '#595959' },
};

/**
 * The rules the server computes a student's states by (the contract's StudentGraphNode): ready = not mastered and
 * every prerequisite mastered; learning = trained, not mastered, some prerequisite not; locked = untrained and
 * some prerequisite not mastered.
 */
export function nodeStates(
  ids: readonly string[],
  edges: readonly { from: string; to: string }[],
  mastered: ReadonlySet<string>,
  trained: ReadonlySet<string>,
): Map<string, GraphNodeState> {
  const prerequisites = new Map<string, string[]>();
  for (const e of edges) prerequisites.set(e.to, [...(prerequisites.get(e.to) ?? []), e.from]);
  const out = new Map<string, GraphNodeState>();
  for (const id of ids) {
    if (mastered.has(id)) out.set(id, 'mastered');
    else if ((prerequisites.get(id) ?? []).every((p) => mastered.has(p))) out.set(id, 'ready');
    else out.set(id, trained.has(id) ? 'learning' : 'locked');
  }
  return out;
}
