// Marks (docs/practice-engine.md "Marks") over HTTP: a paper gives each question its mark, a general scheme's point
// weights its questions, a training keeps the marks it started with, and partial credit reads as partial — scored
// by its share, counted in 正确率 by it, and kept out of the wrong-answer book at or above 60 % of its mark.
import {
  Question,
  Scheme,
  Training,
  TrainingRecord,
  TrainingReport,
  type TrainingSummary,
  type WrongListPage,
} from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { VALID } from '../questions/question-fixtures.test-helper.js';
import { agencyStudentAndBank, fieldsOf, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
/** A fill-in-the-blank question of three blanks (a, b, c). */
let blanks: string;
const call = schemeCalls(() => t);
let answerNo = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  const repos = expectOk(
    await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agency),
  );
  const body = {
    ...VALID.fillBlank,
    answer: ['a', 'b', 'c'],
    agencyId: 'demo',
    repoId: repos.list.find((r) => r.owned)!.id,
    knowledgeId: bank.kp,
  };
  blanks = Question.parse(expectOk(await call<Question>('PUT', '/v1/exam/question', agency, body))).id;
});
afterAll(() => t.close());

const submitPaper = (questionIds: string[], marks?: Record<string, number>) =>
  call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
    title: '分值小测',
    kpRange: [bank.kp],
    timeLimit: 0,
    questionIds,
    trainRepoId: bank.trainRepoId,
    ...(marks ? { marks } : {}),
  });
const on = async (schemeId: string) => expectOk(await call('POST', `/v1/train/scheme/${schemeId}/on`, agency));
const start = async (schemeId: string) =>
  Training.parse(expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student)));
const send = async (trainId: string, questionId: string, answer: string[]) =>
  expectOk(
    await call<{ training: Training }>('POST', `/v1/train/${trainId}/answer`, student, {
      clientAnswerId: `marks-answer-${++answerNo}`,
      questionId,
      answer,
    }),
  );
const finish = async (trainId: string) =>
  Training.parse(expectOk(await call<Training>('POST', `/v1/train/${trainId}/finish`, student)));
const report = async (trainId: string) =>
  TrainingReport.parse(expectOk(await call<TrainingReport>('GET', `/v1/train/report/${trainId}`, student)));
const records = async (trainId: string) =>
  expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${trainId}/questions`, student)).map((r) =>
    TrainingRecord.parse(r),
  );
const inBook = async (questionId: string) =>
  expectOk(await call<WrongListPage>('GET', '/v1/wrong/list?filter=all', student)).list.some(
    (e) => e.questionId === questionId,
  );

describe('a paper with marks', () => {
  it('stores each question’s mark on the paper (1 left out) and refuses a bad one with the field named', async () => {
    const s = Scheme.parse(
      expectOk(await submitPaper([bank.trueFalse, bank.single], { [bank.trueFalse]: 2.5, [bank.single]: 1 })),
    );
    expect(s.phases[0].points[0].marks).toEqual({ [bank.trueFalse]: 2.5 });
    const read = Scheme.parse(expectOk(await call('GET', `/v1/train/scheme/${s.schemeId}`, agency)));
    expect(read.phases[0].points[0].marks).toEqual({ [bank.trueFalse]: 2.5 });

    for (const [mark, message] of [
      [0, '分值必须是 0.5 到 100 之间、0.5 的整数倍'],
      [1.25, '分值必须是 0.5 到 100 之间、0.5 的整数倍'],
      [101, '分值必须是 0.5 到 100 之间、0.5 的整数倍'],
    ] as const) {
      const bad = await submitPaper([bank.trueFalse], { [bank.trueFalse]: mark });
      expectError(bad, 400);
      expect(fieldsOf(bad)).toEqual([{ path: `request.marks.${bank.trueFalse}`, message }]);
    }
    const foreign = await submitPaper([bank.trueFalse], { [bank.single]: 3 });
    expectError(foreign, 400);
    expect(fieldsOf(foreign)).toEqual([
      { path: `request.marks.${bank.single}`, message: `题目「${bank.single}」不在题目列表中，不能设分值` },
    ]);
  });

  it('scores each answer at its mark; partial credit reads partial, counts by its share and stays out of the book at ≥ 60 %', async () => {
    const s = expectOk(await submitPaper([bank.trueFalse, bank.single, blanks], { [bank.trueFalse]: 2, [blanks]: 3 }));
    await on(s.schemeId);
    const tr = await start(s.schemeId);
    expect(tr.maxScore).toBe(6);
    await send(tr.trainId, bank.trueFalse, ['T']); // right: 2 of 2
    await send(tr.trainId, bank.single, ['B']); // wrong: 0 of 1
    await send(tr.trainId, blanks, ['a', 'b', 'x']); // 2 of 3 blanks: 2 of 3 marks
    const done = await finish(tr.trainId);
    expect(done).toMatchObject({ score: 4, maxScore: 6, answered: 3, correct: 1 });
    expect(done.credit).toBeCloseTo(1 + 2 / 3, 4);

    const byQuestion = new Map((await records(tr.trainId)).map((r) => [r.questionId, r]));
    expect(byQuestion.get(bank.trueFalse)).toMatchObject({ score: 2, mark: 2, isCorrect: true, verdict: 'correct' });
    expect(byQuestion.get(bank.single)).toMatchObject({ score: 0, mark: 1, isCorrect: false, verdict: 'wrong' });
    expect(byQuestion.get(blanks)).toMatchObject({ mark: 3, isCorrect: false, verdict: 'partial' });
    expect(byQuestion.get(blanks)?.score).toBeCloseTo(2, 9);

    const r = await report(tr.trainId);
    expect(r.training).toMatchObject({ score: 4, maxScore: 6, correct: 1 });
    expect(r.training.credit).toBeCloseTo(1.6667, 4);
    expect(r.knowledgePoints[0].credit).toBeCloseTo(1.6667, 4);
    const history = expectOk(await call<{ list: TrainingSummary[] }>('GET', '/v1/train/history', student));
    expect(history.list.find((h) => h.trainId === tr.trainId)?.credit).toBeCloseTo(1.6667, 4);

    // The book: the wrong answer is in it; 2 of 3 (≥ 60 %) is partly right and stays out.
    expect(await inBook(bank.single)).toBe(true);
    expect(await inBook(blanks)).toBe(false);
  });

  it('a partial answer below 60 % of its mark enters the book', async () => {
    const s = expectOk(await submitPaper([blanks], { [blanks]: 4 }));
    await on(s.schemeId);
    const tr = await start(s.schemeId);
    await send(tr.trainId, blanks, ['a', 'x', 'x']);
    const done = await finish(tr.trainId);
    expect(done.score).toBeCloseTo(4 / 3, 9);
    expect((await records(tr.trainId))[0]).toMatchObject({ mark: 4, verdict: 'partial' });
    expect(await inBook(blanks)).toBe(true);
  });
});

describe('a general scheme with a weight', () => {
  it('gives every question of the point its mark, and a training keeps the marks it started with', async () => {
    const body = fixedScheme(bank, [bank.trueFalse, bank.single], { title: '加权练习' });
    const phases = body.phases as { points: Record<string, unknown>[] }[];
    phases[0].points[0].mark = 4;
    const schemeId = await generalSchemeOn(call, agency, body);
    const tr = await start(schemeId);
    expect(tr.maxScore).toBe(8);
    // Edited after the start: the running training keeps its snapshot's 4.
    phases[0].points[0].mark = 10;
    expectOk(await call('POST', `/v1/train/scheme/${schemeId}`, agency, body));
    await send(tr.trainId, bank.trueFalse, ['T']);
    const after = expectOk(
      await call<{ training: Training }>('POST', `/v1/train/${tr.trainId}/answer`, student, {
        clientAnswerId: `marks-answer-${++answerNo}`,
        questionId: bank.single,
        answer: ['B'],
      }),
    );
    expect(after.training).toMatchObject({ status: 'finished', score: 4, maxScore: 8, correct: 1, credit: 1 });
    expect((await records(tr.trainId)).map((r) => [r.mark, r.score, r.verdict])).toEqual([
      [4, 4, 'correct'],
      [4, 0, 'wrong'],
    ]);
    // A new training takes the new weight.
    expect((await start(schemeId)).maxScore).toBe(20);
  });

  it('refuses a weight that is not a mark', async () => {
    const body = fixedScheme(bank, [bank.trueFalse], { title: '坏分值' });
    (body.phases as { points: Record<string, unknown>[] }[])[0].points[0].mark = 0.3;
    const r = await call('PUT', '/v1/train/scheme', agency, body);
    expectError(r, 400);
    expect(fieldsOf(r)).toEqual([
      { path: 'request.phases.0.points.0.mark', message: '分值必须是 0.5 到 100 之间、0.5 的整数倍' },
    ]);
  });
});
