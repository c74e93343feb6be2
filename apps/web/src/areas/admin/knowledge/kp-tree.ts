// Builds the tree of one subject from the flat knowledge-point list (parentCode links).
import type { KnowledgePoint, KnowledgePointBrief } from '@edu/contract';

/** A node of the tree; `P` is the point's shape (brief from the compact tree, full with counts). */
export interface KpNode<P extends KnowledgePointBrief = KnowledgePoint> {
  point: P;
  children: KpNode<P>[];
}

const byOrder = (a: KnowledgePointBrief, b: KnowledgePointBrief) => a.sort - b.sort || a.code.localeCompare(b.code);

/** Subjects (tree roots) in display order. */
export function subjectsOf<P extends KnowledgePointBrief>(points: readonly P[]): P[] {
  return points.filter((p) => p.parentCode === null || p.lv === 'subject').sort(byOrder);
}

/** The tree under `rootCode` (the root included), or null when the code is not in the list. */
export function subtree<P extends KnowledgePointBrief>(points: readonly P[], rootCode: string): KpNode<P> | null {
  const root = points.find((p) => p.code === rootCode);
  if (!root) return null;
  const children = new Map<string, P[]>();
  for (const p of points) {
    if (p.parentCode === null) continue;
    const list = children.get(p.parentCode);
    if (list) list.push(p);
    else children.set(p.parentCode, [p]);
  }
  const build = (point: P, depth: number): KpNode<P> => ({
    point,
    // Depth guard: a malformed list with a cycle cannot hang the page.
    children: depth > 16 ? [] : (children.get(point.code) ?? []).sort(byOrder).map((c) => build(c, depth + 1)),
  });
  return build(root, 0);
}

export function countNodes(node: KpNode<KnowledgePointBrief> | null): number {
  if (!node) return 0;
  return 1 + node.children.reduce((n, c) => n + countNodes(c), 0);
}

/** Codes of the nodes down to `depth` levels (0 = the root only), for the initially expanded set. */
export function codesToDepth(node: KpNode<KnowledgePointBrief> | null, depth: number): string[] {
  if (!node || depth < 0) return [];
  return [node.point.code, ...node.children.flatMap((c) => codesToDepth(c, depth - 1))];
}

/** The deepest level takes no children (docs/domain.md "Knowledge points": subject → grade → chapter → lv1 … lv4). */
export const canHaveChildren = (p: KnowledgePointBrief) => p.lv !== 'lv4';
