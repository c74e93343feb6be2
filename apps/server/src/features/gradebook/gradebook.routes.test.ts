// The class gradebook (docs/gradebook.md) on a manual clock: cells that say where each student stands (no score is
// null, never 0), the overall before and after a deadline, weights, a late penalty, paging, access, and the export.
import { Gradebook, Task, Training, type GradebookRow } from '@edu/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, classMembers, classTeachers } from '../../db/schema-classes.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn } from '../training/training-fixtures.test-helper.js';
import { GRADEBOOK_SHEET, OVERALL_HEADER, TASK_HEADERS, TASKS_SHEET } from './gradebook-export.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
let teacher: string;
let otherTeacher: string;
let trainAdmin: string;
let otherAdmin: string;
let s2: string;
let s3: string;
let classId: number;
let untaught: number;
let schemeId: string;
let taskA: Task;
let taskB: Task;
const call = schemeCalls(() => t);
const HOUR = 3600_000;
const TITLE_A = '=第一单元';

const create = async (over: Record<string, unknown>) =>
  Task.parse(
    expectOk(
      await call<Task>('PUT', '/v1/task', agency, {
        schemeId,
        classId: String(classId),
        startTime: t.clock.now(),
        latePolicy: 'none',
        homework: true,
        ...over,
      }),
    ),
  );
const start = async (taskId: string, token: string) =>
  Training.parse(expectOk(await call<Training>('PUT', `/v1/student/task/${taskId}/do`, token)));
const answer = async (trainId: string, questionId: string, ans: string[], token: string) =>
  expectOk(
    await call('POST', `/v1/train/${trainId}/answer`, token, {
      clientAnswerId: `gb-${trainId}-${questionId}`,
      questionId,
      answer: ans,
    }),
  );
const read = async (token = agency, query = '', id: number = classId) =>
  Gradebook.parse(expectOk(await call<Gradebook>('GET', `/v1/class/${id}/gradebook${query}`, token)));
const rowOf = (g: Gradebook, username: string): GradebookRow => g.list.find((r) => r.username === username)!;
const cellOf = (g: Gradebook, username: string, task: Task) =>
  rowOf(g, username).cells[g.tasks.findIndex((x) => x.taskId === task.taskId)];
const weigh = (task: Task, weight: unknown, token = agency) =>
  call('POST', `/v1/task/${task.taskId}/weight`, token, { weight });

beforeAll(async () => {
  t = await createTestApp({ config: { tokenTtlSeconds: 30 * 24 * 3600, tokenIdleSeconds: 30 * 24 * 3600 } });
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  const studentId = (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'student') }))!.id;
  const teacherId = (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'teacher') }))!.id;
  const s2Id = await addUser(t, 'gb-s2', '学生乙', ['edu:agency:demo:student']);
  const s3Id = await addUser(t, 'gb-s3', '学生丙', ['edu:agency:demo:student']);
  await addUser(t, 'gb-teacher2', '别班老师', ['edu:agency:demo:teacher']);
  await addUser(t, 'gb-trainadmin', '训练管理员', ['edu:agency:demo:train:admin']);
  [teacher, otherTeacher, trainAdmin, otherAdmin, s2, s3] = await Promise.all(
    ['teacher', 'gb-teacher2', 'gb-trainadmin', 'other', 'gb-s2', 'gb-s3'].map((u) => t.login(u)),
  );
  const [cls, other] = await t.db
    .insert(classes)
    .values([
      { agencyId: 'demo', kind: 'ordinary', name: '成绩册班' },
      { agencyId: 'demo', kind: 'ordinary', name: '别的班' },
    ])
    .returning({ id: classes.id });
  classId = cls.id;
  untaught = other.id;
  await t.db.insert(classMembers).values([studentId, s2Id, s3Id].map((userId) => ({ classId, userId })));
  await t.db.insert(classTeachers).values({ classId, userId: teacherId });
  schemeId = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.single, bank.trueFalse]));

  taskA = await create({ title: TITLE_A, deadline: t.clock.now() + HOUR });
  taskB = await create({
    title: '第二单元',
    deadline: t.clock.now() + 3 * HOUR,
    latePolicy: 'penalty',
    latePenalty: 50,
  });
  // Joins after both tasks were saved: given neither.
  const lateId = await addUser(t, 'gb-s4', '学生丁', ['edu:agency:demo:student']);
  await t.db.insert(classMembers).values({ classId, userId: lateId });

  // student: A full marks, B half; s2: B full; s3: B begun and left running.
  const a = await start(taskA.taskId, student);
  await answer(a.trainId, bank.single, ['A'], student);
  await answer(a.trainId, bank.trueFalse, ['T'], student);
  const b = await start(taskB.taskId, student);
  await answer(b.trainId, bank.single, ['A'], student);
  await answer(b.trainId, bank.trueFalse, ['F'], student);
  const b2 = await start(taskB.taskId, s2);
  await answer(b2.trainId, bank.single, ['A'], s2);
  await answer(b2.trainId, bank.trueFalse, ['T'], s2);
  const b3 = await start(taskB.taskId, s3);
  await answer(b3.trainId, bank.single, ['A'], s3);
});
afterAll(() => t.close());

describe('a class gradebook', () => {
  it('shows each student where they stand: a score, not started, running or not given; never a 0 for no score', async () => {
    const g = await read();
    expect(g.class).toMatchObject({ id: String(classId), name: '成绩册班', archived: false });
    expect(g.editable).toBe(true);
    expect(g.taskTotal).toBe(2);
    // Oldest deadline first, each weighing 1 until set.
    expect(g.tasks.map((x) => [x.title, x.weight])).toEqual([
      [TITLE_A, 1],
      ['第二单元', 1],
    ]);
    expect(g.tasks[0]).toMatchObject({ done: 1, averagePercent: 100 });
    expect(g.tasks[1]).toMatchObject({ done: 2, averagePercent: 75 });
    expect(g.total).toBe(4);
    expect(cellOf(g, 'student', taskA)).toMatchObject({ progress: 'done', score: 2, maxScore: 2, percent: 100 });
    expect(cellOf(g, 'student', taskB)).toMatchObject({ progress: 'done', score: 1, maxScore: 2, percent: 50 });
    expect(cellOf(g, 'gb-s2', taskA)).toEqual({
      progress: 'not_started',
      trainId: null,
      score: null,
      maxScore: null,
      percent: null,
      late: false,
    });
    expect(cellOf(g, 'gb-s3', taskB)).toMatchObject({ progress: 'running', score: null, percent: null });
    expect(cellOf(g, 'gb-s4', taskA)).toMatchObject({ progress: 'not_assigned', score: null });
    // Before A's deadline a task not started is left out; a running one is left out; nothing counted is null.
    expect(rowOf(g, 'student').overall).toBe(75);
    expect(rowOf(g, 'gb-s2').overall).toBe(100);
    expect(rowOf(g, 'gb-s3').overall).toBeNull();
    expect(rowOf(g, 'gb-s4').overall).toBeNull();
  });

  it('counts a task not started as 0 once its deadline has passed, and weighs the tasks', async () => {
    t.clock.advance(2 * HOUR);
    let g = await read();
    expect(cellOf(g, 'gb-s2', taskA)).toMatchObject({ progress: 'not_started', score: null });
    expect(rowOf(g, 'gb-s2').overall).toBe(50);
    expect(rowOf(g, 'gb-s3').overall).toBe(0);
    expect(rowOf(g, 'student').overall).toBe(75);

    // The class's teacher sets A to 3: (3 × 1 + 1 × 0.5) / 4.
    expect(expectOk(await weigh(taskA, 3, teacher))).toEqual({ taskId: taskA.taskId, weight: 3 });
    g = await read(teacher);
    expect(g.tasks[0].weight).toBe(3);
    expect(rowOf(g, 'student').overall).toBe(87.5);
    expect(rowOf(g, 'gb-s2').overall).toBe(25);
    // Weight 0 leaves B out of every overall.
    expectOk(await weigh(taskB, 0));
    g = await read();
    expect(rowOf(g, 'student').overall).toBe(100);
    expect(rowOf(g, 'gb-s2').overall).toBe(0);
    expectOk(await weigh(taskB, 1.5));
    expect((await read()).tasks[1].weight).toBe(1.5);
  });

  it('takes the late penalty off a training handed in after the deadline', async () => {
    t.clock.advance(2 * HOUR);
    const g0 = await read();
    const running = cellOf(g0, 'gb-s3', taskB);
    await answer(running.trainId!, bank.trueFalse, ['T'], s3);
    const g = await read();
    expect(cellOf(g, 'gb-s3', taskB)).toMatchObject({
      progress: 'done',
      score: 1,
      maxScore: 2,
      percent: 50,
      late: true,
    });
    // A (3) counts 0, B (1.5) 50 %.
    expect(rowOf(g, 'gb-s3').overall).toBe(16.7);
  });

  it('pages and searches the students', async () => {
    const page = await read(agency, '?start=0&size=2');
    expect(page.total).toBe(4);
    expect(page.list).toHaveLength(2);
    const rest = await read(agency, '?start=2&size=2');
    expect([...page.list, ...rest.list].map((r) => r.username).sort()).toEqual(['gb-s2', 'gb-s3', 'gb-s4', 'student']);
    const found = await read(agency, `?keyword=${encodeURIComponent('学生丙')}`);
    expect(found.list.map((r) => r.username)).toEqual(['gb-s3']);
    expectError(await call('GET', `/v1/class/${classId}/gradebook?size=101`, agency), 400);
  });

  it('refuses weights out of range or finer than 0.1', async () => {
    for (const w of [-1, 101, 0.55, '2']) expectError(await weigh(taskA, w), 400);
  });
});

describe('who reads a gradebook', () => {
  it('the agency admin any class, a teacher the classes they teach; others 404, students refused', async () => {
    expect((await read(agency, '', untaught)).total).toBe(0);
    expectError(await call('GET', `/v1/class/${untaught}/gradebook`, teacher), 404);
    expectError(await call('GET', `/v1/class/${classId}/gradebook`, otherTeacher), 404);
    expectError(await call('GET', `/v1/class/${classId}/gradebook`, trainAdmin), 404);
    expectError(await call('GET', `/v1/class/${classId}/gradebook/export`, trainAdmin), 404);
    expectError(await call('GET', `/v1/class/${classId}/gradebook`, otherAdmin, undefined, 'other'), 404);
    expectError(await call('GET', `/v1/class/${classId}/gradebook`, student), 403);
    expectError(await call('GET', '/v1/class/abc/gradebook', agency), 404);
  });

  it('weights: the class’s teacher and the agency admin; others 404; chosen students and archived classes 409', async () => {
    expectError(await weigh(taskA, 2, otherTeacher), 404);
    expectError(await weigh(taskA, 2, trainAdmin), 404);
    expectError(await call('POST', `/v1/task/${taskA.taskId}/weight`, otherAdmin, { weight: 2 }, 'other'), 404);
    expectError(await call('POST', '/v1/task/999999/weight', agency, { weight: 2 }), 404);
    const chosen = await create({
      title: '指定学生任务',
      classId: null,
      studentIds: [String((await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'gb-s2') }))!.id)],
      deadline: t.clock.now() + HOUR,
    });
    expectError(await weigh(chosen, 2), 409);
    expectOk(await call('POST', `/v1/class/${classId}/archive`, agency));
    try {
      expectError(await weigh(taskA, 2), 409);
      const g = await read();
      expect(g.editable).toBe(false);
      expect(g.class.archived).toBe(true);
    } finally {
      expectOk(await call('POST', `/v1/class/${classId}/unarchive`, agency));
    }
  });
});

describe('the gradebook export', () => {
  it('says what the page says: scores, 未开始 / 进行中 / 未布置 as text, the overall, weights; formulas as text', async () => {
    const file = await t.call('GET', `/v1/class/${classId}/gradebook/export`, { token: teacher, agency: 'demo' });
    expect(file.status).toBe(200);
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('成绩册班-成绩册.xlsx')}`);
    expect(disposition).not.toMatch(/[\r\n]/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet(GRADEBOOK_SHEET)!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['学生', '用户名', `'${TITLE_A}`, '第二单元', OVERALL_HEADER]);
    const page = await read();
    const byUser = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(byUser.size).toBe(4);
    expect(byUser.get('student')).toEqual([expect.any(String), 'student', 2, 1, rowOf(page, 'student').overall]);
    expect(byUser.get('gb-s2')).toEqual(['学生乙', 'gb-s2', '未开始', 2, rowOf(page, 'gb-s2').overall]);
    expect(byUser.get('gb-s3')).toEqual(['学生丙', 'gb-s3', '未开始', 1, rowOf(page, 'gb-s3').overall]);
    // Nothing counted: an empty overall cell (exceljs leaves it out of the row), never 0.
    expect(byUser.get('gb-s4')).toEqual(['学生丁', 'gb-s4', '未布置', '未布置']);

    const info = wb.getWorksheet(TASKS_SHEET)!;
    const tasks: unknown[][] = [];
    info.eachRow((row) => tasks.push((row.values as unknown[]).slice(1)));
    expect(tasks[0]).toEqual(TASK_HEADERS);
    expect(tasks[1]).toEqual([`'${TITLE_A}`, expect.any(String), expect.any(String), '是', 3, 1, 100]);
    expect(tasks[2].slice(3)).toEqual(['是', 1.5, 3, 66.7]);
  });
});
