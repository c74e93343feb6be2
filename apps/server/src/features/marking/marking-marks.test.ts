// Manual marking out of a question's mark (docs/marking.md "A mark", docs/practice-engine.md "Marks"): an essay worth
// 15 on a paper, marked 12, reads 得分 12 / 15 and partial everywhere the student looks, counts 80 % in 正确率, stays
// out of the wrong-answer book (12 is at least 60 % of 15); marked 6 it enters the book, marked 15 it is right.
import {
  AnswerRecordDetail,
  MarkingItem,
  MarkingQueuePage,
  MarkingTraining,
  TrainingReport,
  type SchemeAnswerStats,
  type SchemeUserStats,
  type Scheme,
  type StudentTrainingStats,
  type Training,
  type TrainingRecord,
  type WrongListPage,
} from '@edu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { createTestBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let teacher: string;
let student: string;
let bank: TestBank;
let schemeId: string;
const call = schemeCalls(() => t);
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  let admin: string;
  [agency, teacher, student, admin] = await Promise.all(
    ['agency', 'teacher', 'student', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
  const paper = expectOk(
    await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
      title: '作文测验',
      kpRange: [bank.kp],
      timeLimit: 0,
      questionIds: [bank.manual],
      marks: { [bank.manual]: 15 },
      trainRepoId: bank.trainRepoId,
    }),
  );
  schemeId = paper.schemeId;
  expectOk(await call('POST', `/v1/train/scheme/${schemeId}/on`, agency));
});
afterAll(() => t.close());

const mark = (recordId: string, score: number) =>
  call<MarkingItem>('POST', `/v1/marking/record/${recordId}`, teacher, { score, comment: '结构清楚' });
const claim = (recordId: string) => call('POST', `/v1/marking/record/${recordId}/claim`, teacher);
const report = async (trainId: string) =>
  TrainingReport.parse(expectOk(await call<TrainingReport>('GET', `/v1/train/report/${trainId}`, student)));
const inBook = async () =>
  expectOk(await call<WrongListPage>('GET', '/v1/wrong/list?filter=all', student)).list.some(
    (e) => e.questionId === bank.manual,
  );
const essayFacility = async () => {
  const stats = expectOk(
    await call<SchemeAnswerStats>('GET', `/v1/train/scheme/${schemeId}/stats/answer`, teacher),
  ) as SchemeAnswerStats & { questions: { questionId: string; facility: number | null }[] };
  return stats.questions.find((q) => q.questionId === bank.manual)?.facility ?? null;
};

describe('an essay worth 15', () => {
  it('is marked out of 15: 12 reads 12 / 15, partial, 80 %, and stays out of the book; 6 enters it; 15 is right', async () => {
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
    expect(tr.maxScore).toBe(15);
    expectOk(
      await call('POST', `/v1/train/${tr.trainId}/answer`, student, {
        clientAnswerId: 'essay-answer-1',
        questionId: bank.manual,
        answer: ['My favourite season is autumn.'],
      }),
    );
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
    const [record] = expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${tr.trainId}/questions`, student));
    const recordId = record.recordId;
    expect(record).toMatchObject({ mark: 15, score: 0, isCorrect: null, verdict: null });

    // The marker sees the question's mark.
    const queued = MarkingQueuePage.parse(expectOk(await call('GET', '/v1/marking/queue', teacher)));
    expect(queued.list.find((i) => i.recordId === recordId)).toMatchObject({ score: null, maxScore: 15 });
    const training = MarkingTraining.parse(
      expectOk(await call('GET', `/v1/marking/training/0/${tr.trainId}`, teacher)),
    );
    expect(training).toMatchObject({ score: 0, maxScore: 15 });
    expect(training.items[0]).toMatchObject({ maxScore: 15, score: null, pending: true });

    expectOk(await claim(recordId));
    const over = await mark(recordId, 15.5);
    expectError(over, 400);
    expect(over.body.errmsg).toContain('得分不能超过本题满分 15 分');

    const marked = MarkingItem.parse(expectOk(await mark(recordId, 12)));
    expect(marked).toMatchObject({ maxScore: 15, score: 12, pending: false });
    expect(marked.mark).toMatchObject({ score: 12, isCorrect: false });
    const [row] = rowsOf<{ score: number; isCorrect: boolean; feedback: string }>(
      await t.db.execute(
        sql`select score, is_correct as "isCorrect", result->>'feedback' as feedback from answer_records where id = ${Number(recordId)}`,
      ),
    );
    // The record keeps the share of the mark, as the judge's results do.
    expect(row).toEqual({
      score: 0.8,
      isCorrect: false,
      feedback: '老师已批改：得 12 分（满分 15 分）；老师评语：结构清楚',
    });

    const after = await report(tr.trainId);
    expect(after.training).toMatchObject({ score: 12, maxScore: 15, answered: 1, correct: 0, credit: 0.8 });
    expect(after.records[0]).toMatchObject({ score: 12, mark: 15, isCorrect: false, verdict: 'partial' });
    expect(after.knowledgePoints[0]).toMatchObject({ answered: 1, correct: 0, credit: 0.8 });
    const detail = AnswerRecordDetail.parse(expectOk(await call('GET', `/v1/answer/record/${recordId}`, student)));
    expect(detail).toMatchObject({ score: 12, mark: 15, verdict: 'partial', inWrongBook: false });
    expect(await inBook()).toBe(false); // 12 of 15 = 80 %: partly right, not in the book
    expect(await essayFacility()).toBeCloseTo(0.8, 9); // item analysis reads the share
    // The statistics' 正确率 counts the share too (credit / answered); `correct` stays the full-mark count.
    const stats = expectOk(await call<SchemeUserStats>('GET', `/v1/train/scheme/${schemeId}/stats/user`, agency));
    const userRow = stats.users.list.find((u) => u.answered > 0);
    expect(userRow).toMatchObject({ answered: 1, correct: 0, credit: 0.8 });
    const studentId = userRow!.userId;
    const mine = expectOk(await call<StudentTrainingStats>('GET', `/v1/train/student/${studentId}/stats`, agency));
    expect(mine.summary).toMatchObject({ answered: 1, correct: 0, credit: 0.8 });
    expect(mine.trainings.list[0]).toMatchObject({ answered: 1, correct: 0, credit: 0.8 });

    // Re-marked 6 (40 %): into the book; history in marks.
    expectOk(await claim(recordId));
    const six = MarkingItem.parse(expectOk(await mark(recordId, 6)));
    expect(six.history[0]).toMatchObject({ oldScore: 12, newScore: 6 });
    expect(await inBook()).toBe(true);
    expect((await report(tr.trainId)).records[0]).toMatchObject({ score: 6, verdict: 'partial' });

    // Full marks: right, out of the book.
    expectOk(await claim(recordId));
    expectOk(await mark(recordId, 15));
    const full = await report(tr.trainId);
    expect(full.training).toMatchObject({ score: 15, correct: 1, credit: 1 });
    expect(full.records[0]).toMatchObject({ score: 15, isCorrect: true, verdict: 'correct' });
    expect(await inBook()).toBe(false);

    // Nothing: wrong.
    expectOk(await claim(recordId));
    expectOk(await mark(recordId, 0));
    expect((await report(tr.trainId)).records[0]).toMatchObject({ score: 0, isCorrect: false, verdict: 'wrong' });
    expect(await inBook()).toBe(true);
  });
});
