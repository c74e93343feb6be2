// A running paper shows the answers given so far after a reload: the last answer per question, and a reading
// question's sub-question answers (GET /v1/train/{id}, Training.paper.subAnswers).
import { Question, Training, type Scheme } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { readingQuestion } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
let reading: Question;
const call = schemeCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  reading = await readingQuestion(call, agency);
});
afterAll(() => t.close());

describe('a running paper after a reload', () => {
  it("shows each question's last answer and a reading question's sub-answers", async () => {
    const paper = expectOk(
      await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
        title: '阅读小测',
        kpRange: [bank.kp, reading.knowledgePoint!.code],
        timeLimit: 0,
        questionIds: [bank.single, reading.id],
        trainRepoId: bank.trainRepoId,
      }),
    );
    expectOk(await call('POST', `/v1/train/scheme/${paper.schemeId}/on`, agency));
    const tr = Training.parse(
      expectOk(await call<Training>('PUT', `/v1/train/scheme/${paper.schemeId}/start`, student)),
    );
    const [s1, s2] = reading.questionSub.map((s) => s.questionSubId);
    const send = async (n: number, questionId: string, body: Record<string, unknown>) =>
      expectOk(
        await call('POST', `/v1/train/${tr.trainId}/answer`, student, {
          clientAnswerId: `paper-reload-${n}`,
          questionId,
          ...body,
        }),
      );
    await send(1, reading.id, { answer: [], subAnswers: { [s1]: ['A'] } });
    await send(2, bank.single, { answer: ['B'] });
    await send(3, reading.id, { answer: [], subAnswers: { [s1]: ['B'], [s2]: ['go'] } });

    const again = Training.parse(expectOk(await call<Training>('GET', `/v1/train/${tr.trainId}`, student)));
    expect(again.paper?.answers[bank.single]).toEqual(['B']);
    expect(again.paper?.subAnswers?.[reading.id]).toEqual({ [s1]: ['B'], [s2]: ['go'] });
    expect(again.paper?.subAnswers?.[bank.single]).toBeUndefined();
  });
});
