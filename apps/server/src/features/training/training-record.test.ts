// A training's records and report show what was asked (GET /v1/train/{id}/questions, GET /v1/train/report/{id}):
// the question's text and options at the version answered, a reading question's sub-question titles with the
// student's answers and verdicts; a running paper shows only the student's own answers until it is handed in.
import { Question, TrainingRecord, TrainingReport, type Training } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { VALID } from '../questions/question-fixtures.test-helper.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn, paperScheme } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
let reading: Question;
const call = schemeCalls(() => t);
let answerNo = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  const repos = expectOk(
    await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agency),
  );
  const body = {
    ...VALID.enReading,
    agencyId: 'demo',
    repoId: repos.list.find((r) => r.owned)!.id,
    knowledgeId: bank.kp,
  };
  reading = Question.parse(expectOk(await call<Question>('PUT', '/v1/exam/question', agency, body)));
});
afterAll(() => t.close());

const start = async (schemeId: string) =>
  expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
const send = async (trainId: string, questionId: string, answer: Record<string, unknown>) =>
  expectOk(
    await call('POST', `/v1/train/${trainId}/answer`, student, {
      clientAnswerId: `record-${++answerNo}`,
      questionId,
      ...answer,
    }),
  );
/** The stem as stored (sanitised and formatted) of a question of the bank. */
const stemOf = async (id: string) => expectOk(await call<Question>('GET', `/v1/exam/question/${id}`, agency)).question;
const records = async (trainId: string) =>
  expectOk(await call<TrainingRecord[]>('GET', `/v1/train/${trainId}/questions`, student)).map((r) =>
    TrainingRecord.parse(r),
  );
const report = async (trainId: string) =>
  TrainingReport.parse(expectOk(await call<TrainingReport>('GET', `/v1/train/report/${trainId}`, student)));

/** The reading question's answer: sub-question 1 right, 2 wrong, 3 unanswered (judged wrong). */
const readingAnswer = () => {
  const [s1, s2] = reading.questionSub.map((s) => s.questionSubId);
  return { answer: [], subAnswers: { [s1]: ['B'], [s2]: ['went'] } };
};
const expectedSubAnswers = () =>
  reading.questionSub.map((s, i) => ({
    questionSubId: s.questionSubId,
    title: `Q${i + 1}`,
    answer: [['B'], ['went'], []][i],
    isCorrect: [true, false, false][i],
  }));

describe('training records and report', () => {
  it('show the stem, the options and the reading sub-answers of the version answered', async () => {
    const schemeId = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.single, reading.id]));
    const stem = await stemOf(bank.single);
    const tr = await start(schemeId);
    await send(tr.trainId, bank.single, { answer: ['B'] });
    await send(tr.trainId, reading.id, readingAnswer());
    // An edit after the answers makes a new version: the records keep showing what the student saw.
    const edited = { ...VALID.singleChoice, knowledgeId: bank.kp, question: '<p>改过的题干</p>' };
    expect(expectOk(await call<Question>('POST', `/v1/exam/question/${bank.single}`, agency, edited)).version).toBe(2);

    const expected = [
      {
        questionId: bank.single,
        type: 'singleChoice',
        stem,
        options: [
          { key: 'A', content: 'yes' },
          { key: 'B', content: 'no' },
        ],
        answer: ['B'],
        subAnswers: [],
        isCorrect: false,
      },
      {
        questionId: reading.id,
        type: 'enReading',
        stem: reading.question,
        options: [],
        answer: [],
        subAnswers: expectedSubAnswers(),
        isCorrect: false,
      },
    ];
    expect(await records(tr.trainId)).toMatchObject(expected);
    expect((await report(tr.trainId)).records).toMatchObject(expected);
  });

  it('a running paper shows only the answers until it is handed in', async () => {
    const paper = await paperScheme(call, agency, bank, [bank.trueFalse, reading.id]);
    expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
    const tr = await start(paper);
    await send(tr.trainId, bank.trueFalse, { answer: ['F'] });
    await send(tr.trainId, reading.id, readingAnswer());
    const sealed = { stem: '', options: [], subAnswers: [], isCorrect: null, score: 0 };
    expect(await records(tr.trainId)).toMatchObject([
      { questionId: bank.trueFalse, answer: ['F'], ...sealed },
      { questionId: reading.id, answer: [], ...sealed },
    ]);
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
    expect(await records(tr.trainId)).toMatchObject([
      { questionId: bank.trueFalse, stem: await stemOf(bank.trueFalse), answer: ['F'], isCorrect: false },
      { questionId: reading.id, stem: reading.question, subAnswers: expectedSubAnswers(), isCorrect: false },
    ]);
  });
});
