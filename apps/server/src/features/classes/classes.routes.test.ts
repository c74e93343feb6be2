// API tests of classes (docs/classes.md): who sees which class (admin all, teacher their own, other admins
// read-only, another agency nothing), create / edit / archive, members and teachers of the agency only, foreign
// ids 404, bad input 400 changing nothing, and the teacher's reads (student info, scores, stats, today in CST).
import {
  ClassStats,
  ClassStudentInfo,
  ClassStudentScores,
  ClassSummary,
  ClassToday,
  type ClassSummary as CS,
  cstDayStart,
} from '@edu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRecords, trainings } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
interface Page<T> {
  total: number | string;
  list: T[];
}

const call = <T = unknown>(method: 'GET' | 'PUT' | 'POST', url: string, who: string, body?: unknown, agency = 'demo') =>
  t.call<T>(method, url, {
    token: tok[who],
    agency,
    ...(body === undefined ? {} : { body: { request: body } }),
  });

const create = async (name: string, kind: 'ordinary' | 'event' = 'ordinary') =>
  ClassSummary.parse(expectOk(await call<CS>('PUT', '/v1/class', 'agency', { kind, name, gradeId: null })));
const list = async (who: string, query: string, agency = 'demo') =>
  expectOk(await call<Page<CS>>('GET', `/v1/class/list?${query}`, who, undefined, agency));

beforeAll(async () => {
  t = await createTestApp();
  const extra: [string, string, string[]][] = [
    ['cls-teacher2', '赵老师', ['edu:agency:demo:teacher']],
    ['cls-student2', '王同学', ['edu:agency:demo:student']],
    ['cls-student3', '陈同学', ['edu:agency:demo:student']],
    ['cls-qadmin', '题库管理员', ['edu:agency:demo:question:admin']],
    ['cls-other-student', '外机构学生', ['edu:agency:other:student']],
    ['cls-other-teacher', '外机构老师', ['edu:agency:other:teacher']],
    ['cls-both', '两机构老师', ['edu:agency:demo:teacher', 'edu:agency:other:admin']],
  ];
  for (const [u, n, r] of extra) ids[u] = String(await addUser(t, u, n, r));
  for (const u of ['agency', 'teacher', 'student', 'other', ...extra.map((e) => e[0])]) tok[u] = await t.login(u);
  const rows = rowsOf<{ id: number; username: string }>(
    await t.db.execute(sql`select id, username from users where username in ('teacher', 'student')`),
  );
  for (const r of rows) ids[r.username] = String(r.id);
});
afterAll(() => t.close());

describe('classes: create, edit, archive', () => {
  it('an agency admin creates a class; bad input is refused in Chinese and changes nothing', async () => {
    const c = await create('初一(1)班');
    expect(c).toMatchObject({ kind: 'ordinary', name: '初一(1)班', archived: false, memberCount: 0, canManage: true });
    expectError(await call('PUT', '/v1/class', 'agency', { kind: 'ordinary', name: '  ' }), 400);
    const dup = await call('PUT', '/v1/class', 'agency', { kind: 'ordinary', name: '初一(1)班' });
    expectError(dup, 400);
    expect(dup.body.errmsg).toContain('同名班级');
    const grade = await call('PUT', '/v1/class', 'agency', { kind: 'event', name: '无此年级', gradeId: 'nope' });
    expectError(grade, 400);
    expect(grade.body.errmsg).toContain('年级不存在');
    expectError(await call('PUT', '/v1/class', 'agency', { kind: 'party', name: '类型不对' }), 400);
    expect((await list('agency', 'keyword=无此年级')).total).toBe(0);
    expect((await list('agency', 'keyword=类型不对')).total).toBe(0);
  });

  it('teachers and other agencies cannot create; edit and archive answer 404 on a foreign id', async () => {
    expectError(await call('PUT', '/v1/class', 'teacher', { kind: 'ordinary', name: '老师建的' }), 403);
    const c = await create('编辑测试班');
    expectError(await call('POST', `/v1/class/${c.id}`, 'other', { name: 'x' }, 'other'), 404);
    expectError(await call('POST', `/v1/class/${c.id}/archive`, 'other', undefined, 'other'), 404);
    expectError(await call('POST', '/v1/class/99999999', 'agency', { name: 'x' }), 404);
    expectError(await call('GET', '/v1/class/abc', 'agency'), 404);
    const edited = expectOk(
      await call<CS>('POST', `/v1/class/${c.id}`, 'agency', {
        name: '编辑后的班',
        gradeId: 'g7',
        subjectId: 'en',
        description: '说明',
      }),
    );
    expect(edited).toMatchObject({ name: '编辑后的班', gradeId: 'g7', subjectId: 'en', description: '说明' });
    expect(edited.gradeName).toBeTruthy();
  });

  it('archiving hides a class from the list, makes it read-only, and unarchiving brings it back', async () => {
    const c = await create('归档测试班');
    const archived = expectOk(await call<CS>('POST', `/v1/class/${c.id}/archive`, 'agency'));
    expect(archived.archived).toBe(true);
    expect((await list('agency', 'keyword=归档测试班')).total).toBe(0);
    expect((await list('agency', 'keyword=归档测试班&archived=true')).list.map((x) => x.id)).toEqual([c.id]);
    expectError(await call('POST', `/v1/class/${c.id}`, 'agency', { name: '改名' }), 409);
    expectError(await call('POST', `/v1/class/${c.id}/members/add`, 'agency', { userIds: [ids.student] }), 409);
    // The name is free again while the class is archived; unarchiving into a clash is refused.
    const again = await create('归档测试班');
    expectError(await call('POST', `/v1/class/${c.id}/unarchive`, 'agency'), 409);
    await call('POST', `/v1/class/${again.id}`, 'agency', { name: '归档测试班二' });
    expect(expectOk(await call<CS>('POST', `/v1/class/${c.id}/unarchive`, 'agency')).archived).toBe(false);
  });
});

describe('classes: members, teachers and who sees what', () => {
  let cls: CS;
  let event: CS;
  beforeAll(async () => {
    cls = await create('可见性班');
    event = await create('可见性辅导班', 'event');
  });

  it('adds students and teachers of the agency only; a foreign or wrong-role id is 404 and changes nothing', async () => {
    const add = (which: string, userIds: string[], c = cls) =>
      call<{ changed: number }>('POST', `/v1/class/${c.id}/${which}/add`, 'agency', { userIds });
    expectError(await add('members', [ids.student, ids['cls-other-student']]), 404);
    expectError(await add('members', [ids.student, ids.teacher]), 404);
    expectError(await add('teachers', [ids['cls-other-teacher']]), 404);
    expectError(await add('members', ['0']), 404);
    expectError(await add('members', []), 400);
    expect((await call<Page<unknown>>('GET', `/v1/class/${cls.id}/members`, 'agency')).body.response.total).toBe(0);
    expect(expectOk(await add('members', [ids.student, ids['cls-student2'], ids.student])).changed).toBe(2);
    expect(expectOk(await add('members', [ids.student])).changed).toBe(0);
    expect(expectOk(await add('teachers', [ids.teacher])).changed).toBe(1);
    expect(expectOk(await add('teachers', [ids['cls-both']], event)).changed).toBe(1);
    const members = expectOk(
      await call<Page<{ id: string; name: string }>>('GET', `/v1/class/${cls.id}/members`, 'agency'),
    );
    expect(members.list.map((m) => m.id).sort()).toEqual([ids.student, ids['cls-student2']].sort());
    const kw = expectOk(await call<Page<{ id: string }>>('GET', `/v1/class/${cls.id}/members?keyword=王`, 'agency'));
    expect(kw.list.map((m) => m.id)).toEqual([ids['cls-student2']]);
    const got = expectOk(await call<CS>('GET', `/v1/class/${cls.id}`, 'agency'));
    expect(got.memberCount).toBe(2);
    expect(got.teachers.map((x) => x.id)).toEqual([ids.teacher]);
  });

  it('candidates are the agency’s students or teachers, marked when already in the class', async () => {
    const page = expectOk(
      await call<Page<{ id: string; inClass: boolean }>>(
        'GET',
        `/v1/class/${cls.id}/candidates?role=student`,
        'agency',
      ),
    );
    const byId = new Map(page.list.map((c) => [c.id, c.inClass]));
    expect(byId.get(ids.student)).toBe(true);
    expect(byId.get(ids['cls-student3'])).toBe(false);
    expect(byId.has(ids['cls-other-student'])).toBe(false);
    expect(byId.has(ids.teacher)).toBe(false);
    expectError(await call('GET', `/v1/class/${cls.id}/candidates?role=parent`, 'agency'), 400);
    expectError(await call('GET', `/v1/class/${cls.id}/candidates?role=student`, 'teacher'), 403);
  });

  it('a teacher sees the classes they teach only; others answer 404', async () => {
    const mine = await list('teacher', 'keyword=可见性');
    expect(mine.list.map((c) => c.id)).toEqual([cls.id]);
    expect(mine.list[0].canManage).toBe(false);
    expectOk(await call('GET', `/v1/class/${cls.id}/members`, 'teacher'));
    expectError(await call('GET', `/v1/class/${event.id}`, 'teacher'), 404);
    expectError(await call('GET', `/v1/class/${event.id}/members`, 'teacher'), 404);
    expectError(await call('GET', `/v1/class/${event.id}/stats`, 'teacher'), 404);
    expect((await list('cls-teacher2', 'keyword=可见性')).total).toBe(0);
    // The two-agency user teaches the event class in demo, and in `other` (as its admin) sees none of demo's.
    expect((await list('cls-both', 'keyword=可见性')).list.map((c) => c.id)).toEqual([event.id]);
    expect((await list('cls-both', 'keyword=可见性', 'other')).total).toBe(0);
    expectError(await call('GET', `/v1/class/${cls.id}`, 'cls-both', undefined, 'other'), 404);
  });

  it('kind filter and paging', async () => {
    const events = await list('agency', 'kind=event&keyword=可见性');
    expect(events.list.map((c) => c.id)).toEqual([event.id]);
    const page1 = await list('agency', 'keyword=可见性&size=1');
    const page2 = await list('agency', 'keyword=可见性&size=1&start=1');
    expect(page1.total).toBe(2);
    expect(new Set([page1.list[0].id, page2.list[0].id]).size).toBe(2);
    expectError(await call('GET', '/v1/class/list?size=500', 'agency'), 400);
  });

  it('other admins of the agency read every class but change nothing; students and other agencies nothing', async () => {
    const seen = await list('cls-qadmin', 'keyword=可见性');
    expect(seen.total).toBe(2);
    expect(seen.list.every((c) => !c.canManage)).toBe(true);
    expectError(await call('POST', `/v1/class/${cls.id}/archive`, 'cls-qadmin'), 403);
    expectError(await call('POST', `/v1/class/${cls.id}/members/remove`, 'teacher', { userIds: [ids.student] }), 403);
    expectError(await call('GET', '/v1/class/list', 'student'), 403);
    expect((await list('other', 'keyword=可见性', 'other')).total).toBe(0);
    expectError(await call('GET', `/v1/class/${cls.id}/members`, 'other', undefined, 'other'), 404);
    expectError(await call('GET', '/v1/class/list', 'other'), 403);
  });

  it('removes members and teachers', async () => {
    const c = await create('移出测试班');
    await call('POST', `/v1/class/${c.id}/members/add`, 'agency', { userIds: [ids['cls-student3']] });
    await call('POST', `/v1/class/${c.id}/teachers/add`, 'agency', { userIds: [ids['cls-teacher2']] });
    expect((await list('cls-teacher2', 'keyword=移出测试班')).total).toBe(1);
    const r = await call<{ changed: number }>('POST', `/v1/class/${c.id}/members/remove`, 'agency', {
      userIds: [ids['cls-student3'], ids.student],
    });
    expect(expectOk(r).changed).toBe(1);
    expectOk(await call('POST', `/v1/class/${c.id}/teachers/remove`, 'agency', { userIds: [ids['cls-teacher2']] }));
    expect((await list('cls-teacher2', 'keyword=移出测试班')).total).toBe(0);
    expect(expectOk(await call<CS>('GET', `/v1/class/${c.id}`, 'agency')).memberCount).toBe(0);
  });
});

describe("classes: a teacher's reads", () => {
  let cls: CS;
  let schemeNo = 900_000;
  const now = Date.UTC(2026, 0, 5, 8, 0, 0);
  const training = async (
    who: string,
    at: number,
    status: 'finished' | 'running',
    score: number,
    title = '单元练习',
  ) => {
    const [row] = await t.db
      .insert(trainings)
      .values({
        agencyId: 'demo',
        schemeId: title === '单元练习' ? 900_001 : schemeNo++,
        userId: Number(ids[who]),
        scheme: { title, type: 'general' },
        seed: 1,
        status,
        state: {},
        answered: 10,
        correct: score,
        score,
        maxScore: 10,
        startedAt: new Date(at),
        endedAt: status === 'running' ? null : new Date(at + 600_000),
      })
      .returning({ id: trainings.id });
    return row.id;
  };

  beforeAll(async () => {
    t.clock.set(now);
    cls = await create('读数班');
    await call('POST', `/v1/class/${cls.id}/members/add`, 'agency', {
      userIds: [ids['cls-student2'], ids['cls-student3']],
    });
    await call('POST', `/v1/class/${cls.id}/teachers/add`, 'agency', { userIds: [ids['cls-teacher2']] });
    // CST day of `now` starts 2026-01-04 16:00 UTC: 15:00 UTC is yesterday there, 01:00 UTC on the 5th is today.
    await training('cls-student2', Date.UTC(2026, 0, 4, 15, 0), 'finished', 6);
    await training('cls-student2', Date.UTC(2026, 0, 5, 1, 0), 'finished', 9);
    await training('cls-student3', Date.UTC(2026, 0, 5, 2, 0), 'running', 3);
    await training('cls-student3', Date.UTC(2026, 0, 3, 2, 0), 'finished', 5);
    const [q] = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`select id from questions where agency_id = 'demo' and status = 'active' order by id limit 1`,
      ),
    );
    await t.db.insert(answerRecords).values(
      [1, 2, 3].map((i) => ({
        agencyId: 'demo',
        questionId: Number(q.id),
        version: 1,
        userId: Number(ids['cls-student2']),
        isCorrect: true,
        score: 1,
        createdAt: new Date(Date.UTC(2026, 0, 4, 1, i)),
      })),
    );
  });

  it('counts days in China Standard Time', () => {
    expect(cstDayStart(now)).toBe(Date.UTC(2026, 0, 4, 16, 0));
    expect(cstDayStart(Date.UTC(2026, 0, 4, 15, 59))).toBe(Date.UTC(2026, 0, 3, 16, 0));
  });

  it("today's work: each member's trainings of the CST day", async () => {
    const today = ClassToday.parse(expectOk(await call('GET', `/v1/class/${cls.id}/today`, 'cls-teacher2')));
    expect(today.day).toBe(Date.UTC(2026, 0, 4, 16, 0));
    const by = new Map(today.members.map((m) => [m.id, m]));
    expect(by.get(ids['cls-student2'])).toMatchObject({ trainings: 1, finished: 1, correct: 9 });
    expect(by.get(ids['cls-student3'])).toMatchObject({ trainings: 1, finished: 0 });
    expect(today.schemes.find((s) => s.title === '单元练习')).toMatchObject({ students: 2, finished: 1 });
    expectError(await call('GET', `/v1/class/${cls.id}/today`, 'teacher'), 404);
  });

  it('stats: scheme figures from ended trainings and mastery per point', async () => {
    const stats = ClassStats.parse(expectOk(await call('GET', `/v1/class/${cls.id}/stats`, 'cls-teacher2')));
    const unit = stats.schemes.find((s) => s.title === '单元练习')!;
    expect(unit).toMatchObject({ started: 2, finished: 2 });
    // Ended: 6, 9 (student2) and 5 (student3): (60 + 90 + 50) / 3.
    expect(unit.averagePercent).toBeCloseTo(66.7, 1);
    expect(stats.mastery.length).toBeGreaterThan(0);
    for (const p of stats.mastery) expect(Object.values(p.counts).reduce((a, b) => a + b, 0)).toBe(2);
    expect(stats.mastery.some((p) => p.counts.familiar === 1)).toBe(true);
  });

  it("a student's scores in the class next to the class average; a non-member is 404", async () => {
    const s = ClassStudentScores.parse(
      expectOk(await call('GET', `/v1/class/${cls.id}/student/${ids['cls-student2']}/scores`, 'cls-teacher2')),
    );
    const unit = s.schemes.find((x) => x.title === '单元练习')!;
    // Best rates: 90 % (student2's 9/10) and 50 % (student3's 5/10).
    expect(unit).toMatchObject({
      trainings: 2,
      best: 9,
      maxScore: 10,
      bestPercent: 90,
      classAveragePercent: 70,
      classFinished: 2,
    });
    expect(s.trainings).toHaveLength(2);
    expectError(await call('GET', `/v1/class/${cls.id}/student/${ids.student}/scores`, 'cls-teacher2'), 404);
    expectError(await call('GET', `/v1/class/${cls.id}/student/${ids['cls-student2']}/scores`, 'teacher'), 404);
  });

  it("student info: the student's class teachers and agency admins only", async () => {
    const info = ClassStudentInfo.parse(
      expectOk(await call('GET', `/v1/class/student/${ids['cls-student2']}`, 'cls-teacher2')),
    );
    expect(info.student.name).toBe('王同学');
    expect(info.classes.map((c) => c.id)).toEqual([cls.id]);
    expect(info.trainingTotal).toBe(2);
    expect(info.mastery.length).toBeGreaterThan(0);
    expectOk(await call('GET', `/v1/class/student/${ids['cls-student2']}`, 'agency'));
    // A teacher of the agency who teaches none of the student's classes.
    expectError(await call('GET', `/v1/class/student/${ids['cls-student2']}`, 'cls-both'), 404);
    expect(
      ClassStudentInfo.parse(expectOk(await call('GET', `/v1/class/student/${ids['cls-student2']}`, 'teacher')))
        .classes,
    ).toHaveLength(1);
    expectError(await call('GET', `/v1/class/student/${ids['cls-student2']}`, 'cls-qadmin'), 403);
    expectError(await call('GET', `/v1/class/student/${ids['cls-other-student']}`, 'agency'), 404);
    expectError(await call('GET', `/v1/class/student/${ids['cls-teacher2']}`, 'agency'), 404);
    expectError(await call('GET', `/v1/class/student/${ids['cls-student2']}`, 'other', undefined, 'other'), 404);
  });

  it("tasks: the class's tasks in stats, today's due ones with who has not finished", async () => {
    const insertTask = async (title: string, deadline: number) =>
      rowsOf<{ id: number }>(
        await t.db
          .execute(sql`insert into tasks (agency_id, title, scheme_id, scheme_type, class_id, start_at, deadline,
          late_policy) values ('demo', ${title}, 900001, 'general', ${Number(cls.id)}, ${new Date(now - 86_400_000)},
          ${new Date(deadline)}, 'none') returning id`),
      )[0].id;
    const today = await insertTask('今日任务', Date.UTC(2026, 0, 5, 12, 0));
    await insertTask('下周任务', Date.UTC(2026, 0, 12, 12, 0));
    for (const who of ['cls-student2', 'cls-student3'])
      await t.db.execute(sql`insert into task_students (task_id, user_id) values (${today}, ${Number(ids[who])})`);
    const done = await training('cls-student2', Date.UTC(2026, 0, 5, 3, 0), 'finished', 8, '任务训练');
    await t.db.execute(sql`update trainings set task_id = ${today} where id = ${done}`);

    const stats = ClassStats.parse(expectOk(await call('GET', `/v1/class/${cls.id}/stats`, 'cls-teacher2')));
    expect(stats.tasks.map((x) => x.title)).toEqual(['下周任务', '今日任务']);
    expect(stats.tasks[1]).toMatchObject({ assigned: 2, started: 1, finished: 1, averagePercent: 80 });
    const day = ClassToday.parse(expectOk(await call('GET', `/v1/class/${cls.id}/today`, 'cls-teacher2')));
    expect(day.tasks).toHaveLength(1);
    expect(day.tasks[0]).toMatchObject({ title: '今日任务', assigned: 2, finished: 1, notFinished: ['陈同学'] });
  });
});

describe('classes: demo seed', () => {
  it('seeds an ordinary class with every demo student and an event class, both taught by the demo teacher', async () => {
    const ordinary = await list('teacher', 'kind=ordinary&keyword=初一（1）班');
    expect(ordinary.list).toHaveLength(1);
    const seeded = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from users u join user_roles r on r.user_id = u.id
        where r.role = 'edu:agency:demo:student' and u.username not like 'cls-%'`),
    )[0].n;
    expect(ordinary.list[0]).toMatchObject({ memberCount: seeded, gradeId: 'g7', subjectId: 'en' });
    expect(ordinary.list[0].teachers.map((x) => x.username)).toEqual(['teacher']);
    const event = await list('teacher', 'kind=event&keyword=英语提高班');
    expect(event.list[0]).toMatchObject({ memberCount: 1 });
    const members = expectOk(
      await call<Page<{ username: string }>>('GET', `/v1/class/${event.list[0].id}/members`, 'teacher'),
    );
    expect(members.list.map((m) => m.username)).toEqual(['student']);
  });
});
