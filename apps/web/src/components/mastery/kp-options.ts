// Knowledge-point pickers of the student pages (mastery, wrong-answer book): subjects (tree roots) and a subject's tree
// for a TreeSelect.
import type { KnowledgePointBrief } from '@edu/contract';

export interface KpTreeNode {
  value: string;
  title: string;
  children: KpTreeNode[];
}

export const subjectsOf = (kps: readonly KnowledgePointBrief[]) => kps.filter((k) => k.parentCode === null);

/** The tree under `root` (or every subject) for antd's TreeSelect / Tree, siblings in their sort order. */
export function kpTree(kps: readonly KnowledgePointBrief[], root?: string): KpTreeNode[] {
  const children = new Map<string | null, KnowledgePointBrief[]>();
  for (const k of kps) {
    const list = children.get(k.parentCode) ?? [];
    list.push(k);
    children.set(k.parentCode, list);
  }
  const build = (k: KnowledgePointBrief): KpTreeNode => ({
    value: k.code,
    title: k.name,
    children: (children.get(k.code) ?? []).sort((a, b) => a.sort - b.sort).map(build),
  });
  const roots = root ? kps.filter((k) => k.code === root) : (children.get(null) ?? []);
  return [...roots].sort((a, b) => a.sort - b.sort).map(build);
}
