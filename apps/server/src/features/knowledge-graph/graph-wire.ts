// What knowledge graph rows look like on the wire (docs/knowledge-graph.md): groups, items, edges, a student's
// graph with each node's state, and the stats' per-item counts from the database's level counts.
import {
  GRAPH_STUCK_TOP,
  MASTERY_LEVELS,
  type GraphEdge,
  type GraphGroup,
  type GraphItem,
  type GraphItemStats,
  type StudentGraph,
} from '@edu/contract';
import type { PointMastery } from '../mastery/mastery-levels.js';
import type { LevelCount } from './graph-stats.sql.js';
import type { EdgeRow, GroupRow, ItemRow } from './knowledge-graph.repository.js';
import { nodeState, prerequisitesOf } from './graph-rules.js';

export const groupWire = (r: GroupRow): GraphGroup => ({
  id: String(r.id),
  name: r.name,
  subjectId: r.subjectId,
  gradeId: r.gradeId,
  description: r.description,
  sort: r.sort,
  itemCount: r.itemCount,
  edgeCount: r.edgeCount,
  createTime: r.createdAt.getTime(),
  lastUpdate: r.updatedAt.getTime(),
});

export const itemWire = (r: ItemRow): GraphItem => ({
  id: String(r.id),
  groupId: String(r.groupId),
  knowledgeCode: r.knowledgeCode,
  knowledgeName: r.knowledgeName,
  description: r.description,
  x: r.x,
  y: r.y,
  resources: {
    schemeIds: r.resources.schemeIds ?? [],
    questionIds: r.resources.questionIds ?? [],
    videoUrl: r.resources.videoUrl ?? null,
  },
});

export const edgeWire = (r: EdgeRow): GraphEdge => ({
  id: String(r.id),
  fromItemId: String(r.fromItemId),
  toItemId: String(r.toItemId),
});

/** One group of the student's graphs, each node with the student's level and state. */
export function studentGraph(
  group: GroupRow,
  allItems: ItemRow[],
  allEdges: (EdgeRow & { groupId: number })[],
  levels: Map<string, PointMastery>,
): StudentGraph {
  const items = allItems.filter((i) => i.groupId === group.id);
  const edges = allEdges.filter((e) => e.groupId === group.id);
  const codeOf = new Map(items.map((i) => [i.id, i.knowledgeCode]));
  const mastered = (itemId: number) => levels.get(codeOf.get(itemId)!)?.level === 'mastered';
  const prereqs = prerequisitesOf(edges);
  return {
    group: groupWire(group),
    nodes: items.map((i) => {
      const m = levels.get(i.knowledgeCode);
      return {
        ...itemWire(i),
        mastery: { level: m?.level ?? null, trained: m !== undefined },
        state: nodeState(m?.level === 'mastered', m !== undefined, (prereqs.get(i.id) ?? []).every(mastered)),
      };
    }),
    edges: edges.map(edgeWire),
  };
}

/**
 * Per item: students per level (every level in order, zeros included), trained and stuck students, and the
 * GRAPH_STUCK_TOP items of the highest stuck share. `members` (a class's size) counts those without an answer
 * in the item's subtree as `none`; null leaves them out (the graph stats count trained students only).
 */
export function itemStats(
  items: ItemRow[],
  counts: LevelCount[],
  members: number | null,
): { items: GraphItemStats[]; stuckItems: string[] } {
  const byItem = new Map<number, LevelCount[]>();
  for (const c of counts) byItem.set(c.itemId, [...(byItem.get(c.itemId) ?? []), c]);
  const out = items.map((i) => {
    const rows = byItem.get(i.id) ?? [];
    const students = rows.reduce((n, r) => n + r.students, 0);
    const count = (level: string) =>
      rows.reduce((n, r) => n + (r.level === level ? r.students : 0), 0) +
      (level === 'none' && members !== null ? Math.max(0, members - students) : 0);
    return {
      itemId: String(i.id),
      knowledgeCode: i.knowledgeCode,
      knowledgeName: i.knowledgeName,
      levels: MASTERY_LEVELS.map((level) => ({ level, count: count(level) })),
      students,
      stuck: rows.reduce((n, r) => n + r.stuck, 0),
    };
  });
  const stuckItems = out
    .filter((i) => i.stuck > 0)
    .sort((a, b) => b.stuck / b.students - a.stuck / a.students || b.stuck - a.stuck)
    .slice(0, GRAPH_STUCK_TOP)
    .map((i) => i.itemId);
  return { items: out, stuckItems };
}
