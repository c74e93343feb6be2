// The read-only graph views (docs/knowledge-graph.md "Teachers and parents"): a student's graphs as the student
// sees them for the agency's admins, for teachers under the studentInfo rule of docs/classes.md and for the
// child's parents (docs/parents.md), each with 404 for anyone else; a class's aggregate over its members only.
import { ClassGraphs, StudentGraphs, type ClassGraphs as CG, type StudentGraphs as SG } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { graphFixture } from './graph-test-fixture.js';

let t: TestApp;
let f: Awaited<ReturnType<typeof graphFixture>>;
const tok: Record<string, string> = {};
const id: Record<string, string> = {};
let classId: string;
let soloClassId: string;

const get = <T>(url: string, who: string, agency: string | undefined = 'demo') =>
  f.call<T>('GET', url, tok[who], undefined, { agency });
const userId = async (username: string) => {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return String(row.id);
};

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, 'viewgrapher', '视图图谱管理员', ['edu:knowledgraph:admin']);
  id.solo = String(await addUser(t, 'viewsolo', '单独学生', ['edu:agency:demo:student']));
  await addUser(t, 'viewteacher', '另一位老师', ['edu:agency:demo:teacher']);
  await addUser(t, 'viewstudentadmin', '学生管理员', ['edu:agency:demo:student:admin']);
  for (const u of ['viewgrapher', 'viewteacher', 'viewstudentadmin', 'viewsolo', 'agency', 'other', 'teacher'])
    tok[u] = await t.login(u);
  for (const u of ['student', 'xiaohong', 'parent', 'parent2']) tok[u] = await t.login(u);
  id.student = await userId('student');
  id.xiaohong = await userId('xiaohong');
  id.teacher = await userId('teacher');
  f = await graphFixture(t, tok.viewgrapher, '视图章');
  await f.graph('视图测试', [['A', 'B']]);
  // 初一（1）班: every demo student, taught by 张老师; a class of the other teacher with viewsolo only.
  const classes = expectOk(await get<{ list: { id: string; name: string }[] }>('/v1/class/list?size=50', 'teacher'));
  classId = classes.list.find((c) => c.name === '初一（1）班')!.id;
  const solo = expectOk(
    await f.call<{ id: string }>(
      'PUT',
      '/v1/class',
      tok.agency,
      { kind: 'ordinary', name: '图谱视图单人班', subjectId: 'en', gradeId: 'g7' },
      { agency: 'demo' },
    ),
  );
  soloClassId = solo.id;
  const add = (which: string, who: string) =>
    f.call('POST', `/v1/class/${soloClassId}/${which}/add`, tok.agency, { userIds: [who] }, { agency: 'demo' });
  expectOk(await add('members', id.solo));
  expectOk(await add('teachers', await userId('viewteacher')));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a student’s graphs for others', () => {
  let own: SG;
  beforeAll(async () => {
    own = StudentGraphs.parse(expectOk(await get<SG>('/v1/student/knowledgegraph', 'student')));
    expect(own.graphs.length).toBeGreaterThan(0);
  });

  it('GET /v1/class/student/:id/knowledgegraph: the agency admin and the student’s teachers, else 404', async () => {
    const url = (who: string) => `/v1/class/student/${who}/knowledgegraph`;
    expect(expectOk(await get<SG>(url(id.student), 'teacher'))).toEqual(own);
    expect(expectOk(await get<SG>(url(id.student), 'agency'))).toEqual(own);
    const solos = expectOk(await get<SG>('/v1/student/knowledgegraph', 'viewsolo'));
    expect(expectOk(await get<SG>(url(id.solo), 'viewteacher'))).toEqual(solos);
    // A teacher of another class, a non-student, unknown and malformed ids.
    expectError(await get(url(id.student), 'viewteacher'), 404);
    expectError(await get(url(id.solo), 'teacher'), 404);
    expectError(await get(url(id.teacher), 'agency'), 404);
    expectError(await get(url('999999'), 'agency'), 404);
    expectError(await get(url('x1'), 'agency'), 404);
    // Another agency's admin in their agency: not a student there.
    expectError(await get(url(id.student), 'other', 'other'), 404);
    // The route's rule, as class/studentInfo's: a student admin has the admin call instead.
    for (const who of ['viewstudentadmin', 'student', 'parent']) expectError(await get(url(id.student), who), 403);
  });

  it('GET /v1/train/student/:id/knowledgegraph: the agency’s admin and student admin, else 404', async () => {
    const url = (who: string) => `/v1/train/student/${who}/knowledgegraph`;
    expect(expectOk(await get<SG>(url(id.student), 'agency'))).toEqual(own);
    expect(expectOk(await get<SG>(url(id.student), 'viewstudentadmin'))).toEqual(own);
    expectError(await get(url(id.teacher), 'agency'), 404);
    expectError(await get(url('999999'), 'agency'), 404);
    expectError(await get(url(id.student), 'other', 'other'), 404);
    expectError(await get(url(id.student), 'teacher'), 403);
  });

  it('GET /v1/parent/child/:id/knowledgegraph: the child’s parents in the child’s agency, else 404', async () => {
    const url = (who: string) => `/v1/parent/child/${who}/knowledgegraph`;
    expect(expectOk(await get<SG>(url(id.student), 'parent'))).toEqual(own);
    const hers = expectOk(await get<SG>('/v1/student/knowledgegraph', 'xiaohong'));
    expect(expectOk(await get<SG>(url(id.xiaohong), 'parent2'))).toEqual(hers);
    expectError(await get(url(id.xiaohong), 'parent'), 404);
    expectError(await get(url(id.student), 'parent2'), 404);
    expectError(await get(url('999999'), 'parent'), 404);
    // An agency where the parent has no child: refused before the child is looked at, as the parent's other reads.
    expectError(await get(url(id.student), 'parent', 'other'), 403);
    expectError(await get(url(id.student), 'teacher'), 403);
  });

  it('stays read-only: a viewer cannot start practice', async () => {
    const node = own.graphs[0].nodes[0];
    for (const who of ['teacher', 'agency', 'parent'])
      expectError(
        await f.call(
          'POST',
          '/v1/student/knowledgegraph/practice',
          tok[who],
          { knowledgeCode: node.knowledgeCode },
          {
            agency: 'demo',
          },
        ),
        403,
      );
  });
});

describe('GET /v1/class/:id/knowledgegraph/stats', () => {
  const url = (cls: string) => `/v1/class/${cls}/knowledgegraph/stats`;

  it('counts the class’s members only, each item’s levels adding up to the class', async () => {
    const before = ClassGraphs.parse(expectOk(await get<CG>(url(soloClassId), 'viewteacher')));
    expect(before.members).toBe(1);
    const graph = () => before.graphs.find((g) => g.group.name === '视图测试')!;
    expect(graph().items.every((i) => i.levels.find((l) => l.level === 'none')!.count === 1)).toBe(true);
    // viewsolo: A mastered in a paper, B attempted → stuck on B. A student outside the class answers too.
    await f.answer(f.kps.A, '11', { userId: Number(id.solo), paper: true });
    await f.answer(f.kps.B, '0', { userId: Number(id.solo) });
    await f.answer(f.kps.B, '0', { userId: Number(id.student) });
    const after = ClassGraphs.parse(expectOk(await get<CG>(url(soloClassId), 'viewteacher')));
    const g = after.graphs.find((x) => x.group.name === '视图测试')!;
    const item = (key: 'A' | 'B' | 'C') => g.items.find((i) => i.knowledgeCode === f.kps[key])!;
    const count = (key: 'A' | 'B' | 'C', level: string) => item(key).levels.find((l) => l.level === level)!.count;
    expect(count('A', 'mastered')).toBe(1);
    expect(item('B')).toMatchObject({ students: 1, stuck: 1 });
    expect(count('B', 'attempted')).toBe(1);
    expect(count('C', 'none')).toBe(1);
    expect(g.stuckItems).toEqual([item('B').itemId]);
    for (const i of g.items) expect(i.levels.reduce((n, l) => n + l.count, 0)).toBe(1);
  });

  it('answers the class’s readers and 404 for a class they may not see', async () => {
    const big = ClassGraphs.parse(expectOk(await get<CG>(url(classId), 'teacher')));
    expect(big.members).toBeGreaterThan(1);
    expect(big.graphs.map((g) => g.group.subjectId)).toContain('en');
    expect(big.graphs.every((g) => g.group.subjectId === 'en')).toBe(true);
    expectOk(await get(url(classId), 'agency'));
    expectOk(await get(url(classId), 'viewstudentadmin'));
    expectError(await get(url(classId), 'viewteacher'), 404);
    expectError(await get(url(soloClassId), 'teacher'), 404);
    expectError(await get(url('999999'), 'agency'), 404);
    expectError(await get(url(classId), 'other', 'other'), 404);
    expectError(await get(url(classId), 'student'), 403);
    expectError(await get(url(classId), 'parent'), 403);
  });
});
