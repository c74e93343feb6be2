// API tests of manual marking on a real database: the queue, claims that expire after 30 minutes (manual
// clock), a second marker's 409, a mark updating the record, the training's score, the report, the scheme
// statistics, mastery and the wrong-answer book together, history on re-marking, bad input changing nothing,
// and who may mark what (agency teachers outside tasks for their students, homework teachers only on homework tasks of agencies
// they are assigned to, foreign ids 404).
import {
  AnswerRecordDetail,
  Question,
  MarkingItem,
  Scheme,
  TrainingReport,
  MarkingQueuePage,
  MarkingTraining,
  type MarkingHistoryItem,
  type MasteryPoint,
  type SchemeAnswerStats,
  type Training,
  type TrainingRecord,
  type WrongListPage,
} from '@edu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkTeacherAgencies } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser, joinDemoClass } from '../../test/test-users.js';
import { createTestBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let teacher: string;
let teacher2: string;
let tutor: string;
let tutor2: string;
let student: string;
let other: string;
let bank: TestBank;
let schemeId: string;
const call = schemeCalls(() => t);
const MIN = 60_000;
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** The student takes the paper [single, manual], answers single right and the short answer, and hands in. */
async function handIn(): Promise<{ trainId: string; recordId: string }> {
  const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
  const answer = (questionId: string, answer: string[]) =>
    call('POST', `/v1/train/${tr.trainId}/answer`, student, {
      clientAnswerId: `mark-${tr.trainId}-${questionId}`,
      questionId,
      answer,
    });
  expectOk(await answer(bank.single, ['A']));
  expectOk(await answer(bank.manual, ['The cat sat on the mat']));
  expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
  const records = expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${tr.trainId}/questions`, student));
  return { trainId: tr.trainId, recordId: records.find((r) => r.questionId === bank.manual)!.recordId };
}

const queue = async (token: string, query = '') =>
  MarkingQueuePage.parse(expectOk(await call('GET', `/v1/marking/queue${query}`, token)));
const claim = (token: string, recordId: string) => call('POST', `/v1/marking/record/${recordId}/claim`, token);
const mark = (token: string, recordId: string, body: Record<string, unknown>) =>
  call<MarkingItem>('POST', `/v1/marking/record/${recordId}`, token, body);
const report = async (trainId: string) =>
  expectOk(await call<TrainingReport>('GET', `/v1/train/report/${trainId}`, student));
const inBook = async () =>
  expectOk(await call<WrongListPage>('GET', '/v1/wrong/list?filter=all', student)).list.some(
    (e) => e.questionId === bank.manual,
  );
const masteryAnswers = async () => {
  const points = expectOk(await call<MasteryPoint[]>('GET', '/v1/mastery/points?scope=mine', student));
  return points.find((p) => p.code === bank.kp)?.totalAnswers ?? 0;
};
const manualFacility = async () => {
  const stats = expectOk(
    await call<SchemeAnswerStats>('GET', `/v1/train/scheme/${schemeId}/stats/answer`, teacher),
  ) as SchemeAnswerStats & { questions: { questionId: string; facility: number | null }[] };
  return stats.questions.find((q) => q.questionId === bank.manual)?.facility ?? null;
};
const recordRow = async (recordId: string) => {
  const r = await t.db.execute(
    sql`select score, is_correct as "isCorrect", result->>'pending' as pending from answer_records where id = ${Number(recordId)}`,
  );
  return rowsOf<{ score: number | null; isCorrect: boolean | null; pending: string }>(r)[0];
};

beforeAll(async () => {
  t = await createTestApp();
  // A second teacher of the student's class (a teacher marks outside tasks only the students whose records they
  // read, docs/classes.md "Whose records a teacher reads").
  await joinDemoClass(t, await addUser(t, 'teacher2', '赵老师', ['edu:agency:demo:teacher']));
  const tutor2Id = await addUser(t, 'tutor2', '钱老师（未分配）', ['edu:homework:teacher']);
  await t.db.insert(homeworkTeacherAgencies).values({ userId: tutor2Id, agencyId: 'other' });
  let admin: string;
  [agency, teacher, teacher2, tutor, tutor2, student, other, admin] = await Promise.all(
    ['agency', 'teacher', 'teacher2', 'tutor', 'tutor2', 'student', 'other', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
  const paper = expectOk(
    await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
      title: '主观题小测',
      kpRange: [bank.kp],
      timeLimit: 0,
      questionIds: [bank.single, bank.manual],
      trainRepoId: bank.trainRepoId,
    }),
  );
  schemeId = paper.schemeId;
  expectOk(await call('POST', `/v1/train/scheme/${schemeId}/on`, agency));
});
afterAll(() => t.close());

describe('the queue and claims', () => {
  it('lists a pending answer of an ended training for the agency teacher, and claims expire after 30 minutes', async () => {
    const { trainId, recordId } = await handIn();
    const q = await queue(teacher);
    const item = q.list.find((i) => i.recordId === recordId);
    expect(item).toMatchObject({ trainId, taskId: '0', student: '李小明', score: null, claim: null });
    expect(q.list.some((i) => i.questionId === bank.single)).toBe(false); // auto-judged: scored at once
    expect((await queue(teacher, '?taskId=0')).list.some((i) => i.recordId === recordId)).toBe(true);
    expect((await queue(teacher, '?taskId=99')).list.some((i) => i.recordId === recordId)).toBe(false);
    expect((await queue(teacher, '?minAgeHours=1')).list.some((i) => i.recordId === recordId)).toBe(false);

    expectOk(await claim(teacher, recordId));
    const held = await claim(teacher2, recordId);
    expectError(held, 409);
    expect(held.body.errmsg).toContain('张老师');
    expectError(await mark(teacher2, recordId, { score: 1 }), 409);
    const shown = (await queue(teacher2)).list.find((i) => i.recordId === recordId);
    expect(shown?.claim).toMatchObject({ marker: '张老师', mine: false });

    t.clock.advance(31 * MIN);
    expect((await queue(teacher, '?minAgeHours=0')).list.find((i) => i.recordId === recordId)?.claim).toBeNull();
    expectOk(await claim(teacher2, recordId));
    // The first marker's claim expired and was taken over: their mark is refused.
    const late = await mark(teacher, recordId, { score: 1 });
    expectError(late, 409);
    expect(late.body.errmsg).toContain('赵老师');
    expect((await recordRow(recordId)).score).toBeNull();
    expectOk(await call('DELETE', `/v1/marking/record/${recordId}/claim`, teacher2));
    // Without a claim nobody marks.
    expectError(await mark(teacher, recordId, { score: 1 }), 409);
    // Two markers claiming at once: one claim, one 409.
    const both = await Promise.all([claim(teacher, recordId), claim(teacher2, recordId)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('a mark', () => {
  it('updates the record, training score, report, statistics, mastery and wrong-answer book; re-marking keeps history', async () => {
    const { trainId, recordId } = await handIn();
    expect(await inBook()).toBe(false);
    const before = await report(trainId);
    expect(before.training.score).toBe(1);
    const masteryBefore = await masteryAnswers();

    const training = MarkingTraining.parse(expectOk(await call('GET', `/v1/marking/training/0/${trainId}`, teacher)));
    expect(training.items.map((i) => i.recordId)).toEqual([recordId]);
    expect(training.items[0]).toMatchObject({ text: 'The cat sat on the mat', standardAnswer: ['参考答案'] });

    expectOk(await claim(teacher, recordId));
    const first = MarkingItem.parse(
      expectOk(
        await mark(teacher, recordId, {
          score: 0.5,
          comment: ' 要点不全 ',
          annotations: [{ start: 4, end: 7, note: '用词' }],
        }),
      ),
    );
    expect(first).toMatchObject({ pending: false, score: 0.5, claim: null });
    expect(first.mark).toMatchObject({ score: 0.5, isCorrect: false, comment: '要点不全', marker: '张老师' });
    expect(first.mark?.annotations).toEqual([{ start: 4, end: 7, note: '用词' }]);
    expect(await recordRow(recordId)).toEqual({ score: 0.5, isCorrect: false, pending: 'false' });

    const after = await report(trainId);
    expect(after.training.score).toBe(1.5);
    expect(after.records.find((r) => r.recordId === recordId)).toMatchObject({ isCorrect: false, score: 0.5 });
    expect(await inBook()).toBe(true); // marked wrong: in the book like any wrong answer
    expect(await masteryAnswers()).toBe(masteryBefore + 1);
    const facility = await manualFacility();
    expect(facility).not.toBeNull();

    // Re-marking: full marks, the book lets the question go, history keeps both marks.
    expectOk(await claim(teacher2, recordId));
    const second = MarkingItem.parse(expectOk(await mark(teacher2, recordId, { score: 1 })));
    expect(second.mark).toMatchObject({ score: 1, isCorrect: true, marker: '赵老师' });
    expect(second.history).toEqual([
      expect.objectContaining({ marker: '赵老师', oldScore: 0.5, newScore: 1 }),
      expect.objectContaining({ marker: '张老师', oldScore: null, newScore: 0.5 }),
    ]);
    expect((await report(trainId)).training.score).toBe(2);
    expect(await inBook()).toBe(false);
    expect(await manualFacility()).toBeGreaterThan(facility!);
    expect((await queue(teacher)).list.some((i) => i.recordId === recordId)).toBe(false);
    expect((await queue(teacher, '?status=marked')).list.some((i) => i.recordId === recordId)).toBe(true);

    const mine = expectOk(
      await call<{ total: number; list: MarkingHistoryItem[] }>('GET', '/v1/marking/history?size=1', teacher),
    );
    expect(mine.list[0]).toMatchObject({ recordId, trainId, oldScore: null, newScore: 0.5, comment: '要点不全' });
    const page2 = expectOk(
      await call<{ total: number; list: MarkingHistoryItem[] }>('GET', '/v1/marking/history?start=50', teacher),
    );
    expect(page2).toEqual({ total: mine.total, list: [] });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { trainId, recordId } = await handIn();
    expectOk(await claim(teacher, recordId));
    for (const body of [
      { score: 1.5 },
      { score: -1 },
      { score: 0.333 },
      {},
      { score: 1, annotations: [{ start: 3, end: 2 }] },
      { score: 1, annotations: [{ start: 0, end: 500 }] },
    ]) {
      const r = await mark(teacher, recordId, body);
      expectError(r, 400);
      expect(r.body.errmsg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await recordRow(recordId)).score).toBeNull();
    expect((await report(trainId)).training.score).toBe(1);
  });
});

describe('a reading question', () => {
  it('is marked per waiting sub-question; its score is the mean of the sub-scores', async () => {
    const repos = expectOk(
      await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agency),
    );
    const repoId = repos.list.find((r) => r.owned)!.id;
    const { id } = expectOk(
      await call<{ id: string }>('PUT', '/v1/exam/question', agency, {
        agencyId: 'demo',
        repoId,
        type: 'enReading',
        judgeType: 'manual',
        title: '阅读短文',
        question: '<p>Read and answer.</p>',
        knowledgeId: bank.kp,
        options: [],
        answer: [],
        questionSub: [
          { type: 'trueFalse', title: 'Q1', answer: ['F'] },
          { type: 'shortAnswer', title: 'Q2', answer: ['Because it rained.'] },
        ],
      }),
    );
    const q = Question.parse(expectOk(await call('GET', `/v1/exam/question/${id}`, agency)));
    const [tf, sa] = q.questionSub.map((x) => x.questionSubId);
    const paper = expectOk(
      await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
        title: '阅读小测',
        kpRange: [bank.kp],
        timeLimit: 0,
        questionIds: [id],
        trainRepoId: bank.trainRepoId,
      }),
    );
    expectOk(await call('POST', `/v1/train/scheme/${paper.schemeId}/on`, agency));
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${paper.schemeId}/start`, student));
    expectOk(
      await call('POST', `/v1/train/${tr.trainId}/answer`, student, {
        clientAnswerId: `reading-${tr.trainId}`,
        questionId: id,
        answer: [],
        subAnswers: { [tf]: ['F'], [sa]: ['It rained.'] },
      }),
    );
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
    const marking = MarkingTraining.parse(expectOk(await call('GET', `/v1/marking/training/0/${tr.trainId}`, teacher)));
    const item = marking.items[0];
    expect(item.subQuestions).toEqual([
      expect.objectContaining({ questionSubId: sa, title: 'Q2', answer: ['It rained.'], isCorrect: null }),
    ]);
    expectOk(await claim(teacher, item.recordId));
    expectError(await mark(teacher, item.recordId, { score: 1 }), 400);
    const marked = MarkingItem.parse(expectOk(await mark(teacher, item.recordId, { subMarks: { [sa]: false } })));
    expect(marked).toMatchObject({ score: 0.5, pending: false });
    expect(marked.subQuestions[0].isCorrect).toBe(false);
    expect((await report(tr.trainId)).training.score).toBe(0.5);
  });
});

describe('what the student reads of a mark', () => {
  it('counts answers waiting for a teacher and carries the comment once marked, never while the paper runs', async () => {
    const history = async () =>
      expectOk(await call<{ list: { trainId: string; pending?: number }[] }>('GET', '/v1/train/history', student));
    // A running paper shows nothing of its results: no waiting count either.
    const running = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
    expectOk(
      await call('POST', `/v1/train/${running.trainId}/answer`, student, {
        clientAnswerId: `mark-${running.trainId}-running`,
        questionId: bank.manual,
        answer: ['The dog'],
      }),
    );
    expect(expectOk(await call<Training>('GET', `/v1/train/${running.trainId}`, student)).pending).toBe(0);
    expect((await history()).list.find((h) => h.trainId === running.trainId)?.pending).toBe(0);
    const finished = expectOk(await call<Training>('POST', `/v1/train/${running.trainId}/finish`, student));
    expect(finished.pending).toBe(1);

    const records = expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${running.trainId}/questions`, student));
    const recordId = records.find((r) => r.questionId === bank.manual)!.recordId;
    const before = await report(running.trainId);
    expect(before.training.pending).toBe(1);
    expect(before.records.every((r) => r.markComment === undefined)).toBe(true);
    expect((await history()).list.find((h) => h.trainId === running.trainId)?.pending).toBe(1);

    expectOk(await claim(teacher, recordId));
    expectOk(await mark(teacher, recordId, { score: 1, comment: ' 表达准确 ' }));
    const after = await report(running.trainId);
    expect(after.training.pending).toBe(0);
    expect(after.records.find((r) => r.recordId === recordId)?.markComment).toBe('表达准确');
    expect(after.records.find((r) => r.questionId === bank.single)?.markComment).toBeUndefined();
    expect((await history()).list.find((h) => h.trainId === running.trainId)?.pending).toBe(0);
  });
});

describe("the teacher's annotations", () => {
  it('reach the student and their parent with the comment, and neither while the paper keeps its corrections', async () => {
    // A paper whose corrections wait for the teacher's release (docs/practice-engine.md "Review options").
    const held = Scheme.parse(
      expectOk(
        await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
          title: '批注小测',
          kpRange: [bank.kp],
          timeLimit: 0,
          questionIds: [bank.single, bank.manual],
          trainRepoId: bank.trainRepoId,
          reviewAfter: 'teacher-release',
        }),
      ),
    );
    expectOk(await call('POST', `/v1/train/scheme/${held.schemeId}/on`, agency));
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${held.schemeId}/start`, student));
    expectOk(
      await call('POST', `/v1/train/${tr.trainId}/answer`, student, {
        clientAnswerId: `annotated-${tr.trainId}`,
        questionId: bank.manual,
        answer: ['The cat sat on the mat'],
      }),
    );
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
    const recordId = expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${tr.trainId}/questions`, student))[0]
      .recordId;
    expectOk(await claim(teacher, recordId));
    const notes = [{ start: 4, end: 7, note: '用词' }];
    expectOk(await mark(teacher, recordId, { score: 1, comment: '很好', annotations: notes }));

    const studentId = (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'student') }))!.id;
    const parent = await t.login('parent');
    const parentRecords = async () =>
      TrainingReport.parse(
        expectOk(await call('GET', `/v1/parent/child/${studentId}/report/${tr.trainId}?questions=1`, parent)),
      ).records;
    // The single answer's page (GET /v1/answer/record/:id) reads them as the training's records do.
    const answerPage = async () =>
      AnswerRecordDetail.parse(expectOk(await call('GET', `/v1/answer/record/${recordId}`, student)));
    const studentRecords = async () => [
      ...TrainingReport.parse(await report(tr.trainId)).records,
      ...expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${tr.trainId}/questions`, student)),
    ];
    // Waiting for the release: neither the comment nor the annotations, to the student or the parent.
    for (const r of [...(await studentRecords()), ...(await parentRecords())]) {
      expect(r.markComment).toBeUndefined();
      expect(r.markAnnotations).toBeUndefined();
    }
    expectError(await call('GET', `/v1/answer/record/${recordId}`, student), 409);

    expectOk(await call('POST', `/v1/train/scheme/${held.schemeId}/release`, agency));
    for (const r of [...(await studentRecords()), ...(await parentRecords()), await answerPage()])
      expect([r.markComment, r.markAnnotations]).toEqual(['很好', notes]);
    // A mark without annotations sends none.
    expectOk(await claim(teacher, recordId));
    expectOk(await mark(teacher, recordId, { score: 1, comment: '很好', annotations: [] }));
    expect((await studentRecords()).map((r) => r.markAnnotations)).toEqual([undefined, undefined]);
    expect(await answerPage()).toMatchObject({ markComment: '很好' });
    expect((await answerPage()).markAnnotations).toBeUndefined();
  });
});

describe('access', () => {
  it('gives homework teachers only homework tasks of agencies they are assigned to; foreign ids are 404', async () => {
    const { trainId, recordId } = await handIn();
    // Outside tasks: agency teachers and admins, not the homework teacher.
    expect((await queue(tutor)).list.some((i) => i.recordId === recordId)).toBe(false);
    expectError(await claim(tutor, recordId), 404);
    expectError(await call('GET', `/v1/marking/training/0/${trainId}`, tutor), 404);
    expect((await queue(agency)).list.some((i) => i.recordId === recordId)).toBe(true);
    // A student, and another agency's admin with the id: refused / not found.
    expectError(await call('GET', '/v1/marking/queue', student), 403);
    expectError(await call('POST', `/v1/marking/record/${recordId}/claim`, other, undefined, 'other'), 404);
    expectError(await call('GET', `/v1/marking/training/0/${trainId}`, other, undefined, 'other'), 404);
    // A homework teacher not assigned to the agency cannot act in it.
    expectError(await call('GET', '/v1/marking/queue', tutor2), 403);

    // The training becomes a homework task's: the assigned homework teacher marks it; the wrong task id is 404.
    const inserted = await t.db.execute(
      sql`insert into tasks (agency_id, title, scheme_id, scheme_type, start_at, deadline, late_policy, homework)
        values ('demo', '作业', ${Number(schemeId)}, 'paper', now() - interval '1 day', now() + interval '1 day', 'none', true)
        returning id::text as id`,
    );
    const [task] = rowsOf<{ id: string }>(inserted);
    await t.db.execute(sql`update trainings set task_id = ${Number(task.id)} where id = ${Number(trainId)}`);
    expect((await queue(tutor, `?taskId=${task.id}`)).list.map((i) => i.recordId)).toEqual([recordId]);
    expectError(await call('GET', `/v1/marking/training/0/${trainId}`, tutor), 404);
    const homework = MarkingTraining.parse(
      expectOk(await call('GET', `/v1/marking/training/${task.id}/${trainId}`, tutor)),
    );
    expect(homework.items.map((i) => i.recordId)).toEqual([recordId]);
    expectOk(await claim(tutor, recordId));
    expectOk(await mark(tutor, recordId, { score: 0 }));
    const hist = expectOk(await call<{ list: MarkingHistoryItem[] }>('GET', '/v1/marking/history', tutor));
    expect(hist.list[0]).toMatchObject({ recordId, taskId: task.id, newScore: 0 });

    // Not a homework task: the homework teacher no longer sees it.
    await t.db.execute(sql`update tasks set homework = false where id = ${Number(task.id)}`);
    expect((await queue(tutor, '?status=marked')).list.some((i) => i.recordId === recordId)).toBe(false);
    expectError(await claim(tutor, recordId), 404);
  });

  it('refuses malformed queue filters with 400', async () => {
    expectError(await call('GET', '/v1/marking/queue?minAgeHours=-1', teacher), 400);
    expectError(await call('GET', '/v1/marking/queue?taskId=abc', teacher), 400);
    expectError(await call('GET', '/v1/marking/queue?status=all', teacher), 400);
  });
});
