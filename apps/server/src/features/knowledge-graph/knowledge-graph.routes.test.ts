// API tests of knowledge graphs (docs/knowledge-graph.md) on real PGlite: every call, access (graph admin, agency
// admin, student), cycles refused with the named cycle (also two concurrent inserts), limits, item delete taking its
// edges, usage, stats in both scopes, student states on a small graph, and practice from a node under the system
// scheme that scheme lists and statistics leave out.
import {
  GRAPH_MAX_EDGES,
  GRAPH_MAX_ITEMS,
  GraphDetail,
  GraphGroup,
  GraphItem,
  GraphStats,
  StudentGraphs,
  type GraphDetail as GD,
  type GraphEdge as GE,
  type GraphGroup as GG,
  type GraphItem as GI,
  type GraphItemUsage as GU,
  type GraphStats as GS,
  type StudentGraphs as SG,
} from '@edu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type CallOptions, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { DEMO_GRAPHS } from '../../seed/seed-graphs.js';
import { pathBetween } from './graph-rules.js';
import { KP_KEYS, graphFixture, type KpKey } from './graph-test-fixture.js';

let t: TestApp;
let graphAdmin: string;
let platformAdmin: string;
let agencyAdmin: string;
let learner: string;
let learnerId: number;
let otherLearnerId: number;
let fixture: Awaited<ReturnType<typeof graphFixture>>;
let kps: Record<KpKey, string>;
let kpName: Record<KpKey, string>;
let questionOf: Record<string, number>;

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const call = <T>(method: Method, url: string, token: string, body?: unknown, o: CallOptions = {}) =>
  t.call<T>(method, url, { token, ...(body === undefined ? {} : { body: { request: body } }), ...o });

const newGroup = async (name: string, subjectId = 'en') =>
  GraphGroup.parse(expectOk(await call<GG>('PUT', '/v1/knowledgraph/group', graphAdmin, { name, subjectId })));
const addItems = async (groupId: string, codes: string[]) =>
  expectOk(await call<GI[]>('PUT', `/v1/knowledgraph/group/${groupId}/items`, graphAdmin, { knowledgeCodes: codes }));
const addEdge = (groupId: string, fromItemId: string, toItemId: string) =>
  call<GE>('PUT', `/v1/knowledgraph/group/${groupId}/edges`, graphAdmin, { fromItemId, toItemId });
const detail = async (groupId: string) =>
  GraphDetail.parse(expectOk(await call<GD>('GET', `/v1/knowledgraph/group/${groupId}`, graphAdmin)));

/** Answers to the point's question (the learner's in demo unless told): '1' right, '0' wrong. */
const answer = (kp: string, flags: string, o: { userId?: number; agencyId?: string; paper?: boolean } = {}) =>
  fixture.answer(kp, flags, { ...o, userId: o.userId ?? learnerId });

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, 'grapher', '图谱管理员', ['edu:knowledgraph:admin']);
  learnerId = await addUser(t, 'kglearner', '图谱学生', ['edu:agency:demo:student']);
  otherLearnerId = await addUser(t, 'kgother', '其他机构学生', ['edu:agency:other:student']);
  [graphAdmin, platformAdmin, agencyAdmin, learner] = await Promise.all(
    ['grapher', 'admin', 'agency', 'kglearner'].map((u) => t.login(u)),
  );
  fixture = await graphFixture(t, graphAdmin, '图谱测试章');
  ({ kps, kpName, questionOf } = fixture);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('demo graphs', () => {
  it('seeds an English and a Maths graph of at least 30 items together, without a cycle', async () => {
    const page = expectOk(await call<{ list: GG[] }>('GET', '/v1/knowledgraph/groups?size=100', graphAdmin));
    const seeded = page.list.filter((g) => DEMO_GRAPHS.some((d) => d.name === g.name));
    expect(seeded.map((g) => g.subjectId).sort()).toEqual(['en', 'math']);
    expect(seeded.reduce((n, g) => n + g.itemCount, 0)).toBeGreaterThanOrEqual(30);
    for (const g of seeded) {
      const d = await detail(g.id);
      expect(d.edges.length).toBe(DEMO_GRAPHS.find((x) => x.name === g.name)!.edges.length);
      const arcs = d.edges.map((e) => ({ fromItemId: Number(e.fromItemId), toItemId: Number(e.toItemId) }));
      for (const e of arcs) expect(pathBetween(arcs, e.toItemId, e.fromItemId)).toBeNull();
    }
  });

  it('shows the demo student the graphs of their profile subjects', async () => {
    const mine = expectOk(
      await call<SG>('GET', '/v1/student/knowledgegraph', await t.login('student'), undefined, { agency: 'demo' }),
    );
    expect(mine.graphs.map((g) => g.group.subjectId).sort()).toEqual(['en', 'math']);
    const math = mine.graphs.find((g) => g.group.subjectId === 'math')!;
    const first = math.nodes.find((n) => n.knowledgeName === '正数和负数')!;
    expect(first.state === 'ready' || first.state === 'mastered').toBe(true);
  });
});

describe('access', () => {
  it('lets graph admins and platform admins in, and keeps agency admins and students out', async () => {
    expectOk(await call('GET', '/v1/knowledgraph/groups', graphAdmin));
    expectOk(await call('GET', '/v1/knowledgraph/groups', platformAdmin));
    expectError(await call('GET', '/v1/knowledgraph/groups', agencyAdmin, undefined, { agency: 'demo' }), 403);
    expectError(await call('GET', '/v1/knowledgraph/groups', learner, undefined, { agency: 'demo' }), 403);
    expectError(await t.call('GET', '/v1/knowledgraph/groups'), 401);
    expectError(await call('PUT', '/v1/knowledgraph/group', learner, { name: 'x', subjectId: 'en' }), 403);
    // The student's calls are a student's: not a graph admin's without agency.
    expectError(await call('GET', '/v1/student/knowledgegraph', graphAdmin), 400);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectError(await call('GET', '/v1/knowledgraph/group/999999', graphAdmin), 404);
    expectError(await call('GET', '/v1/knowledgraph/group/abc', graphAdmin), 404);
    expectError(await call('GET', '/v1/knowledgraph/item/999999', graphAdmin), 404);
    expectError(await call('DELETE', '/v1/knowledgraph/edge/999999', graphAdmin), 404);
  });
});

describe('groups and items', () => {
  it('creates, lists, searches, renames and deletes a group', async () => {
    const g = await newGroup('英语语法图谱');
    expect(g).toMatchObject({ name: '英语语法图谱', subjectId: 'en', gradeId: null, itemCount: 0, edgeCount: 0 });
    const page = expectOk(
      await call<{ total: number; list: GG[] }>(
        'GET',
        '/v1/knowledgraph/groups?keyword=语法图&subjectId=en',
        graphAdmin,
      ),
    );
    expect(page.list.map((x) => x.id)).toContain(g.id);
    const none = expectOk(
      await call<{ total: number; list: GG[] }>(
        'GET',
        '/v1/knowledgraph/groups?keyword=语法图&subjectId=math',
        graphAdmin,
      ),
    );
    expect(none.list.map((x) => x.id)).not.toContain(g.id);
    const renamed = expectOk(
      await call<GG>('POST', `/v1/knowledgraph/group/${g.id}`, graphAdmin, { name: '英语图谱', gradeId: 'g7' }),
    );
    expect(renamed).toMatchObject({ name: '英语图谱', gradeId: 'g7' });
    const bad = await call('PUT', '/v1/knowledgraph/group', graphAdmin, { name: '', subjectId: 'en' });
    expectError(bad, 400);
    expect(bad.body.errmsg).toBe('请求参数有误：请填写图谱名称');
    const noSubject = await call('PUT', '/v1/knowledgraph/group', graphAdmin, { name: 'x', subjectId: 'latin' });
    expectError(noSubject, 400);
    expect(noSubject.body.errmsg).toBe('请求参数有误：学科不存在');
    expectError(await call('POST', `/v1/knowledgraph/group/${g.id}`, graphAdmin, { gradeId: 'g99' }), 400);
    expectOk(await call('DELETE', `/v1/knowledgraph/group/${g.id}`, graphAdmin));
    expectError(await call('GET', `/v1/knowledgraph/group/${g.id}`, graphAdmin), 404);
  });

  it('keeps groups in their order within a subject: new ones last, moved up and down, students’ tabs alike', async () => {
    const [a, b, c] = [await newGroup('顺序甲'), await newGroup('顺序乙'), await newGroup('顺序丙')];
    const mine = [a.id, b.id, c.id];
    const listed = async () =>
      expectOk(
        await call<{ list: GG[] }>('GET', '/v1/knowledgraph/groups?subjectId=en&keyword=顺序&size=50', graphAdmin),
      ).list.map((g) => g.id);
    const studentTabs = async () =>
      expectOk(
        await call<SG>('GET', '/v1/student/knowledgegraph', await t.login('student'), undefined, { agency: 'demo' }),
      )
        .graphs.map((g) => g.group.id)
        .filter((id) => mine.includes(id));
    const move = async (id: string, direction: string) =>
      expectOk(await call<{ moved: boolean }>('POST', `/v1/knowledgraph/group/${id}/move`, graphAdmin, { direction }))
        .moved;
    expect(await listed()).toEqual([a.id, b.id, c.id]);
    expect(await move(c.id, 'up')).toBe(true);
    expect(await listed()).toEqual([a.id, c.id, b.id]);
    expect(await studentTabs()).toEqual([a.id, c.id, b.id]);
    // Not past the ends of the subject (other tests' English groups come before these).
    expect(await move(b.id, 'down')).toBe(false);
    expect(await move(a.id, 'down')).toBe(true);
    expect(await listed()).toEqual([c.id, a.id, b.id]);
    // Moves at once queue on the subject's lock; every place stays taken once.
    await Promise.all([move(b.id, 'up'), move(c.id, 'down')]);
    const sorts = rowsOf<{ sort: number }>(
      await t.db.execute(sql`select sort from graph_groups where subject_id = 'en' order by sort`),
    ).map((r) => Number(r.sort));
    expect(new Set(sorts).size).toBe(sorts.length);
    expect((await listed()).sort()).toEqual([...mine].sort());
    // Another subject: last among its groups.
    expectOk(await call('POST', `/v1/knowledgraph/group/${a.id}`, graphAdmin, { subjectId: 'math' }));
    const math = expectOk(
      await call<{ list: GG[] }>('GET', '/v1/knowledgraph/groups?subjectId=math&size=100', graphAdmin),
    ).list;
    expect(math.at(-1)?.id).toBe(a.id);
    expectError(await call('POST', `/v1/knowledgraph/group/${a.id}/move`, graphAdmin, { direction: 'left' }), 400);
    expectError(await call('POST', '/v1/knowledgraph/group/999999/move', graphAdmin, { direction: 'up' }), 404);
    expectError(
      await call('POST', `/v1/knowledgraph/group/${a.id}/move`, agencyAdmin, { direction: 'up' }, { agency: 'demo' }),
      403,
    );
    for (const g of mine) expectOk(await call('DELETE', `/v1/knowledgraph/group/${g}`, graphAdmin));
  });

  it('adds knowledge points once, refuses an unknown one by name, edits and lays out items', async () => {
    const g = await newGroup('节点测试');
    const first = await addItems(g.id, [kps.A, kps.B]);
    expect(first.map((i) => i.knowledgeName)).toEqual([kpName.A, kpName.B]);
    expect(first[0]).toMatchObject({ x: null, y: null, resources: { schemeIds: [], questionIds: [], videoUrl: null } });
    const again = await addItems(g.id, [kps.A, kps.C]);
    expect(again.map((i) => i.knowledgeCode)).toEqual([kps.C]);
    const unknown = await call('PUT', `/v1/knowledgraph/group/${g.id}/items`, graphAdmin, {
      knowledgeCodes: [kps.D, 'en.g7.c99'],
    });
    expectError(unknown, 400);
    expect(unknown.body.errmsg).toBe('请求参数有误：知识点「en.g7.c99」不存在');
    expect((await detail(g.id)).items).toHaveLength(3);

    const item = GraphItem.parse(
      expectOk(
        await call<GI>('POST', `/v1/knowledgraph/item/${first[0].id}`, graphAdmin, {
          description: '先学这个',
          resources: { schemeIds: ['1'], questionIds: ['2', '3'], videoUrl: 'https://example.com/v.mp4' },
        }),
      ),
    );
    expect(item).toMatchObject({ description: '先学这个', resources: { videoUrl: 'https://example.com/v.mp4' } });
    expect(expectOk(await call<GI>('GET', `/v1/knowledgraph/item/${first[0].id}`, graphAdmin))).toEqual(item);
    const badUrl = await call('POST', `/v1/knowledgraph/item/${first[0].id}`, graphAdmin, {
      resources: { schemeIds: [], questionIds: [], videoUrl: 'ftp://x' },
    });
    expectError(badUrl, 400);

    const other = await newGroup('另一个图谱');
    const [foreign] = await addItems(other.id, [kps.A]);
    const saved = expectOk(
      await call<{ saved: number }>('POST', `/v1/knowledgraph/group/${g.id}/layout`, graphAdmin, {
        positions: [
          { itemId: first[0].id, x: 10, y: 20 },
          { itemId: first[1].id, x: 30.5, y: -4 },
          { itemId: foreign.id, x: 1, y: 1 },
        ],
      }),
    );
    expect(saved.saved).toBe(2);
    const d = await detail(g.id);
    expect(d.items.find((i) => i.id === first[1].id)).toMatchObject({ x: 30.5, y: -4 });
    expect((await detail(other.id)).items[0]).toMatchObject({ x: null, y: null });
  });
});

describe('edges', () => {
  it('refuses a cycle naming its knowledge points, a self-loop, a duplicate and a foreign item', async () => {
    const g = await newGroup('环测试');
    const [a, b, c] = await addItems(g.id, [kps.A, kps.B, kps.C]);
    const ab = expectOk(await addEdge(g.id, a.id, b.id));
    expect(ab).toMatchObject({ fromItemId: a.id, toItemId: b.id });
    expectOk(await addEdge(g.id, b.id, c.id));
    const cycle = await addEdge(g.id, c.id, a.id);
    expectError(cycle, 400);
    expect(cycle.body.errmsg).toBe(`不能添加：会形成环（${kpName.A} → ${kpName.B} → ${kpName.C} → ${kpName.A}）`);
    const self = await addEdge(g.id, a.id, a.id);
    expectError(self, 400);
    expectError(await addEdge(g.id, a.id, b.id), 400);
    const other = await newGroup('别的图谱');
    const [x] = await addItems(other.id, [kps.D]);
    const foreign = await addEdge(g.id, a.id, x.id);
    expectError(foreign, 400);
    expect(foreign.body.errmsg).toBe('请求参数有误：后续节点不在该图谱中');
    // A → C is no cycle.
    expectOk(await addEdge(g.id, a.id, c.id));
    expect((await detail(g.id)).group.edgeCount).toBe(3);
    expectOk(await call('DELETE', `/v1/knowledgraph/edge/${ab.id}`, graphAdmin));
    expectError(await call('DELETE', `/v1/knowledgraph/edge/${ab.id}`, graphAdmin), 404);
    // With A → B gone, B → … → A is no path: C → A still closes A → C → A.
    expectError(await addEdge(g.id, c.id, a.id), 400);
    expectOk(await addEdge(g.id, b.id, a.id));
  });

  it('never lets two concurrent inserts close a cycle together', async () => {
    const g = await newGroup('并发测试');
    const [a, b, c] = await addItems(g.id, [kps.A, kps.B, kps.C]);
    expectOk(await addEdge(g.id, a.id, b.id));
    // B → C and C → A are each fine alone; together with A → B they close a cycle.
    const results = await Promise.all([addEdge(g.id, b.id, c.id), addEdge(g.id, c.id, a.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await detail(g.id)).edges).toHaveLength(2);
  });

  it('deleting an item takes its edges', async () => {
    const g = await newGroup('删除节点');
    const [a, b, c] = await addItems(g.id, [kps.A, kps.B, kps.C]);
    expectOk(await addEdge(g.id, a.id, b.id));
    expectOk(await addEdge(g.id, b.id, c.id));
    expectOk(await call('DELETE', `/v1/knowledgraph/item/${b.id}`, graphAdmin));
    const d = await detail(g.id);
    expect(d.items.map((i) => i.id)).toEqual([a.id, c.id]);
    expect(d.edges).toEqual([]);
    expectError(await call('GET', `/v1/knowledgraph/item/${b.id}`, graphAdmin), 404);
  });
});

describe('limits', () => {
  it(`refuses more than ${GRAPH_MAX_ITEMS} items and ${GRAPH_MAX_EDGES} edges`, async () => {
    const g = await newGroup('上限测试');
    const parent = await (async () =>
      expectOk(
        await t.call<{ code: string }>('PUT', '/v1/exam/question/knowledgepoint', {
          token: platformAdmin,
          body: { request: { parent: 'en.g8', name: '上限测试章' } },
        }),
      ).code)();
    // Filled directly: GRAPH_MAX_ITEMS points and items, then edges i → i+1, i+2, i+3 up to the edge limit.
    await t.db.execute(sql`insert into knowledge_points (code, parent_code, name, lv, depth, sort)
      select ${parent} || '.k' || i, ${parent}, '上限点' || i, 'lv1', 3, i from generate_series(1, ${GRAPH_MAX_ITEMS}) i`);
    await t.db.execute(sql`insert into graph_items (group_id, knowledge_code)
      select ${Number(g.id)}, ${parent} || '.k' || i from generate_series(1, ${GRAPH_MAX_ITEMS}) i`);
    const more = await call('PUT', `/v1/knowledgraph/group/${g.id}/items`, graphAdmin, { knowledgeCodes: [kps.E] });
    expectError(more, 400);
    expect(more.body.errmsg).toBe(`请求参数有误：一个图谱最多 ${GRAPH_MAX_ITEMS} 个节点`);
    await t.db.execute(sql`insert into graph_edges (group_id, from_item_id, to_item_id)
      select group_id, id, bid from (
        select a.group_id, a.id, b.id as bid, row_number() over (order by a.id, b.id) as n
        from graph_items a join graph_items b on b.group_id = a.group_id and b.id between a.id + 1 and a.id + 3
        where a.group_id = ${Number(g.id)}) x
      where n <= ${GRAPH_MAX_EDGES}`);
    const d = await detail(g.id);
    expect(d.group).toMatchObject({ itemCount: GRAPH_MAX_ITEMS, edgeCount: GRAPH_MAX_EDGES });
    const last = d.items[d.items.length - 1];
    const edge = await addEdge(g.id, d.items[0].id, last.id);
    expectError(edge, 400);
    expect(edge.body.errmsg).toBe(`请求参数有误：一个图谱最多 ${GRAPH_MAX_EDGES} 条先修关系`);
  }, 60_000);
});

describe('usage, stats and the student graph', () => {
  let g: GG;
  const item: Record<string, GI> = {};

  beforeAll(async () => {
    // A → B, B → C, B → D; E alone.
    g = await newGroup('状态测试');
    for (const i of await addItems(g.id, [kps.A, kps.B, kps.C, kps.D, kps.E]))
      item[KP_KEYS.find((k) => kps[k] === i.knowledgeCode)!] = i;
    expectOk(await addEdge(g.id, item.A.id, item.B.id));
    expectOk(await addEdge(g.id, item.B.id, item.C.id));
    expectOk(await addEdge(g.id, item.B.id, item.D.id));
    // The learner: A mastered (all right in a paper), B and C attempted, D and E untrained.
    await answer(kps.A, '11', { paper: true });
    await answer(kps.B, '0');
    await answer(kps.C, '0');
    // A student of agency `other`: A attempted.
    await answer(kps.A, '0', { userId: otherLearnerId, agencyId: 'other' });
  });

  it('says where an item is used', async () => {
    const [repo] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from train_repos where agency_id = 'demo' order by id limit 1`),
    );
    await t.db
      .execute(sql`insert into schemes (agency_id, train_repo_id, title, type, init_phase, init_point, kp_range, phases)
      values ('demo', ${Number(repo.id)}, '用到 B 的方案', 'general', 'P', 'p', ${sql.param([kps.B])}::text[], '[]'::jsonb)`);
    const usage = expectOk(await call<GU>('GET', `/v1/knowledgraph/item/${item.B.id}/usage`, graphAdmin));
    expect(usage.schemes.map((s) => s.name)).toEqual(['用到 B 的方案']);
    expect(usage.studentsWithMastery).toBe(1);
    const a = expectOk(await call<GU>('GET', `/v1/knowledgraph/item/${item.A.id}/usage`, graphAdmin));
    expect(a).toEqual({ schemes: [], studentsWithMastery: 2 });
  });

  it('counts levels and stuck students across agencies, or in the viewer’s agency', async () => {
    const platform = GraphStats.parse(
      expectOk(await call<GS>('GET', `/v1/knowledgraph/group/${g.id}/stats`, platformAdmin)),
    );
    expect(platform.scope).toBe('platform');
    const of = (s: GS, key: string) => s.items.find((i) => i.itemId === item[key].id)!;
    expect(of(platform, 'A').levels.map((l) => l.level)).toEqual([
      'none',
      'attempted',
      'familiar',
      'proficient',
      'mastered',
    ]);
    expect(of(platform, 'A')).toMatchObject({ students: 2, stuck: 1 });
    expect(of(platform, 'A').levels.find((l) => l.level === 'mastered')!.count).toBe(1);
    // B: attempted with A mastered → stuck. C: B not mastered → not stuck.
    expect(of(platform, 'B')).toMatchObject({ students: 1, stuck: 1 });
    expect(of(platform, 'C')).toMatchObject({ students: 1, stuck: 0 });
    expect(of(platform, 'E')).toMatchObject({ students: 0, stuck: 0 });
    expect(platform.stuckItems).toEqual([item.B.id, item.A.id]);

    const agency = GraphStats.parse(
      expectOk(
        await call<GS>('GET', `/v1/knowledgraph/group/${g.id}/stats`, platformAdmin, undefined, { agency: 'demo' }),
      ),
    );
    expect(agency.scope).toBe('agency');
    expect(of(agency, 'A')).toMatchObject({ students: 1, stuck: 0 });
    expect(agency.stuckItems).toEqual([item.B.id]);
  });

  it('gives the student each node’s state', async () => {
    const mine = StudentGraphs.parse(
      expectOk(await call<SG>('GET', '/v1/student/knowledgegraph', learner, undefined, { agency: 'demo' })),
    );
    const graph = mine.graphs.find((x) => x.group.id === g.id)!;
    const state = Object.fromEntries(
      Object.entries(item).map(([k, i]) => [k, graph.nodes.find((n) => n.id === i.id)!]),
    );
    expect(state.A).toMatchObject({ state: 'mastered', mastery: { level: 'mastered', trained: true } });
    expect(state.B).toMatchObject({ state: 'ready', mastery: { level: 'attempted', trained: true } });
    expect(state.C).toMatchObject({ state: 'learning', mastery: { trained: true } });
    expect(state.D).toMatchObject({ state: 'locked', mastery: { level: null, trained: false } });
    expect(state.E).toMatchObject({ state: 'ready', mastery: { level: null, trained: false } });
    expect(graph.edges).toHaveLength(3);
    // The other agency's student trained English there, not here: no graph in agency demo's context for them.
    const fresh = await addUser(t, 'kgfresh', '新学生', ['edu:agency:demo:student']);
    expect(fresh).toBeGreaterThan(0);
    const none = expectOk(
      await call<SG>('GET', '/v1/student/knowledgegraph', await t.login('kgfresh'), undefined, { agency: 'demo' }),
    );
    expect(none.graphs).toEqual([]);
  });
});

describe('practice', () => {
  it('starts a training drawn from the subtree under a system scheme that lists and stats leave out', async () => {
    const started = expectOk(
      await call<{ trainId: string }>(
        'POST',
        '/v1/student/knowledgegraph/practice',
        learner,
        { knowledgeCode: kps.D },
        {
          agency: 'demo',
        },
      ),
    );
    const training = expectOk(
      await call<{ schemeId: string; title: string; question: { id: string } | null; status: string }>(
        'GET',
        `/v1/train/${started.trainId}`,
        learner,
        undefined,
        { agency: 'demo' },
      ),
    );
    expect(training.status).toBe('running');
    expect(training.title).toBe(`知识点练习：${kpName.D}`);
    expect(training.question?.id).toBe(String(questionOf[kps.D]));
    // Again on the same point: the same training; on another point: a new one (the first is finished).
    const again = expectOk(
      await call<{ trainId: string }>(
        'POST',
        '/v1/student/knowledgegraph/practice',
        learner,
        { knowledgeCode: kps.D },
        {
          agency: 'demo',
        },
      ),
    );
    expect(again.trainId).toBe(started.trainId);
    const onC = expectOk(
      await call<{ trainId: string }>(
        'POST',
        '/v1/student/knowledgegraph/practice',
        learner,
        { knowledgeCode: kps.C },
        {
          agency: 'demo',
        },
      ),
    );
    expect(onC.trainId).not.toBe(started.trainId);
    const cTraining = expectOk(
      await call<{ question: { id: string } | null }>('GET', `/v1/train/${onC.trainId}`, learner, undefined, {
        agency: 'demo',
      }),
    );
    expect(cTraining.question?.id).toBe(String(questionOf[kps.C]));
    const schemeId = training.schemeId;

    // Out of the staff's scheme lists, the students' open list, the scheme calls and the scheme statistics.
    const staff = expectOk(
      await call<{ list: { schemeId: string }[] }>(
        'GET',
        '/v1/train/control/schemes?size=200',
        agencyAdmin,
        undefined,
        {
          agency: 'demo',
        },
      ),
    );
    expect(staff.list.map((s) => s.schemeId)).not.toContain(schemeId);
    const open = expectOk(
      await call<{ list: { schemeId: string }[] }>('GET', '/v1/train/open/schemes?size=200', learner, undefined, {
        agency: 'demo',
      }),
    );
    expect(open.list.map((s) => s.schemeId)).not.toContain(schemeId);
    expectError(await call('GET', `/v1/train/scheme/${schemeId}`, agencyAdmin, undefined, { agency: 'demo' }), 404);
    expectError(
      await call('GET', `/v1/train/scheme/${schemeId}/stats/user`, agencyAdmin, undefined, { agency: 'demo' }),
      404,
    );
    const student = expectOk(
      await call<{ summary: { trainings: number }; trainings: { list: unknown[] } }>(
        'GET',
        `/v1/train/student/${learnerId}/stats`,
        agencyAdmin,
        undefined,
        { agency: 'demo' },
      ),
    );
    expect(JSON.stringify(student)).not.toContain(`"schemeId":"${schemeId}"`);
    // One system scheme for the agency, whatever the number of practices.
    const rows = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from graph_practice_schemes where agency_id = 'demo'`),
    );
    expect(Number(rows[0].n)).toBe(1);
  });

  it('refuses an unknown knowledge point and keeps admins out', async () => {
    const r = await call(
      'POST',
      '/v1/student/knowledgegraph/practice',
      learner,
      { knowledgeCode: 'en.g7.c99' },
      {
        agency: 'demo',
      },
    );
    expectError(r, 400);
    expectError(
      await call(
        'POST',
        '/v1/student/knowledgegraph/practice',
        agencyAdmin,
        { knowledgeCode: kps.A },
        { agency: 'demo' },
      ),
      403,
    );
  });
});
