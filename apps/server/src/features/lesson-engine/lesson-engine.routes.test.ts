// The practice engine inside a lesson over the API (docs/lessons.md "The engine in the lesson"), on the real
// database: who may push, read the panel, search the bank and read the pushes (the 404 matrix for everyone without a
// seat); a pushed question answered by the student through the training's answer call, judged by the engine and
// found in the student's history, report and wrong-answer book; one push at a time, never twice the same question;
// sealing both ways (a question a running paper holds cannot be pushed; an unanswered push is held); a push picked
// from a knowledge point; the lesson's end ending its training.
import {
  LessonPanel,
  LessonPush,
  LessonPushes,
  WRONG_POSTPONED_REASON,
  type Training,
  type TrainingAnswerResult,
  type TrainingReport,
  type TrainingSummary,
  type WrongListPage,
} from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { trainings, users } from '../../db/schema.js';
import { classes } from '../../db/schema-classes.js';
import { lessons } from '../../db/schema-lessons.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { createTestBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { paperScheme } from '../training/training-fixtures.test-helper.js';

let t: TestApp;
let bank: TestBank;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};
let eventClass: number;
let lesson: number;
let answerNo = 0;
const call = schemeCalls(() => t);

const as = <T>(who: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, agency = 'demo') =>
  call<T>(method, url, tok[who], body, agency);

async function addLesson(over: Partial<typeof lessons.$inferInsert> = {}): Promise<number> {
  const now = new Date(t.clock.now());
  const status = over.status ?? 'live';
  const [row] = await t.db
    .insert(lessons)
    .values({
      agencyId: 'demo',
      classId: eventClass,
      teacherId: id.teacher,
      studentId: id.student,
      title: '英语辅导',
      startsAt: now,
      minutes: 60,
      status,
      openedAt: status === 'live' || status === 'ended' ? now : null,
      ...over,
    })
    .returning({ id: lessons.id });
  return row.id;
}

const push = (lessonId: number, body: Record<string, unknown>, who = 'teacher') =>
  as<LessonPush>(who, 'POST', `/v1/lesson/${lessonId}/push`, body);
const pushes = async (lessonId: number, who: string) =>
  LessonPushes.parse(expectOk(await as<LessonPushes>(who, 'GET', `/v1/lesson/${lessonId}/pushes`)));
const answer = async (trainId: string, questionId: string, value: string) =>
  expectOk(
    await as<TrainingAnswerResult>('student', 'POST', `/v1/train/${trainId}/answer`, {
      clientAnswerId: `lesson-engine-${++answerNo}`,
      questionId,
      answer: [value],
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'agency', 'teacher', 'student', 'parent', 'other']) tok[u] = await t.login(u);
  id['le-s2'] = await addUser(t, 'le-s2', '周同学', ['edu:agency:demo:student']);
  id['le-t2'] = await addUser(t, 'le-t2', '吴老师', ['edu:agency:demo:teacher']);
  id['le-ta'] = await addUser(t, 'le-ta', '训练管理员', ['edu:agency:demo:train:admin']);
  for (const u of ['le-s2', 'le-t2', 'le-ta']) tok[u] = await t.login(u);
  for (const u of await t.db.select({ id: users.id, username: users.username }).from(users)) id[u.username] = u.id;
  [{ id: eventClass }] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.name, '英语提高班'));
  bank = await createTestBank(t, tok.admin, tok.agency);
  lesson = await addLesson();
}, 60_000);
afterAll(() => t.close());

describe('who reaches the engine of a lesson', () => {
  it('answers 404 to anyone without a seat, on every call, whatever the agency', async () => {
    const missing = lesson + 100_000;
    for (const [who, lessonId, agency] of [
      ['le-s2', lesson, 'demo'],
      ['le-t2', lesson, 'demo'],
      ['other', lesson, 'other'],
      ['teacher', missing, 'demo'],
    ] as const) {
      for (const url of ['panel', 'pushes', 'bank'])
        expectError(await as(who, 'GET', `/v1/lesson/${lessonId}/${url}`, undefined, agency), 404);
      expectError(await as(who, 'POST', `/v1/lesson/${lessonId}/push`, { questionId: bank.single }, agency), 404);
    }
    expectError(await as('teacher', 'GET', '/v1/lesson/abc/pushes'), 404);
  });

  it('lets only the teacher push, the teacher and observers read the panel and the bank', async () => {
    for (const who of ['student', 'agency', 'le-ta', 'parent'])
      expectError(await push(lesson, { questionId: bank.single }, who), 403);
    for (const who of ['student', 'parent']) {
      expectError(await as(who, 'GET', `/v1/lesson/${lesson}/panel`), 403);
      expectError(await as(who, 'GET', `/v1/lesson/${lesson}/bank`), 403);
    }
    for (const who of ['teacher', 'agency', 'le-ta']) {
      LessonPanel.parse(expectOk(await as(who, 'GET', `/v1/lesson/${lesson}/panel`)));
      expectOk(await as(who, 'GET', `/v1/lesson/${lesson}/bank?keyword=方案测试题`));
    }
    // A parent reads the pushes once the lesson ended, never live.
    expectError(await as('parent', 'GET', `/v1/lesson/${lesson}/pushes`), 403);
  });

  it('refuses a push naming neither a question nor a point, or both (400), and an unknown question (404)', async () => {
    expectError(await push(lesson, {}), 400);
    expectError(await push(lesson, { questionId: bank.single, knowledgeCode: bank.kp }), 400);
    expectError(await push(lesson, { questionId: '999999999' }), 404);
  });

  it('pushes only into a live lesson', async () => {
    const later = await addLesson({ status: 'scheduled', startsAt: new Date(t.clock.now() + 86_400_000) });
    const r = await push(later, { questionId: bank.single });
    expectError(r, 409);
    expect(r.body.errmsg).toContain('课程尚未开始');
  });
});

describe('a pushed question is a training answer', () => {
  let trainId: string;

  it('pushes a question of the bank: the teacher reads its key, the student only the question', async () => {
    const p = LessonPush.parse(expectOk(await push(lesson, { questionId: bank.single })));
    expect(p).toMatchObject({ n: 1, questionId: bank.single, answer: null, key: { answer: ['A'] } });
    trainId = p.trainId;
    const mine = await pushes(lesson, 'student');
    expect(mine).toMatchObject({ trainId, status: 'running', waiting: true });
    expect(mine.pushes).toHaveLength(1);
    expect(mine.pushes[0].key).toBeNull();
    expect(JSON.stringify(mine.pushes[0].question)).not.toMatch(/"answer"|"explanation"/);
    // Observers read what the teacher reads.
    expect((await pushes(lesson, 'agency')).pushes[0].key).toEqual({ answer: ['A'], explanation: '', subs: [] });
  });

  it('takes one push at a time', async () => {
    const r = await push(lesson, { questionId: bank.trueFalse });
    expectError(r, 409);
    expect(r.body.errmsg).toBe('学生还没有作答上一题，作答后才能推送下一题');
  });

  it('judges the answer with the engine and shows it whole after answering; the teacher reads it too', async () => {
    const a = await answer(trainId, bank.single, 'B');
    expect(a.result).toMatchObject({ isCorrect: false, standardAnswer: ['A'] });
    const staff = await pushes(lesson, 'teacher');
    expect(staff.waiting).toBe(false);
    expect(staff.pushes[0].answer).toMatchObject({ answer: ['B'], result: { isCorrect: false } });
    const mine = await pushes(lesson, 'student');
    expect(mine.pushes[0].answer?.result).toMatchObject({ isCorrect: false, standardAnswer: ['A'] });
  });

  it('is part of the student history, its report and the wrong-answer book', async () => {
    const history = expectOk(await as<{ list: TrainingSummary[] }>('student', 'GET', '/v1/train/history'));
    expect(history.list.find((h) => h.trainId === trainId)).toMatchObject({
      title: '课堂练习：英语辅导',
      status: 'running',
      answered: 1,
      correct: 0,
    });
    const report = expectOk(await as<TrainingReport>('student', 'GET', `/v1/train/report/${trainId}`));
    expect(report.records.map((r) => r.questionId)).toEqual([bank.single]);
    // The book counts answers of ended trainings: it is there once the lesson ended (below); the training itself
    // shows no question while it waits for the next push.
    const view = expectOk(await as<Training>('student', 'GET', `/v1/train/${trainId}`));
    expect(view).toMatchObject({ status: 'running', question: null });
  });

  it('never pushes the same question twice in a lesson', async () => {
    const r = await push(lesson, { questionId: bank.single });
    expectError(r, 409);
    expect(r.body.errmsg).toBe('本节课已推送过这道题');
  });
});

describe('sealing', () => {
  it('refuses a question a running paper of the student holds, and takes it once the paper is handed in', async () => {
    const paper = await paperScheme(call, tok.agency, bank, [bank.trueFalse]);
    expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, tok.agency));
    const exam = expectOk(await as<Training>('student', 'PUT', `/v1/train/scheme/${paper}/start`));
    const r = await push(lesson, { questionId: bank.trueFalse });
    expectError(r, 409);
    expect(r.body.errmsg).toBe('这道题正在学生未完成的试卷或任务中，暂时不能推送');
    expectOk(await as('student', 'POST', `/v1/train/${exam.trainId}/finish`));
    const p = expectOk(await push(lesson, { questionId: bank.trueFalse }));
    expect(p.n).toBe(2);
    await answer(p.trainId, bank.trueFalse, 'T');
  });

  it('holds an unanswered push: the wrong-answer book postpones it until answered', async () => {
    // The lesson's answers enter the book once its training ends: end this lesson first.
    expectOk(await as('teacher', 'POST', `/v1/lesson/${lesson}/close`));
    await vi.waitFor(async () => expect((await pushes(lesson, 'teacher')).status).toBe('finished'));
    const book = expectOk(await as<WrongListPage>('student', 'GET', '/v1/wrong/list'));
    expect(book.list.map((e) => e.questionId)).toContain(bank.single);
    // The next lesson pushes the wrong question again: while unanswered, its review waits.
    const second = await addLesson();
    const p = expectOk(await push(second, { questionId: bank.single }));
    const held = expectOk(await as<WrongListPage>('student', 'GET', '/v1/wrong/list'));
    expect(held.list.find((e) => e.questionId === bank.single)?.postponed).toBe(true);
    const review = await as('student', 'POST', `/v1/wrong/${bank.single}/review`, {
      clientAnswerId: 'lesson-engine-review-1',
      answer: ['A'],
    });
    expectError(review, 409);
    expect(review.body.errmsg).toBe(WRONG_POSTPONED_REASON);
    // The panel shows the entry as one that cannot be pushed now.
    const panel = LessonPanel.parse(expectOk(await as('teacher', 'GET', `/v1/lesson/${second}/panel`)));
    expect(panel.wrong.find((w) => w.questionId === bank.single)).toMatchObject({ postponed: true });
    await answer(p.trainId, bank.single, 'A');
    const free = expectOk(await as<WrongListPage>('student', 'GET', '/v1/wrong/list'));
    expect(free.list.find((e) => e.questionId === bank.single)?.postponed).toBeFalsy();
  });
});

describe('pushing from a knowledge point, and the end of the lesson', () => {
  it('picks an auto-judged question of the point not pushed yet, then says when none is left', async () => {
    const third = await addLesson();
    const first = expectOk(await push(third, { knowledgeCode: bank.kp }));
    expect([bank.single, bank.trueFalse]).toContain(first.questionId);
    await answer(first.trainId, first.questionId, 'A');
    const second = expectOk(await push(third, { knowledgeCode: bank.kp }));
    expect([bank.single, bank.trueFalse].filter((q) => q !== first.questionId)).toEqual([second.questionId]);
    await answer(second.trainId, second.questionId, 'T');
    const none = await push(third, { knowledgeCode: bank.kp });
    expectError(none, 409);
    expect(none.body.errmsg).toContain('该知识点下暂时没有可以推送的题目');
    const empty = await push(third, { knowledgeCode: bank.emptyKp });
    expectError(empty, 409);
  });

  it('ends the lesson training with the lesson; a parent reads the pushes then, without keys', async () => {
    const fourth = await addLesson();
    const p = expectOk(await push(fourth, { questionId: bank.manual }));
    expectOk(await as('teacher', 'POST', `/v1/lesson/${fourth}/close`));
    await vi.waitFor(async () => {
      const [row] = await t.db
        .select()
        .from(trainings)
        .where(eq(trainings.id, Number(p.trainId)));
      expect(row.status).toBe('finished');
    });
    const r = await push(fourth, { questionId: bank.single });
    expectError(r, 409);
    expect(r.body.errmsg).toBe('课程已结束，不能再推送题目');
    const parent = await pushes(fourth, 'parent');
    expect(parent).toMatchObject({ status: 'finished', waiting: false });
    expect(parent.pushes[0]).toMatchObject({ questionId: bank.manual, key: null, answer: null });
  });

  it('ends a training whose lesson ended without telling it, at the next read', async () => {
    const fifth = await addLesson();
    const p = expectOk(await push(fifth, { questionId: bank.single }));
    await t.db
      .update(lessons)
      .set({ status: 'ended', closedAt: new Date(t.clock.now()) })
      .where(eq(lessons.id, fifth));
    expect((await pushes(fifth, 'teacher')).status).toBe('finished');
    const [row] = await t.db
      .select()
      .from(trainings)
      .where(eq(trainings.id, Number(p.trainId)));
    expect(row).toMatchObject({ status: 'finished', lessonId: fifth, schemeId: -fifth });
  });
});
