// Tasks (docs/tasks.md): the window and late policies on a manual clock, expiry at the deadline through the
// training sweep, one training per (task, student), a paper reachable only through its task, and access.
import { Task, TaskDashboard, TaskDetail, TodoTask, Training, type OpenScheme } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, classMembers, classTeachers } from '../../db/schema-classes.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { fixedScheme, generalSchemeOn, paperScheme } from '../training/training-fixtures.test-helper.js';
import { agencyStudentAndBank, schemeCalls, type Page, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
let teacher: string;
let trainAdmin: string;
let otherAdmin: string;
let lone: string;
let student2: string;
let classId: number;
let studentId: number;
let student2Id: number;
let generalId: string;
const call = schemeCalls(() => t);
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp({ config: { tokenTtlSeconds: 30 * 24 * 3600, tokenIdleSeconds: 30 * 24 * 3600 } });
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  studentId = (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'student') }))!.id;
  const teacherId = (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'teacher') }))!.id;
  student2Id = await addUser(t, 'task-s2', '学生乙', ['edu:agency:demo:student']);
  await addUser(t, 'task-lone', '学生丙', ['edu:agency:demo:student']);
  await addUser(t, 'task-trainadmin', '训练管理员', ['edu:agency:demo:train:admin']);
  [teacher, trainAdmin, otherAdmin, lone, student2] = await Promise.all(
    ['teacher', 'task-trainadmin', 'other', 'task-lone', 'task-s2'].map((u) => t.login(u)),
  );
  const [cls] = await t.db
    .insert(classes)
    .values({ agencyId: 'demo', kind: 'ordinary', name: '任务测试班' })
    .returning({ id: classes.id });
  classId = cls.id;
  await t.db.insert(classMembers).values([
    { classId, userId: studentId },
    { classId, userId: student2Id },
  ]);
  await t.db.insert(classTeachers).values({ classId, userId: teacherId });
  generalId = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.single, bank.trueFalse]));
});
afterAll(() => t.close());

const fields = (over: Record<string, unknown> = {}) => ({
  title: '第一周作业',
  schemeId: generalId,
  classId: String(classId),
  startTime: t.clock.now() + HOUR,
  deadline: t.clock.now() + 3 * HOUR,
  latePolicy: 'none',
  homework: true,
  ...over,
});
const create = async (over: Record<string, unknown> = {}, token = agency) =>
  Task.parse(expectOk(await call<Task>('PUT', '/v1/task', token, fields(over))));
const todo = async (token = student) =>
  expectOk(await call<Page<TodoTask>>('GET', '/v1/student/tasks/todo', token)).list.map((x) => TodoTask.parse(x));
const doTask = (id: string, token = student) => call<Training>('PUT', `/v1/student/task/${id}/do`, token);
const answer = (trainId: string, questionId: string, ans: string[], token = student) =>
  call('POST', `/v1/train/${trainId}/answer`, token, {
    clientAnswerId: `answer-${trainId}-${questionId}`,
    questionId,
    answer: ans,
  });
const freshStudent = async (username: string) => {
  const id = await addUser(t, username, username, ['edu:agency:demo:student']);
  return { id, token: await t.login(username) };
};
const dashboard = async (id: string, token = agency) =>
  TaskDashboard.parse(expectOk(await call<TaskDashboard>('GET', `/v1/task/${id}/dashboard`, token)));

describe('the window', () => {
  it('opens at the start and closes at the deadline (policy none)', async () => {
    const task = await create();
    expect(task.studentCount).toBe(2);
    expect(await todo()).not.toContainEqual(expect.objectContaining({ taskId: task.taskId }));
    expectError(await doTask(task.taskId), 409);

    t.clock.advance(HOUR);
    const open = (await todo()).find((x) => x.taskId === task.taskId)!;
    expect(open).toMatchObject({ progress: 'not_started', canDo: true, homework: true });
    const tr = Training.parse(expectOk(await doTask(task.taskId)));
    expect(tr.status).toBe('running');
    // Titled by the task the student was given, not by its scheme.
    expect(tr.title).toBe('第一周作业');
    // The same training again: one per (task, student), and the practice start of the scheme is another one.
    expect(Training.parse(expectOk(await doTask(task.taskId))).trainId).toBe(tr.trainId);
    const practice = Training.parse(
      expectOk(await call<Training>('PUT', `/v1/train/scheme/${generalId}/start`, student)),
    );
    expect(practice.trainId).not.toBe(tr.trainId);
    expect((await todo()).find((x) => x.taskId === task.taskId)).toMatchObject({ progress: 'running' });

    // Past the deadline: the running training expired (sweep), answers kept; the student who never started may not.
    expectOk(await answer(tr.trainId, bank.single, ['A']));
    t.clock.advance(2 * HOUR);
    expect(await t.app.services.trainingSweep.run()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.trainingSweep.run()).toBe(0);
    const ended = Training.parse(expectOk(await call<Training>('GET', `/v1/train/${tr.trainId}`, student)));
    expect(ended.status).toBe('expired');
    expect(ended.answered).toBe(1);
    expectError(await answer(tr.trainId, bank.trueFalse, ['T']), 409);
    expectError(await doTask(task.taskId, student2), 409);
    expect(await todo(student2)).not.toContainEqual(expect.objectContaining({ taskId: task.taskId }));

    const d = await dashboard(task.taskId);
    expect(d.counts).toEqual({ notStarted: 1, running: 0, done: 1 });
    expect(d.students.find((s) => s.username === 'student')).toMatchObject({
      status: 'expired',
      score: 1,
      late: false,
    });
  });

  it('starts many times at once into one training', async () => {
    const task = await create({ startTime: t.clock.now(), homework: false });
    const all = await Promise.all(Array.from({ length: 6 }, () => doTask(task.taskId, student2)));
    const ids = new Set(all.map((r) => expectOk(r).trainId));
    expect(ids.size).toBe(1);
  });
});

describe('late policies', () => {
  it('accepts late work marked late, and takes the penalty off the score', async () => {
    const late = await create({ latePolicy: 'late', startTime: t.clock.now(), deadline: t.clock.now() + HOUR });
    const penalty = await create({
      latePolicy: 'penalty',
      latePenalty: 40,
      startTime: t.clock.now(),
      deadline: t.clock.now() + HOUR,
    });
    t.clock.advance(2 * HOUR);
    for (const task of [late, penalty]) {
      expect((await todo()).find((x) => x.taskId === task.taskId)).toMatchObject({ canDo: true });
      const tr = Training.parse(expectOk(await doTask(task.taskId)));
      expectOk(await answer(tr.trainId, bank.single, ['A']));
      expectOk(await answer(tr.trainId, bank.trueFalse, ['T']));
    }
    const l = (await dashboard(late.taskId)).students.find((s) => s.username === 'student')!;
    expect(l).toMatchObject({ late: true, score: 2, taskScore: 2, progress: 'done' });
    const p = (await dashboard(penalty.taskId)).students.find((s) => s.username === 'student')!;
    expect(p).toMatchObject({ late: true, score: 2, taskScore: 1.2 });
  });

  it('lets a training started in the window run past the deadline under a late policy, late when handed in after', async () => {
    for (const policy of ['late', 'penalty'] as const) {
      // A student of their own: another task's running training of the scheme would seal its questions.
      const { id: who, token } = await freshStudent(`task-late-${policy}`);
      const task = await create({
        latePolicy: policy,
        latePenalty: policy === 'penalty' ? 50 : 0,
        classId: null,
        studentIds: [String(who)],
        startTime: t.clock.now(),
        deadline: t.clock.now() + HOUR,
      });
      const tr = Training.parse(expectOk(await doTask(task.taskId, token)));
      expectOk(await answer(tr.trainId, bank.single, ['A'], token));
      // Past the deadline: not expired (the scheme has no time limit of its own), answers still taken.
      t.clock.advance(2 * HOUR);
      await t.app.services.trainingSweep.run();
      expect(Training.parse(expectOk(await call<Training>('GET', `/v1/train/${tr.trainId}`, token))).status).toBe(
        'running',
      );
      expect((await todo(token)).find((x) => x.taskId === task.taskId)).toMatchObject({
        progress: 'running',
        canDo: true,
      });
      expectOk(await answer(tr.trainId, bank.trueFalse, ['T'], token));
      const row = (await dashboard(task.taskId)).students.find((s) => s.username === `task-late-${policy}`)!;
      expect(row).toMatchObject({ progress: 'done', late: true, score: 2, taskScore: policy === 'penalty' ? 1 : 2 });
    }
  });

  it('does not count a training handed in before the deadline as late under a late policy', async () => {
    const task = await create({
      latePolicy: 'penalty',
      latePenalty: 50,
      startTime: t.clock.now(),
      deadline: t.clock.now() + HOUR,
    });
    const tr = Training.parse(expectOk(await doTask(task.taskId, student2)));
    expectOk(await answer(tr.trainId, bank.single, ['A'], student2));
    expectOk(await answer(tr.trainId, bank.trueFalse, ['T'], student2));
    t.clock.advance(2 * HOUR);
    const row = (await dashboard(task.taskId)).students.find((s) => s.username === 'task-s2')!;
    expect(row).toMatchObject({ progress: 'done', late: false, score: 2, taskScore: 2 });
  });

  it('refuses a deadline moved into the past on edit, and keeps an unchanged past one', async () => {
    const task = await create({ startTime: t.clock.now(), deadline: t.clock.now() + HOUR });
    const edit = (over: Record<string, unknown>) =>
      call(
        'POST',
        `/v1/task/${task.taskId}`,
        agency,
        fields({ startTime: task.startTime, deadline: task.deadline, ...over }),
      );
    t.clock.advance(HOUR / 2);
    const r = await edit({ deadline: t.clock.now() - 1000 });
    expectError(r, 400);
    expect(JSON.stringify(r.body)).toContain('截止时间必须晚于现在');
    t.clock.advance(HOUR);
    expectOk(await edit({ title: '改名的旧任务' }));
  });

  it('moves the expiry of running trainings with a moved deadline, and tells the students', async () => {
    const { id: who, token } = await freshStudent('task-moved');
    const base = { classId: null, studentIds: [String(who)], startTime: t.clock.now() };
    const task = await create({ ...base, deadline: t.clock.now() + HOUR });
    const tr = Training.parse(expectOk(await doTask(task.taskId, token)));
    const edit = (deadline: number) =>
      call('POST', `/v1/task/${task.taskId}`, agency, fields({ ...base, startTime: task.startTime, deadline }));
    // Later: the training started under the old deadline runs on past it.
    expectOk(await edit(task.deadline + 2 * HOUR));
    t.clock.advance(HOUR + HOUR / 2);
    await t.app.services.trainingSweep.run();
    expectOk(await answer(tr.trainId, bank.single, ['A'], token));
    const notices = async () =>
      expectOk(await call<{ list: { kind: string; title: string }[] }>('GET', '/v1/notice/list', token)).list;
    expect((await notices()).find((n) => n.kind === 'task_deadline_moved')?.title).toMatch(/^截止时间推迟/);
    // Earlier again (still ahead of now): it expires at the new deadline, answers after it refused.
    expectOk(await edit(t.clock.now() + HOUR / 4));
    expect((await notices()).find((n) => n.kind === 'task_deadline_moved')?.title).toMatch(/^截止时间提前/);
    t.clock.advance(HOUR / 2);
    await t.app.services.trainingSweep.run();
    const ended = Training.parse(expectOk(await call<Training>('GET', `/v1/train/${tr.trainId}`, token)));
    expect(ended.status).toBe('expired');
    expectError(await answer(tr.trainId, bank.trueFalse, ['T'], token), 409);
  });

  it('refuses a window that ends before it starts and a penalty of 0', async () => {
    expectError(await call('PUT', '/v1/task', agency, fields({ deadline: t.clock.now() })), 400);
    const r = await call('PUT', '/v1/task', agency, fields({ latePolicy: 'penalty', latePenalty: 0 }));
    expectError(r, 400);
    expect(JSON.stringify(r.body)).toContain('扣分比例');
    expectError(await call('PUT', '/v1/task', agency, fields({ classId: null, studentIds: [] })), 400);
  });
});

describe('a paper given through a task', () => {
  it('is reachable only through the task, inside its window', async () => {
    const paperId = await paperScheme(call, agency, bank, [bank.single, bank.trueFalse]);
    expectOk(await call('POST', `/v1/train/scheme/${paperId}/on`, agency));
    const listed = async () =>
      expectOk(await call<Page<OpenScheme>>('GET', '/v1/train/open/schemes', student)).list.map((s) => s.schemeId);
    expect(await listed()).toContain(paperId);
    const task = await create({ schemeId: paperId, startTime: t.clock.now() + HOUR, homework: false });
    expect(task.schemeType).toBe('paper');
    expect(await listed()).not.toContain(paperId);
    expectError(await call('PUT', `/v1/train/scheme/${paperId}/start`, student), 409);
    expectError(await doTask(task.taskId), 409);
    t.clock.advance(HOUR);
    const tr = Training.parse(expectOk(await doTask(task.taskId)));
    expect(tr.type).toBe('paper');
    expectError(await call('PUT', `/v1/train/scheme/${paperId}/start`, student), 409);
  });
});

describe('access', () => {
  let task: Task;
  beforeAll(async () => {
    task = await create({ startTime: t.clock.now(), homework: true });
  });

  it("lets the class's teacher write, other admins read only", async () => {
    const byTeacher = await create({ title: '老师布置' }, teacher);
    expect(byTeacher.editable).toBe(true);
    const read = TaskDetail.parse(expectOk(await call<TaskDetail>('GET', `/v1/task/${task.taskId}`, trainAdmin)));
    expect(read.editable).toBe(false);
    expectError(await call('POST', `/v1/task/${task.taskId}`, trainAdmin, fields()), 403);
    expectError(await call('PUT', '/v1/task', trainAdmin, fields()), 403);
    const changed = Task.parse(
      expectOk(await call<Task>('POST', `/v1/task/${task.taskId}`, teacher, fields({ title: '改过的作业' }))),
    );
    expect(changed.title).toBe('改过的作业');
  });

  it('answers 404 to foreign ids and to students the task is not given to', async () => {
    expectError(await call('GET', `/v1/task/${task.taskId}`, otherAdmin, undefined, 'other'), 404);
    expectError(await call('GET', `/v1/task/${task.taskId}/dashboard`, otherAdmin, undefined, 'other'), 404);
    expectError(await call('GET', '/v1/task/99999999', agency), 404);
    expectError(await call('GET', '/v1/task/abc', agency), 404);
    expectError(await doTask(task.taskId, lone), 404);
    expectError(await call('PUT', '/v1/task', agency, fields({ schemeId: '99999999' })), 404);
    expectError(await call('PUT', '/v1/task', agency, fields({ classId: '99999999' })), 404);
    expectError(await call('PUT', '/v1/task', agency, fields({ classId: null, studentIds: ['1'] })), 404);
    expectError(await call('GET', `/v1/task/${task.taskId}`, student), 403);
  });

  it('gives a task to chosen students only', async () => {
    const chosen = await create({ classId: null, studentIds: [String(student2Id)], startTime: t.clock.now() });
    expect(chosen.studentCount).toBe(1);
    expectError(await doTask(chosen.taskId, student), 404);
    expect(Training.parse(expectOk(await doTask(chosen.taskId, student2))).status).toBe('running');
  });

  it('lists homework scores and exports them to Excel', async () => {
    const page = expectOk(
      await call<Page<{ taskTitle: string }>>('GET', `/v1/task/homework/scores?classId=${classId}`, agency),
    );
    expect(page.list.length).toBeGreaterThan(0);
    const file = await t.call('GET', `/v1/task/homework/scores/export?classId=${classId}`, {
      token: agency,
      agency: 'demo',
    });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    expect(file.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const one = await t.call('GET', `/v1/task/${task.taskId}/scores/export`, { token: teacher, agency: 'demo' });
    expect(one.status).toBe(200);
  });
});
