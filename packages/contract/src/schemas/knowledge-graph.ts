// Curated knowledge graphs (docs/knowledge-graph.md): platform-wide groups of knowledge points (items) with
// directed prerequisite edges, read by every agency's students with their mastery levels and a
// "ready to learn" state (docs/domain.md "Wrong answers, mastery, statistics" for the levels).
import { z } from 'zod';
import { PageQuery, pageOf } from '../envelope.js';
import { EpochMs, Id } from './common.js';
import { KpCode } from './knowledge.js';

/** At most this many items and edges in one group (docs/knowledge-graph.md "Limits"). */
export const GRAPH_MAX_ITEMS = 3000;
export const GRAPH_MAX_EDGES = 8000;
/** At most this many knowledge codes added in one call, positions saved in one call. */
export const GRAPH_MAX_ADD_ITEMS = 500;
export const GRAPH_MAX_LAYOUT = 5000;
export const GRAPH_MAX_SCHEME_RESOURCES = 10;
export const GRAPH_MAX_QUESTION_RESOURCES = 20;
/** How many items the stats name as the ones most students are stuck on. */
export const GRAPH_STUCK_TOP = 10;

const GraphName = z.string().trim().min(1, '请填写图谱名称').max(60, '图谱名称最多 60 个字');
const GraphDescription = z.string().trim().max(500, '说明最多 500 个字');
/** A layout coordinate: finite and bounded so a stray value cannot push nodes out of any canvas. */
const Coordinate = z.number().finite().min(-1_000_000).max(1_000_000);

export const GraphGroup = z.object({
  id: Id,
  name: z.string(),
  /** A subject id of `GET /v1/general/data/subjects`. */
  subjectId: z.string(),
  /** A grade id of `GET /v1/general/data/grades`, or null for a graph of every grade. */
  gradeId: z.string().nullable(),
  description: z.string(),
  /** The group's place among its subject's groups: lists and students' tabs go by it (then by id). */
  sort: z.number().int(),
  itemCount: z.number().int().min(0),
  edgeCount: z.number().int().min(0),
  createTime: EpochMs,
  lastUpdate: EpochMs,
});
export type GraphGroup = z.infer<typeof GraphGroup>;

/** One step of a group among its subject's groups: before the one above it, or after the one below. */
export const GraphGroupMove = z.object({ direction: z.enum(['up', 'down']) });
export type GraphGroupMove = z.infer<typeof GraphGroupMove>;

/** `moved` false: the group was first (up) or last (down) of its subject already. */
export const GraphGroupMoved = z.object({ moved: z.boolean() });
export type GraphGroupMoved = z.infer<typeof GraphGroupMoved>;

export const GraphGroupListQuery = PageQuery.extend({
  keyword: z.string().trim().max(60).optional(),
  subjectId: z.string().trim().max(64).optional(),
});
export type GraphGroupListQuery = z.infer<typeof GraphGroupListQuery>;

export const GraphGroupPage = pageOf(GraphGroup);
export type GraphGroupPage = z.infer<typeof GraphGroupPage>;

export const GraphGroupCreate = z.object({
  name: GraphName,
  subjectId: z.string().trim().min(1, '请选择学科').max(64),
  gradeId: z.string().trim().min(1).max(64).nullable().optional(),
  description: GraphDescription.optional(),
});
export type GraphGroupCreate = z.infer<typeof GraphGroupCreate>;

export const GraphGroupUpdate = GraphGroupCreate.partial();
export type GraphGroupUpdate = z.infer<typeof GraphGroupUpdate>;

export const GraphResources = z.object({
  schemeIds: z.array(Id).max(GRAPH_MAX_SCHEME_RESOURCES, `最多关联 ${GRAPH_MAX_SCHEME_RESOURCES} 个方案`),
  questionIds: z.array(Id).max(GRAPH_MAX_QUESTION_RESOURCES, `最多关联 ${GRAPH_MAX_QUESTION_RESOURCES} 道题`),
  videoUrl: z
    .string()
    .trim()
    .max(500, '视频地址最多 500 个字符')
    .regex(/^https?:\/\/[^\s]+$/i, '视频地址应以 http:// 或 https:// 开头')
    .nullable(),
});
export type GraphResources = z.infer<typeof GraphResources>;

export const GraphItem = z.object({
  id: Id,
  groupId: Id,
  knowledgeCode: z.string(),
  knowledgeName: z.string(),
  description: z.string(),
  /** Null until placed: the web lays unplaced items out and saves their positions. */
  x: z.number().nullable(),
  y: z.number().nullable(),
  resources: GraphResources,
});
export type GraphItem = z.infer<typeof GraphItem>;

/** `fromItemId` is the prerequisite of `toItemId`. */
export const GraphEdge = z.object({ id: Id, fromItemId: Id, toItemId: Id });
export type GraphEdge = z.infer<typeof GraphEdge>;

export const GraphDetail = z.object({ group: GraphGroup, items: z.array(GraphItem), edges: z.array(GraphEdge) });
export type GraphDetail = z.infer<typeof GraphDetail>;

export const GraphItemsAdd = z.object({
  knowledgeCodes: z
    .array(KpCode)
    .min(1, '请选择知识点')
    .max(GRAPH_MAX_ADD_ITEMS, `一次最多添加 ${GRAPH_MAX_ADD_ITEMS} 个知识点`),
});
export type GraphItemsAdd = z.infer<typeof GraphItemsAdd>;

export const GraphItemUpdate = z.object({
  description: GraphDescription.optional(),
  resources: GraphResources.optional(),
});
export type GraphItemUpdate = z.infer<typeof GraphItemUpdate>;

export const GraphItemUsage = z.object({
  /** Schemes (of any agency) whose points select the item's knowledge point or a point under it. */
  schemes: z.array(z.object({ id: Id, name: z.string() })),
  /** Students (of any agency) with a mastery record for the item's knowledge point. */
  studentsWithMastery: z.number().int().min(0),
});
export type GraphItemUsage = z.infer<typeof GraphItemUsage>;

export const GraphEdgeCreate = z.object({ fromItemId: Id, toItemId: Id });
export type GraphEdgeCreate = z.infer<typeof GraphEdgeCreate>;

export const GraphLayout = z.object({
  positions: z
    .array(z.object({ itemId: Id, x: Coordinate, y: Coordinate }))
    .max(GRAPH_MAX_LAYOUT, `一次最多保存 ${GRAPH_MAX_LAYOUT} 个位置`),
});
export type GraphLayout = z.infer<typeof GraphLayout>;

export const GraphLayoutSaved = z.object({ saved: z.number().int().min(0) });
export type GraphLayoutSaved = z.infer<typeof GraphLayoutSaved>;

export const GraphDeleted = z.object({ deleted: z.literal(true) });
export type GraphDeleted = z.infer<typeof GraphDeleted>;

export const GraphItemStats = z.object({
  itemId: Id,
  knowledgeCode: z.string(),
  knowledgeName: z.string(),
  /** Students per mastery level, every level of MASTERY_LEVELS in its order (zeros included). */
  levels: z.array(z.object({ level: z.string(), count: z.number().int().min(0) })),
  /** Students with a mastery record for the item's point. */
  students: z.number().int().min(0),
  /** Students who trained the point, have not mastered it, and have mastered every prerequisite. */
  stuck: z.number().int().min(0),
});
export type GraphItemStats = z.infer<typeof GraphItemStats>;

export const GraphStats = z.object({
  /** `platform`: every agency, counts only; `agency`: the agency the viewer acts in. */
  scope: z.enum(['platform', 'agency']),
  items: z.array(GraphItemStats),
  /** Up to GRAPH_STUCK_TOP item ids, highest stuck share first. */
  stuckItems: z.array(Id),
});
export type GraphStats = z.infer<typeof GraphStats>;

/** At most this many graphs in a class's aggregate (docs/knowledge-graph.md "Teachers and parents"). */
export const CLASS_GRAPHS_MAX = 10;

/** One curated graph narrowed to a class's members: per item, members per level (untrained ones `none`). */
export const ClassGraphStats = z.object({
  group: GraphGroup,
  items: z.array(GraphItemStats),
  /** Up to GRAPH_STUCK_TOP item ids, highest stuck share first. */
  stuckItems: z.array(Id),
});
export type ClassGraphStats = z.infer<typeof ClassGraphStats>;

/** The class's aggregate: the graphs matching its subject and grade (else its members' profiles). */
export const ClassGraphs = z.object({
  /** The class's members: every item's levels add up to this. */
  members: z.number().int().min(0),
  graphs: z.array(ClassGraphStats),
});
export type ClassGraphs = z.infer<typeof ClassGraphs>;

export const GRAPH_NODE_STATES = ['mastered', 'ready', 'learning', 'locked'] as const;
export const GraphNodeState = z.enum(GRAPH_NODE_STATES);
export type GraphNodeState = z.infer<typeof GraphNodeState>;

export const StudentGraphNode = GraphItem.extend({
  /** The student's level for the point (null: never trained) and whether they have answered in it. */
  mastery: z.object({ level: z.string().nullable(), trained: z.boolean() }),
  /**
   * mastered; ready = not mastered and every prerequisite mastered; learning = trained, some prerequisite not
   * mastered; locked = untrained and some prerequisite not mastered.
   */
  state: GraphNodeState,
});
export type StudentGraphNode = z.infer<typeof StudentGraphNode>;

export const StudentGraph = z.object({
  group: GraphGroup,
  nodes: z.array(StudentGraphNode),
  edges: z.array(GraphEdge),
});
export type StudentGraph = z.infer<typeof StudentGraph>;

/** An empty list: no curated graph for the student's subjects (the web shows the mastery tree instead). */
/**
 * The student's running graph practice or 掌握测验, if any: starting another one ends it, so the page asks first
 * when it already holds answers (docs/knowledge-graph.md "Practice").
 */
export const RunningGraphPractice = z.object({
  trainId: Id,
  knowledgeCode: z.string(),
  mode: z.enum(['practice', 'check']),
  title: z.string(),
  answered: z.number().int(),
});
export type RunningGraphPractice = z.infer<typeof RunningGraphPractice>;

export const StudentGraphs = z.object({
  graphs: z.array(StudentGraph),
  running: RunningGraphPractice.nullable().optional(),
});
export type StudentGraphs = z.infer<typeof StudentGraphs>;

/**
 * `practice` (the default): a general training of up to 10 questions with feedback after each; `check` (掌握测验):
 * a paper of up to 5 questions from the subtree, answered whole and handed in — all answered and all right
 * masters the point (docs/knowledge-graph.md "Practice").
 */
export const GraphPracticeMode = z.enum(['practice', 'check']);
/** A mastery check asks this many questions at most (fewer when the subtree holds fewer auto-judged ones). */
export const GRAPH_CHECK_QUESTIONS = 5;
export type GraphPracticeMode = z.infer<typeof GraphPracticeMode>;

export const GraphPracticeStart = z.object({ knowledgeCode: KpCode, mode: GraphPracticeMode.optional() });
export type GraphPracticeStart = z.infer<typeof GraphPracticeStart>;

export const GraphPracticeStarted = z.object({ trainId: Id });
export type GraphPracticeStarted = z.infer<typeof GraphPracticeStarted>;
