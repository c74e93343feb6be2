// In-app notices (docs/notices.md) on a real database: each kind made by its real flow (a task given, the clock
// moved to the day before its deadline, an answer marked, a parent paired), made once however often it is
// produced, the caller's own only (another's notice 404, counts their own), reads, paging bounds and retention.
import { NoticePage, NoticeUnread, Notice, type PairingCode, type Task, type Training } from '@edu/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRecords, schemes, trainings } from '../../db/schema.js';
import { notices } from '../../db/schema-notices.js';
import { answerMarks } from '../../db/schema-marking.js';
import type { Clock } from '../../lib/clock.js';
import { DEMO_MARKING_TITLE, seedDemoMarking } from '../../seed/seed-marking.js';
import { createServices } from '../../services.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let schemeId: number;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const as = (who: string) => tokens[who];
const call = <T>(method: 'GET' | 'PUT' | 'POST', url: string, who: string, body?: unknown) =>
  t.call<T>(method, url, {
    token: as(who),
    agency: 'demo',
    ...(body === undefined ? {} : { body: { request: body } }),
  });
const list = async (who: string, query = '') =>
  NoticePage.parse(expectOk(await call<NoticePage>('GET', `/v1/notice/list${query}`, who)));
const unread = async (who: string) =>
  NoticeUnread.parse(expectOk(await call<NoticeUnread>('GET', '/v1/notice/unread', who))).unread;
const ofKind = async (who: string, kind: Notice['kind']) =>
  (await list(who, '?size=50')).list.filter((n) => n.kind === kind);

beforeAll(async () => {
  t = await createTestApp({ config: { tokenTtlSeconds: 400 * 24 * 3600, tokenIdleSeconds: 400 * 24 * 3600 } });
  // The demo marking (a homework paper with an answer left pending), played through services wired as the app's.
  const servicesOn = (clock: Clock) => createServices({ db: t.db, config: t.config, clock });
  await seedDemoMarking(t.db, servicesOn);
  [schemeId] = (await t.db.select({ id: schemes.id }).from(schemes).where(eq(schemes.title, DEMO_MARKING_TITLE))).map(
    (s) => s.id,
  );
  ids.s2 = await addUser(t, 'notice-s2', '学生乙', ['edu:agency:demo:student']);
  ids.s3 = await addUser(t, 'notice-s3', '学生丙', ['edu:agency:demo:student']);
  for (const u of ['agency', 'teacher', 'student', 'parent', 'parent2', 'other', 'notice-s2', 'notice-s3'])
    tokens[u] = await t.login(u);
  const rows = await t.db.query.users.findMany({ where: (u, { inArray: within }) => within(u.username, ['student']) });
  ids.student = rows[0].id;
});
afterAll(() => t.close());

const giveTask = async (students: number[], over: Record<string, unknown> = {}) =>
  expectOk(
    await call<Task>('PUT', '/v1/task', 'agency', {
      title: '通知测试任务',
      schemeId: String(schemeId),
      studentIds: students.map(String),
      startTime: t.clock.now(),
      deadline: t.clock.now() + 3 * DAY,
      ...over,
    }),
  );

describe('a task given', () => {
  it('tells every student it reaches, once, and a student added later when it is saved', async () => {
    const before = await unread('student');
    const task = await giveTask([ids.student, ids.s2]);
    const [n] = await ofKind('student', 'task_assigned');
    expect(n).toMatchObject({
      title: '新任务：通知测试任务',
      link: '/student/tasks/todo',
      agencyId: 'demo',
      readAt: null,
    });
    expect(n.body).toContain('截止时间');
    expect(await unread('student')).toBe(before + 1);
    expect(await ofKind('notice-s2', 'task_assigned')).toHaveLength(1);
    expect(await ofKind('notice-s3', 'task_assigned')).toHaveLength(0);

    // Saved again with a third student; and produced again, several times at once (retries, several nodes).
    expectOk(
      await call('POST', `/v1/task/${task.taskId}`, 'agency', {
        title: '通知测试任务',
        schemeId: String(schemeId),
        studentIds: [ids.student, ids.s2, ids.s3].map(String),
        startTime: task.startTime,
        deadline: task.deadline,
      }),
    );
    await Promise.all([1, 2, 3].map(() => t.app.services.notices.taskAssigned(Number(task.taskId))));
    for (const who of ['student', 'notice-s2', 'notice-s3']) expect(await ofKind(who, 'task_assigned')).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(notices)
      .where(eq(notices.subjectId, Number(task.taskId)));
    expect(rows.filter((r) => r.kind === 'task_assigned')).toHaveLength(3);
  });
});

describe('a deadline tomorrow', () => {
  it('tells the students who have not finished, once, when the clock reaches the day before', async () => {
    const task = await giveTask([ids.student, ids.s2], { title: '明天截止的任务' });
    // The student finishes it; notice-s2 never starts.
    const tr = expectOk(await call<Training>('PUT', `/v1/student/task/${task.taskId}/do`, 'student'));
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, 'student'));

    await t.app.services.notices.check();
    const dueOf = async (who: string) =>
      (await ofKind(who, 'task_due_tomorrow')).filter((n) => n.title.includes('明天截止的任务'));
    expect(await dueOf('notice-s2')).toHaveLength(0);

    t.clock.advance(2 * DAY + HOUR); // 23 h before the deadline
    const made = await Promise.all([t.app.services.notices.check(), t.app.services.notices.check()]);
    expect(made.reduce((s, m) => s + m.due, 0)).toBeGreaterThanOrEqual(1);
    expect((await t.app.services.notices.check()).due).toBe(0);
    const [due] = await dueOf('notice-s2');
    expect(due).toMatchObject({ title: '任务即将截止：明天截止的任务', link: '/student/tasks/todo' });
    expect(await dueOf('notice-s2')).toHaveLength(1);
    expect(await dueOf('student')).toHaveLength(0);
    // Past the deadline nothing more is said.
    t.clock.advance(DAY);
    expect((await t.app.services.notices.check()).due).toBe(0);
  });
});

describe('a marked answer', () => {
  it('tells the student and their parent, once per training, inside the mark', async () => {
    const [training] = await t.db
      .select({ id: trainings.id })
      .from(trainings)
      .where(and(eq(trainings.schemeId, schemeId), eq(trainings.userId, ids.student)))
      .orderBy(trainings.id)
      .limit(1);
    const records = await t.db.select().from(answerRecords).where(eq(answerRecords.trainingId, training.id));
    const marked = new Set(
      (
        await t.db
          .select({ id: answerMarks.recordId })
          .from(answerMarks)
          .where(
            inArray(
              answerMarks.recordId,
              records.map((r) => r.id),
            ),
          )
      ).map((m) => m.id),
    );
    const pending = records.find((r) => !marked.has(r.id))!;
    const before = (await ofKind('student', 'homework_marked')).length;
    const mark = async () => {
      expectOk(await call('POST', `/v1/marking/record/${pending.id}/claim`, 'teacher'));
      expectOk(await call('POST', `/v1/marking/record/${pending.id}`, 'teacher', { score: 1, comment: '很好' }));
    };
    await mark();
    await mark(); // re-marking tells nobody again
    const mine = (await ofKind('student', 'homework_marked')).filter((n) => n.link.endsWith(`/${training.id}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: '作业已批改',
      agencyId: 'demo',
      link: `/student/train/report/${training.id}`,
    });
    expect(mine[0].body).toContain('七年级英语简答练习（作业 1）');
    expect((await ofKind('student', 'homework_marked')).length).toBe(before + 1);
    const [p] = (await ofKind('parent', 'homework_marked')).filter((n) => n.link.includes(`/${training.id}/`));
    expect(p).toMatchObject({
      title: '孩子的作业已批改',
      link: `/parent/train/report/${training.id}/${ids.student}/1`,
    });
  });
});

describe('a parent paired', () => {
  it('tells the student and the parent', async () => {
    const code = expectOk(await call<PairingCode>('PUT', '/v1/student/pairing-code', 'student')).code;
    expectOk(await t.call('POST', '/v1/parent/pair', { token: as('parent2'), body: { request: { code } } }));
    const [s] = await ofKind('student', 'parent_paired');
    expect(s).toMatchObject({ title: '家长已关联', agencyId: null, link: '/student/home' });
    expect(s.body).toMatch(/^家长 .+ 已关联你的账号/);
    const [p] = await ofKind('parent2', 'parent_paired');
    expect(p).toMatchObject({ title: '已关联孩子', link: `/parent/history/${ids.student}` });
  });
});

describe('reading', () => {
  it('lists newest first, unread only on request, marks one and all read', async () => {
    const all = await list('student', '?size=50');
    expect(all.total).toBe(all.list.length);
    const times = all.list.map((n) => n.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = all.list[0];
    const count = await unread('student');
    const read = Notice.parse(expectOk(await call('POST', `/v1/notice/${first.id}/read`, 'student')));
    expect(read.readAt).toBe(t.clock.now());
    expect(await unread('student')).toBe(count - 1);
    // Reading again keeps the first time.
    t.clock.advance(1000);
    expect(Notice.parse(expectOk(await call('POST', `/v1/notice/${first.id}/read`, 'student'))).readAt).toBe(
      read.readAt,
    );
    expect((await list('student', '?unread=1&size=50')).list.map((n) => n.id)).not.toContain(first.id);
    const page = await list('student', '?start=1&size=1');
    expect(page.list).toHaveLength(1);
    expect(page.list[0].id).toBe(all.list[1].id);

    expect(expectOk(await call<{ updated: number }>('POST', '/v1/notice/read-all', 'student')).updated).toBe(count - 1);
    expect(await unread('student')).toBe(0);
    expect((await list('student', '?unread=1')).total).toBe(0);
  });

  it('refuses unbounded pages and bad values', async () => {
    expectError(await call('GET', '/v1/notice/list?size=51', 'student'), 400);
    expectError(await call('GET', '/v1/notice/list?start=-1', 'student'), 400);
    expectError(await call('GET', '/v1/notice/list?unread=yes', 'student'), 400);
    expectError(await t.call('GET', '/v1/notice/unread'), 401);
  });
});

describe('isolation', () => {
  it("answers 404 for another user's notice and counts only one's own", async () => {
    const [theirs] = (await list('notice-s2', '?size=50')).list;
    const own = await unread('notice-s2');
    for (const who of ['student', 'parent', 'other', 'agency']) {
      expectError(await call('POST', `/v1/notice/${theirs.id}/read`, who), 404);
      expect((await list(who, '?size=50')).list.map((n) => n.id)).not.toContain(theirs.id);
    }
    expectError(await call('POST', '/v1/notice/abc/read', 'student'), 404);
    expectError(await call('POST', '/v1/notice/999999999/read', 'student'), 404);
    expectOk(await call('POST', '/v1/notice/read-all', 'other'));
    expect(await unread('notice-s2')).toBe(own);
    expect((await list('notice-s2', '?size=50')).list.find((n) => n.id === theirs.id)?.readAt).toBeNull();
  });
});

describe('retention', () => {
  it('deletes notices older than NOTICE_RETENTION_DAYS at the check', async () => {
    const now = t.clock.now();
    const at = (days: number) => new Date(now - days * DAY);
    const base = { userId: ids.s3, agencyId: null, kind: 'parent_paired', title: '旧通知', body: '', link: '' };
    await t.db.insert(notices).values([
      { ...base, subjectId: 900_001, createdAt: at(181) },
      { ...base, subjectId: 900_002, createdAt: at(179) },
    ]);
    expect(t.config.notices.retentionMs).toBe(180 * DAY);
    expect((await t.app.services.notices.check()).purged).toBe(1);
    const left = await t.db.select({ s: notices.subjectId }).from(notices).where(eq(notices.title, '旧通知'));
    expect(left.map((r) => r.s)).toEqual([900_002]);
    const old = await t.db
      .select({ id: notices.id })
      .from(notices)
      .where(lt(notices.createdAt, at(180)));
    expect(old).toHaveLength(0);
  });
});
