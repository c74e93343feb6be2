// A paper's review options over the API (docs/practice-engine.md "Review options"): when a finisher — and their
// parent — sees the corrections (verdicts, keys) and the score of an ended paper: after the hand-in, after the close
// (the scheme switched off; a task's paper at its deadline) or after a teacher's release. Staff always see all.
import ExcelJS from 'exceljs';
import {
  CORRECTIONS_NOTICE,
  Scheme,
  Task,
  TrainingReport,
  type Training,
  type TrainingRecord,
  type TrainingSummary,
  type WrongListPage,
} from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let bank: TestBank;
const call = schemeCalls(() => t);
const HOUR = 3600_000;
let users = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { tokenTtlSeconds: 30 * 24 * 3600, tokenIdleSeconds: 30 * 24 * 3600 } });
  ({ agency, bank } = await agencyStudentAndBank(t));
});
afterAll(() => t.close());

/** A student of demo of their own (their book and seals start empty). */
async function newStudent(): Promise<string> {
  const username = `review-s${++users}`;
  await addUser(t, username, `复查学生${users}`, ['edu:agency:demo:student']);
  return t.login(username);
}

/** A paper of the bank's two auto-judged questions with the options given; switched on unless `off`. */
async function paper(options: Record<string, unknown>, o: { off?: boolean } = {}): Promise<Scheme> {
  const s = Scheme.parse(
    expectOk(
      await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
        title: '复查选项试卷',
        kpRange: [bank.kp],
        timeLimit: 0,
        questionIds: [bank.single, bank.trueFalse],
        trainRepoId: bank.trainRepoId,
        ...options,
      }),
    ),
  );
  if (!o.off) expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, agency));
  return s;
}

/** Answers the paper (single wrong, trueFalse right) and hands it in; answers the hand-in's training. */
async function sit(tr: Training, token: string): Promise<{ training: Training; recordId: string }> {
  let recordId = '';
  for (const [questionId, answer] of [
    [bank.single, 'B'],
    [bank.trueFalse, 'T'],
  ]) {
    const r = expectOk(
      await call<{ recordId: string }>('POST', `/v1/train/${tr.trainId}/answer`, token, {
        clientAnswerId: `review-${tr.trainId}-${questionId}`,
        questionId,
        answer: [answer],
      }),
    );
    if (questionId === bank.single) recordId = r.recordId;
  }
  return { training: expectOk(await call<Training>('POST', `/v1/train/${tr.trainId}/finish`, token)), recordId };
}

const start = async (schemeId: string, token: string) =>
  expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, token));
const report = async (trainId: string, token: string) =>
  TrainingReport.parse(expectOk(await call<TrainingReport>('GET', `/v1/train/report/${trainId}`, token)));
const records = async (trainId: string, token: string) =>
  expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${trainId}/questions`, token));
const history = async (token: string) =>
  expectOk(await call<{ list: TrainingSummary[] }>('GET', '/v1/train/history', token)).list;
const book = async (token: string) =>
  expectOk(await call<WrongListPage>('GET', '/v1/wrong/list?filter=all', token)).list.map((e) => e.questionId);
const verdicts = (r: { records: TrainingRecord[] }) => r.records.map((x) => x.isCorrect);

describe('after-hand-in (a practice paper by default)', () => {
  it('shows everything at the hand-in', async () => {
    const s = await paper({});
    expect([s.reviewAfter, s.showScore, s.releasedAt]).toEqual([null, 'after-hand-in', null]);
    const student = await newStudent();
    const { training, recordId } = await sit(await start(s.schemeId, student), student);
    expect(training.corrections).toBeUndefined();
    expect(training.score).toBe(1);
    expect(verdicts(await report(training.trainId, student))).toEqual([false, true]);
    expectOk(await call('GET', `/v1/answer/record/${recordId}`, student));
    expect(await book(student)).toContain(bank.single);
  });
});

describe('after-close', () => {
  it('keeps the corrections of a practice paper until the scheme is switched off; staff see them at once', async () => {
    const s = await paper({ reviewAfter: 'after-close' });
    expect(s.reviewAfter).toBe('after-close');
    const student = await newStudent();
    const { training, recordId } = await sit(await start(s.schemeId, student), student);
    const waiting = { wait: 'close', message: CORRECTIONS_NOTICE.close, scoreHidden: false };
    expect(training.corrections).toEqual(waiting);
    // The score is shown at the hand-in (showScore's default); which answers were right is not.
    expect(training.score).toBe(1);
    const mine = await report(training.trainId, student);
    expect(mine.training.corrections).toEqual(waiting);
    expect(verdicts(mine)).toEqual([null, null]);
    expect(mine.records.map((r) => r.answer)).toEqual([['B'], ['T']]);
    expect(mine.records[0].stem).not.toBe('');
    expect(mine.knowledgePoints.map((k) => k.correct)).toEqual([0]);
    expect((await records(training.trainId, student)).map((r) => r.isCorrect)).toEqual([null, null]);
    expect((await history(student)).find((h) => h.trainId === training.trainId)?.corrections).toEqual(waiting);
    const refused = await call('GET', `/v1/answer/record/${recordId}`, student);
    expectError(refused, 409);
    expect(refused.body.errmsg).toContain(CORRECTIONS_NOTICE.close);
    expect(await book(student)).not.toContain(bank.single);
    // Staff read the report whole.
    const staff = await report(training.trainId, agency);
    expect(staff.training.corrections).toBeUndefined();
    expect(verdicts(staff)).toEqual([false, true]);

    expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/off`, agency));
    const after = await report(training.trainId, student);
    expect(after.training.corrections).toBeUndefined();
    expect(verdicts(after)).toEqual([false, true]);
    expect(after.knowledgePoints.map((k) => k.correct)).toEqual([1]);
    expectOk(await call('GET', `/v1/answer/record/${recordId}`, student));
    expect(await book(student)).toContain(bank.single);
    // Open again, the paper may be taken again: its corrections wait again.
    expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, agency));
    expect(verdicts(await report(training.trainId, student))).toEqual([null, null]);
  });

  it("a task's paper waits for the task's deadline by default, for the student and their parent", async () => {
    const s = await paper({}, { off: true });
    const studentId = (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'student') }))!.id;
    const student = await t.login('student');
    const parent = await t.login('parent');
    const task = Task.parse(
      expectOk(
        await call<Task>('PUT', '/v1/task', agency, {
          title: '复查选项任务',
          schemeId: s.schemeId,
          studentIds: [String(studentId)],
          startTime: t.clock.now(),
          deadline: t.clock.now() + 2 * HOUR,
          latePolicy: 'none',
        }),
      ),
    );
    const tr = expectOk(await call<Training>('PUT', `/v1/student/task/${task.taskId}/do`, student));
    const { training } = await sit(tr, student);
    const waiting = { wait: 'deadline', message: CORRECTIONS_NOTICE.deadline, scoreHidden: false };
    expect(training.corrections).toEqual(waiting);
    expect(verdicts(await report(training.trainId, student))).toEqual([null, null]);
    const parentReport = () =>
      call<TrainingReport>('GET', `/v1/parent/child/${studentId}/report/${training.trainId}?questions=1`, parent).then(
        (r) => TrainingReport.parse(expectOk(r)),
      );
    const seen = await parentReport();
    expect(seen.training.corrections).toEqual(waiting);
    expect(verdicts(seen)).toEqual([null, null]);
    const parentHistory = expectOk(
      await call<{ list: TrainingSummary[] }>('GET', `/v1/parent/child/${studentId}/history`, parent),
    ).list;
    expect(parentHistory.find((h) => h.trainId === training.trainId)?.corrections).toEqual(waiting);

    t.clock.advance(2 * HOUR);
    expect(verdicts(await report(training.trainId, student))).toEqual([false, true]);
    const later = await parentReport();
    expect(later.training.corrections).toBeUndefined();
    expect(verdicts(later)).toEqual([false, true]);
  });
});

describe('teacher-release', () => {
  it('keeps corrections and, with showScore with-corrections, the score until staff release them', async () => {
    const s = await paper({ reviewAfter: 'teacher-release', showScore: 'with-corrections' });
    expect([s.reviewAfter, s.showScore]).toEqual(['teacher-release', 'with-corrections']);
    const student = await newStudent();
    const { training, recordId } = await sit(await start(s.schemeId, student), student);
    const waiting = { wait: 'release', message: CORRECTIONS_NOTICE.release, scoreHidden: true };
    expect(training.corrections).toEqual(waiting);
    expect([training.score, training.correct]).toEqual([0, 0]);
    const mine = await report(training.trainId, student);
    expect([mine.training.score, mine.training.correct]).toEqual([0, 0]);
    expect(verdicts(mine)).toEqual([null, null]);
    expect((await history(student)).find((h) => h.trainId === training.trainId)?.score).toBe(0);
    expectError(await call('GET', `/v1/answer/record/${recordId}`, student), 409);
    // The own history export: the student's answers, no result, no score.
    const file = await t.call('GET', '/v1/users/me/history/export', { token: student });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const rows = (name: string) =>
      (wb.getWorksheet(name)?.getSheetValues() ?? []).filter(Boolean).map((v) => (v as unknown[]).slice(1));
    const answers = rows('答题记录').filter((r) => r[1] === '复查选项试卷');
    expect(answers.map((r) => [r[4], r[5], r[6] ?? ''])).toEqual([
      ['B', CORRECTIONS_NOTICE.release, ''],
      ['T', CORRECTIONS_NOTICE.release, ''],
    ]);
    const row = rows('训练记录').find((r) => r[1] === '复查选项试卷')!;
    expect([row[8] ?? '', row[11] ?? '']).toEqual(['', '']);
    // Staff see everything; a student may not release.
    expect((await report(training.trainId, agency)).training.score).toBe(1);
    expectError(await call('POST', `/v1/train/scheme/${s.schemeId}/release`, student), 403);

    const released = Scheme.parse(
      expectOk(await call<Scheme>('POST', `/v1/train/scheme/${s.schemeId}/release`, agency)),
    );
    expect(released.releasedAt).toBe(t.clock.now());
    t.clock.advance(1000);
    // A second release keeps the first one's time.
    const again = Scheme.parse(expectOk(await call<Scheme>('POST', `/v1/train/scheme/${s.schemeId}/release`, agency)));
    expect(again.releasedAt).toBe(released.releasedAt);
    const after = await report(training.trainId, student);
    expect(after.training.corrections).toBeUndefined();
    expect([after.training.score, after.training.correct]).toEqual([1, 1]);
    expect(verdicts(after)).toEqual([false, true]);
    expectOk(await call('GET', `/v1/answer/record/${recordId}`, student));
  });

  it('releases papers only, of the agency only', async () => {
    const general = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.single], { title: '不是试卷' }));
    expectError(await call('POST', `/v1/train/scheme/${general}/release`, agency), 409);
    const s = await paper({ reviewAfter: 'teacher-release' }, { off: true });
    expectError(
      await call('POST', `/v1/train/scheme/${s.schemeId}/release`, await t.login('other'), undefined, 'other'),
      404,
    );
    expectError(
      await call('POST', '/v1/train/scheme/ordered/submit', agency, {
        title: '坏选项',
        questionIds: [bank.single],
        trainRepoId: bank.trainRepoId,
        reviewAfter: 'never',
      }),
      400,
    );
  });
});
