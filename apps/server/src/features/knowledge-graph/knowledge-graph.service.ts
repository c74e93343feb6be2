// Knowledge graphs (docs/knowledge-graph.md): platform graph admins curate groups of knowledge points with
// prerequisite edges (cycles refused, limits per group); stats count the mastery levels mastery-levels.ts computes,
// across every agency or in one; students read the graphs matching their profile with each node's state and start
// practice or a mastery check on a node through the training engine under their agency's system scheme.
import {
  CLASS_GRAPHS_MAX,
  GRAPH_CHECK_QUESTIONS,
  GRAPH_MAX_EDGES,
  GRAPH_MAX_ITEMS,
  type ClassGraphs,
  type EngineScheme,
  type GraphDetail,
  type RunningGraphPractice,
  type GraphEdge,
  type GraphGroup,
  type GraphGroupCreate,
  type GraphGroupListQuery,
  type GraphGroupPage,
  type GraphGroupUpdate,
  type GraphItem,
  type GraphItemUpdate,
  type GraphItemUsage,
  type GraphPracticeMode,
  type GraphStats,
  type StudentGraphs,
} from '@edu/contract';
import { ApiError, conflict, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import { masteryByPoint, type PointMastery } from '../mastery/mastery-levels.js';
import type { TrainableScheme } from '../training/training-scheme.js';
import type { Trainee, TrainingService } from '../training/training.service.js';
import type { GroupRow, ItemRow, KnowledgeGraphRepository } from './knowledge-graph.repository.js';
import { pathBetween } from './graph-rules.js';
import { edgeWire, groupWire, itemStats, itemWire, studentGraph } from './graph-wire.js';

/** What the class aggregate needs of a class the caller has seen (ClassesService.readableClass). */
export interface ClassFacts {
  subjectId: string | null;
  gradeId: string | null;
  memberIds: number[];
}

const GROUP_NOT_FOUND = '知识图谱不存在';
const ITEM_NOT_FOUND = '图谱节点不存在';
const EDGE_NOT_FOUND = '先修关系不存在';
/** Schemes the usage names at most. */
const USAGE_SCHEMES = 50;
/** Graphs a student reads at most at once. */
const STUDENT_GRAPHS = 20;
/** The system scheme of graph practice: one visit of up to PRACTICE_QUESTIONS questions from the subtree. */
const PRACTICE_PHASE = '知识点练习';
const PRACTICE_POINT = '练习';
const PRACTICE_QUESTIONS = 10;
export const PRACTICE_SCHEME_TITLE = '知识图谱练习（系统）';
const PRACTICE_TITLE = '知识点练习：';
const CHECK_TITLE = '掌握测验：';

/** The system scheme as a mastery check of one point: a paper of the subtree's questions, titled after it. */
export function checkOf(s: TrainableScheme, code: string, name: string): TrainableScheme {
  const [phase] = s.engine.phases;
  const points = phase.points.map((p) => ({ ...p, repeat: GRAPH_CHECK_QUESTIONS }));
  return {
    ...s,
    type: 'paper',
    title: `${CHECK_TITLE}${name}`,
    engine: { ...s.engine, type: 'paper', kpRange: [code], phases: [{ ...phase, points }] },
  };
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** The subjects (tree roots) of these codes. */
const rootsOf = (codes: Iterable<string>) => [...new Set([...codes].map((c) => c.split('.')[0]))];

/** The system scheme's engine; a training narrows it to a point through `kpRange` (also run by the simulation). */
export const practiceEngine = (): EngineScheme => ({
  type: 'general',
  initPhase: PRACTICE_PHASE,
  initPoint: PRACTICE_POINT,
  timeLimit: 0,
  kpRange: [],
  phases: [
    {
      phase: PRACTICE_PHASE,
      knowledgeIds: [],
      timeLimit: 0,
      points: [
        {
          name: PRACTICE_POINT,
          selectors: {},
          repeat: PRACTICE_QUESTIONS,
          judgeWay: 'once',
          requireCorrect: 0,
          onOK: '@end',
          onError: '@end',
        },
      ],
    },
  ],
});

export class KnowledgeGraphService {
  constructor(
    private readonly repo: KnowledgeGraphRepository,
    private readonly training: TrainingService,
    private readonly clock: Clock,
  ) {}

  private now = () => new Date(this.clock.now());

  // Groups.

  async list(q: GraphGroupListQuery): Promise<GraphGroupPage> {
    const { total, rows } = await this.repo.page(q, q);
    return { total, list: rows.map(groupWire) };
  }

  private async loadGroup(id: string): Promise<GroupRow> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.group(n);
    if (!row) throw notFound(GROUP_NOT_FOUND);
    return row;
  }

  /** 400 for a subject or grade the dictionaries do not hold. */
  private async checkDictionaries(subjectId: string | undefined, gradeId: string | null | undefined) {
    const has = await this.repo.dictionaryHas(subjectId, gradeId);
    if (!has.subject) throw invalidField('request.subjectId', '学科不存在');
    if (!has.grade) throw invalidField('request.gradeId', '年级不存在');
  }

  async create(input: GraphGroupCreate): Promise<GraphGroup> {
    await this.checkDictionaries(input.subjectId, input.gradeId);
    const id = await this.repo.insertGroup(
      {
        name: input.name,
        subjectId: input.subjectId,
        gradeId: input.gradeId ?? null,
        description: input.description ?? '',
      },
      this.now(),
    );
    return groupWire((await this.repo.group(id))!);
  }

  async detail(id: string): Promise<GraphDetail> {
    const group = await this.loadGroup(id);
    const [items, edges] = await Promise.all([this.repo.items([group.id]), this.repo.edges([group.id])]);
    return { group: groupWire(group), items: items.map(itemWire), edges: edges.map(edgeWire) };
  }

  async update(id: string, input: GraphGroupUpdate): Promise<GraphGroup> {
    const group = await this.loadGroup(id);
    await this.checkDictionaries(input.subjectId, input.gradeId);
    if (!(await this.repo.updateGroup(group.id, input, this.now()))) throw notFound(GROUP_NOT_FOUND);
    return groupWire((await this.repo.group(group.id))!);
  }

  async move(id: string, direction: 'up' | 'down'): Promise<{ moved: boolean }> {
    const group = await this.loadGroup(id);
    return { moved: await this.repo.moveGroup(group.id, direction) };
  }

  async remove(id: string): Promise<{ deleted: true }> {
    const group = await this.loadGroup(id);
    if (!(await this.repo.deleteGroup(group.id))) throw notFound(GROUP_NOT_FOUND);
    return { deleted: true };
  }

  // Items.

  async addItems(id: string, codes: string[]): Promise<GraphItem[]> {
    const group = await this.loadGroup(id);
    const unique = [...new Set(codes)];
    return this.repo.transaction(async (tx) => {
      if (!(await this.repo.lockGroup(tx, group.id))) throw notFound(GROUP_NOT_FOUND);
      const known = await this.repo.knownCodes(tx, unique);
      const unknown = unique.find((c) => !known.has(c));
      if (unknown !== undefined)
        throw invalidField(`request.knowledgeCodes.${codes.indexOf(unknown)}`, `知识点「${unknown}」不存在`);
      const ids = await this.repo.insertItems(tx, group.id, unique);
      if ((await this.repo.countItems(tx, group.id)) > GRAPH_MAX_ITEMS)
        throw invalidField('request.knowledgeCodes', `一个图谱最多 ${GRAPH_MAX_ITEMS} 个节点`);
      if (ids.length) await this.repo.touch(tx, group.id, this.now());
      return (await this.repo.itemsByIds(tx, group.id, ids)).sort((a, b) => a.id - b.id).map(itemWire);
    });
  }

  private async loadItem(id: string): Promise<ItemRow> {
    const n = parseNumericId(id);
    const row = n === null ? undefined : await this.repo.item(n);
    if (!row) throw notFound(ITEM_NOT_FOUND);
    return row;
  }

  async item(id: string): Promise<GraphItem> {
    return itemWire(await this.loadItem(id));
  }

  async updateItem(id: string, input: GraphItemUpdate): Promise<GraphItem> {
    const item = await this.loadItem(id);
    const groupId = await this.repo.updateItem(item.id, input);
    if (groupId === undefined) throw notFound(ITEM_NOT_FOUND);
    await this.repo.touch(this.repo.db, groupId, this.now());
    return itemWire((await this.repo.item(item.id))!);
  }

  async usage(id: string): Promise<GraphItemUsage> {
    const item = await this.loadItem(id);
    const [schemes, studentsWithMastery] = await Promise.all([
      this.repo.schemesUsing(item.knowledgeCode, USAGE_SCHEMES),
      this.repo.studentsWithMastery(item.knowledgeCode),
    ]);
    return { schemes: schemes.map((s) => ({ id: String(s.id), name: s.name })), studentsWithMastery };
  }

  async removeItem(id: string): Promise<{ deleted: true }> {
    const item = await this.loadItem(id);
    await this.repo.transaction(async (tx) => {
      // The group lock keeps a concurrent edge insert from naming the item while it goes.
      if (!(await this.repo.lockGroup(tx, item.groupId))) throw notFound(ITEM_NOT_FOUND);
      if ((await this.repo.deleteItem(tx, item.id)) === undefined) throw notFound(ITEM_NOT_FOUND);
      await this.repo.touch(tx, item.groupId, this.now());
    });
    return { deleted: true };
  }

  // Edges.

  async addEdge(id: string, fromId: string, toId: string): Promise<GraphEdge> {
    const group = await this.loadGroup(id);
    const from = parseNumericId(fromId);
    const to = parseNumericId(toId);
    if (from !== null && from === to) throw invalidField('request.toItemId', '不能把节点设为自己的先修');
    return this.repo.transaction(async (tx) => {
      // Serialised per group: the cycle check below sees every edge committed before this one.
      if (!(await this.repo.lockGroup(tx, group.id))) throw notFound(GROUP_NOT_FOUND);
      const ends = from === null || to === null ? [] : await this.repo.itemsByIds(tx, group.id, [from, to]);
      const byId = new Map(ends.map((e) => [e.id, e]));
      if (from === null || !byId.has(from)) throw invalidField('request.fromItemId', '先修节点不在该图谱中');
      if (to === null || !byId.has(to)) throw invalidField('request.toItemId', '后续节点不在该图谱中');
      if ((await this.repo.countEdges(tx, group.id)) >= GRAPH_MAX_EDGES)
        throw invalidField('request', `一个图谱最多 ${GRAPH_MAX_EDGES} 条先修关系`);
      const edges = await this.repo.edges([group.id], tx);
      if (edges.some((e) => e.fromItemId === from && e.toItemId === to))
        throw invalidField('request.toItemId', '该先修关系已存在');
      const path = pathBetween(edges, to, from);
      if (path) {
        const items = await this.repo.itemsByIds(tx, group.id, path);
        const names = new Map(items.map((i) => [i.id, i.knowledgeName]));
        const cycle = [...path, to].map((n) => names.get(n) ?? String(n)).join(' → ');
        // The errmsg is the sentence itself (docs/knowledge-graph.md "Cycles"): the editor shows it as it is.
        const message = `不能添加：会形成环（${cycle}）`;
        throw new ApiError('invalid_input', message, { fields: [{ path: 'request.toItemId', message }] });
      }
      const row = await this.repo.insertEdge(tx, group.id, from, to);
      if (!row) throw invalidField('request.toItemId', '该先修关系已存在');
      await this.repo.touch(tx, group.id, this.now());
      return edgeWire(row);
    });
  }

  async removeEdge(id: string): Promise<{ deleted: true }> {
    const n = parseNumericId(id);
    const groupId = n === null ? undefined : await this.repo.edgeGroup(n);
    if (n === null || groupId === undefined) throw notFound(EDGE_NOT_FOUND);
    await this.repo.transaction(async (tx) => {
      if (!(await this.repo.deleteEdge(tx, n))) throw notFound(EDGE_NOT_FOUND);
      await this.repo.touch(tx, groupId, this.now());
    });
    return { deleted: true };
  }

  async saveLayout(id: string, positions: { itemId: string; x: number; y: number }[]): Promise<{ saved: number }> {
    const group = await this.loadGroup(id);
    const parsed = positions.flatMap((p) => {
      const itemId = parseNumericId(p.itemId);
      return itemId === null ? [] : [{ itemId, x: p.x, y: p.y }];
    });
    const saved = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.lockGroup(tx, group.id))) throw notFound(GROUP_NOT_FOUND);
      return this.repo.saveLayout(tx, group.id, parsed);
    });
    return { saved };
  }

  // Stats.

  /**
   * Students per mastery level and stuck per item, counted in the database (graph-stats.sql.ts) with the levels
   * the student sees. `agencyId` null: every agency (a student of two agencies counts in each), counts only.
   */
  async stats(id: string, agencyId: string | null): Promise<GraphStats> {
    const group = await this.loadGroup(id);
    const [items, counts] = await Promise.all([
      this.repo.items([group.id]),
      this.repo.levelCounts([group.id], { agencyId }),
    ]);
    return { scope: agencyId === null ? 'platform' : 'agency', ...itemStats(items, counts, null) };
  }

  /**
   * A class's aggregate (docs/knowledge-graph.md "Teachers and parents"): the graphs of the class's subject and
   * grade (else of its members' profiles, else the subjects they trained in), counted over its members only;
   * a member without an answer in an item's subtree counts as `none`. The caller has seen the class.
   */
  async classStats(agencyId: string, cls: ClassFacts): Promise<ClassGraphs> {
    const members = cls.memberIds;
    const profiles = await this.repo.profiles(agencyId, members);
    let subjects = cls.subjectId ? [cls.subjectId] : unique(profiles.flatMap((p) => p.subjectIds));
    if (!subjects.length) subjects = await this.repo.trainedSubjects(agencyId, members);
    const grades = cls.gradeId
      ? [cls.gradeId]
      : profiles.length === members.length && profiles.every((p) => p.gradeId !== null)
        ? unique(profiles.map((p) => p.gradeId!))
        : null;
    const groups = await this.repo.groupsFor(subjects, grades, CLASS_GRAPHS_MAX);
    const ids = groups.map((g) => g.id);
    const [items, counts] = await Promise.all([
      this.repo.items(ids),
      this.repo.levelCounts(ids, { agencyId, userIds: members }),
    ]);
    return {
      members: members.length,
      graphs: groups.map((g) => ({
        group: groupWire(g),
        ...itemStats(
          items.filter((i) => i.groupId === g.id),
          counts,
          members.length,
        ),
      })),
    };
  }

  // The student's side.

  /**
   * The graphs of the student's profile subjects (and grade) in the agency, else of the subjects they trained
   * in, with their states: what the student reads, and what their agency's admins, teachers and parents read.
   */
  async studentGraphs(student: Trainee): Promise<StudentGraphs> {
    const [profile] = await this.repo.profiles(student.agencyId, [student.id]);
    const subjects = profile?.subjectIds.length
      ? profile.subjectIds
      : await this.repo.trainedSubjects(student.agencyId, [student.id]);
    const gradeId = profile?.gradeId ?? null;
    const groups = await this.repo.groupsFor(subjects, gradeId === null ? null : [gradeId], STUDENT_GRAPHS);
    if (!groups.length) return { graphs: [] };
    const ids = groups.map((g) => g.id);
    const [items, edges] = await Promise.all([this.repo.items(ids), this.repo.edges(ids)]);
    const answers = await this.repo.answersOf(rootsOf(items.map((i) => i.knowledgeCode)), student.agencyId, student.id);
    const levels: Map<string, PointMastery> = masteryByPoint(answers);
    return { graphs: groups.map((g) => studentGraph(g, items, edges, levels)), running: await this.running(student) };
  }

  /** The student's running graph practice or check (StudentGraphs.running), or null. */
  private async running(student: Trainee): Promise<RunningGraphPractice | null> {
    const schemeId = await this.repo.practice.practiceScheme(student.agencyId);
    const r = schemeId === undefined ? undefined : await this.repo.practice.runningPractice(schemeId, student.id);
    if (!r || r.kpRange.length !== 1) return null;
    const mode = r.type === 'paper' ? 'check' : 'practice';
    return { trainId: String(r.id), knowledgeCode: r.kpRange[0], mode, title: r.title, answered: r.answered };
  }

  /** A student's graphs for their agency's admins: the user must be a student of the agency, else 404. */
  async agencyStudentGraphs(agencyId: string, id: string): Promise<StudentGraphs> {
    const userId = parseNumericId(id);
    if (userId === null || !(await this.repo.isStudentOf(agencyId, userId))) throw notFound('学生不存在');
    return this.studentGraphs({ id: userId, agencyId });
  }

  /**
   * A practice training on the point's subtree, or a mastery check (a paper of up to GRAPH_CHECK_QUESTIONS questions):
   * the agency's system scheme (made on first use) with the training's kpRange narrowed to the point. A running
   * practice or check of another point or kind is finished first (one running training per scheme and student);
   * a running one of the same point and kind is answered again.
   */
  async practice(user: Trainee, code: string, mode: GraphPracticeMode = 'practice'): Promise<{ trainId: string }> {
    const point = await this.repo.knowledgePoint(code);
    if (!point) throw invalidField('request.knowledgeCode', `知识点「${code}」不存在`);
    const engine = practiceEngine();
    const schemeId =
      (await this.repo.practice.practiceScheme(user.agencyId)) ??
      (await this.repo.practice.ensurePracticeScheme(
        user.agencyId,
        {
          title: PRACTICE_SCHEME_TITLE,
          initPhase: engine.initPhase,
          initPoint: engine.initPoint,
          phases: engine.phases as unknown as Record<string, unknown>[],
        },
        this.now(),
      ));
    const type = mode === 'check' ? 'paper' : 'general';
    const running = await this.repo.practice.runningPractice(schemeId, user.id);
    if (running && !(running.kpRange.length === 1 && running.kpRange[0] === code && running.type === type))
      await this.training.finish(user, String(running.id));
    const t = await this.training.start(user, String(schemeId), (s) =>
      mode === 'check'
        ? checkOf(s, code, point.name)
        : { ...s, title: `${PRACTICE_TITLE}${point.name}`, engine: { ...s.engine, kpRange: [code] } },
    );
    if (t.status !== 'running' && t.question === null && t.answered === 0)
      throw conflict('该知识点下暂时没有可练习的题目');
    return { trainId: t.trainId };
  }
}
