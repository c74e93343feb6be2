// A lesson's training in the staff's statistics (docs/scheme-stats.md "Lesson trainings"; docs/lessons.md "The engine
// in the lesson"): the questions pushed into a lesson and answered show in the student's trainings and figures like
// any training — listed with the lesson named, counted in the totals (not as a scheme), with its report and 点评 —
// while a training withdrawn whole leaves nothing.
import { StudentTrainingStats, type LessonPush, type TrainingComments, type TrainingReport } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { classes } from '../../db/schema-classes.js';
import { lessons } from '../../db/schema-lessons.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { createTestBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';

let t: TestApp;
let bank: TestBank;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};
const call = schemeCalls(() => t);
let lessonId: number;
let trainId: string;

const stats = async (who = 'agency') =>
  StudentTrainingStats.parse(
    expectOk(await call<StudentTrainingStats>('GET', `/v1/train/student/${id.student}/stats`, tok[who])),
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'agency', 'teacher', 'student']) tok[u] = await t.login(u);
  for (const u of await t.db.select({ id: users.id, username: users.username }).from(users)) id[u.username] = u.id;
  const [ev] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.name, '英语提高班'));
  bank = await createTestBank(t, tok.admin, tok.agency);
  const now = new Date(t.clock.now());
  [{ id: lessonId }] = await t.db
    .insert(lessons)
    .values({
      agencyId: 'demo',
      classId: ev.id,
      teacherId: id.teacher,
      studentId: id.student,
      title: '阅读辅导',
      startsAt: now,
      minutes: 60,
      status: 'live',
      openedAt: now,
    })
    .returning({ id: lessons.id });
}, 60_000);
afterAll(() => t.close());

async function pushAndAnswer(questionId: string, value: string) {
  const p = expectOk(await call<LessonPush>('POST', `/v1/lesson/${lessonId}/push`, tok.teacher, { questionId }));
  expectOk(
    await call('POST', `/v1/train/${p.trainId}/answer`, tok.student, {
      clientAnswerId: `stats-${questionId}`,
      questionId,
      answer: [value],
    }),
  );
  return p.trainId;
}

describe("a lesson's training in the student's statistics", () => {
  it('is listed and counted like any training once answered, the lesson named and no scheme linked', async () => {
    const before = await stats();
    trainId = await pushAndAnswer(bank.single, 'A');
    await pushAndAnswer(bank.trueFalse, 'F');
    expectOk(await call('POST', `/v1/lesson/${lessonId}/close`, tok.teacher));
    await expect
      .poll(async () => (await stats()).trainings.list.find((r) => r.trainId === trainId)?.status)
      .toBe('finished');
    const s = await stats();
    const row = s.trainings.list.find((r) => r.trainId === trainId)!;
    expect(row).toMatchObject({ title: '课堂练习：阅读辅导', type: 'general', answered: 2, correct: 1 });
    // Its scheme is the lesson's (docs/lessons.md): the row names the lesson, for its replay.
    expect(row.lessonId).toBe(String(lessonId));
    expect(s.summary).toMatchObject({
      trainings: before.summary.trainings + 1,
      ended: before.summary.ended + 1,
      // A lesson is no scheme.
      schemes: before.summary.schemes,
      answered: before.summary.answered + 2,
      correct: before.summary.correct + 1,
    });
  });

  it('has its report and takes a 点评 like any training', async () => {
    const report = expectOk(await call<TrainingReport>('GET', `/v1/train/report/${trainId}`, tok.agency));
    expect(report.records.map((r) => r.questionId)).toEqual([bank.single, bank.trueFalse]);
    expect(report.training).toMatchObject({ title: '课堂练习：阅读辅导', answered: 2 });
    const c = expectOk(
      await call<TrainingComments>('PUT', `/v1/train/${trainId}/comment`, tok.agency, { content: '课堂表现不错' }),
    );
    expect(JSON.stringify(c)).toContain('课堂表现不错');
  });

  it('keeps nothing of a push withdrawn before the answer', async () => {
    const before = await stats();
    const [{ id: second }] = await t.db
      .insert(lessons)
      .values({
        agencyId: 'demo',
        classId: (await t.db.select({ classId: lessons.classId }).from(lessons).where(eq(lessons.id, lessonId)))[0]
          .classId,
        teacherId: id.teacher,
        studentId: id.student,
        title: '撤回的辅导',
        startsAt: new Date(t.clock.now()),
        minutes: 60,
        status: 'live',
        openedAt: new Date(t.clock.now()),
      })
      .returning({ id: lessons.id });
    expectOk(await call('POST', `/v1/lesson/${second}/push`, tok.teacher, { questionId: bank.single }));
    expect((await stats()).summary.trainings).toBe(before.summary.trainings + 1);
    expectOk(await call('POST', `/v1/lesson/${second}/withdraw`, tok.teacher, { questionId: bank.single }));
    const after = await stats();
    expect(after.summary).toEqual(before.summary);
    expect(after.trainings.list.some((r) => r.lessonId === String(second))).toBe(false);
  });
});
