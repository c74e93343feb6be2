// An ended paper whose corrections wait keeps its questions sealed (docs/practice-engine.md "Sealing"): the
// finisher has not seen its keys, so no practice of theirs may draw its questions and show them — until the
// corrections come (a teacher's release, the scheme switched off). A paper whose corrections come at the hand-in
// seals nothing once handed in.
import { Question, Scheme, type Training, type TrainingAnswerResult } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { VALID } from '../questions/question-fixtures.test-helper.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn, onePointScheme } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let bank: TestBank;
const call = schemeCalls(() => t);
let users = 0;
let answers = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, bank } = await agencyStudentAndBank(t));
  // One more auto-judged question of the chapter, outside the papers: what a practice may still ask.
  const repos = expectOk(
    await call<{ list: { id: string; owned: boolean }[] }>('GET', '/v1/exam/repositories', agency),
  );
  const body = {
    ...VALID.singleChoice,
    question: '<p>封存复查之外的题</p>',
    agencyId: 'demo',
    repoId: repos.list.find((r) => r.owned)!.id,
    knowledgeId: bank.kp,
    tags: [],
  };
  Question.parse(expectOk(await call<Question>('PUT', '/v1/exam/question', agency, body)));
});
afterAll(() => t.close());

async function newStudent(): Promise<string> {
  const username = `sealed-review-s${++users}`;
  await addUser(t, username, `封存复查学生${users}`, ['edu:agency:demo:student']);
  return t.login(username);
}

/** A switched-on paper of the bank's two auto-judged questions with the review options given. */
async function paper(options: Record<string, unknown>): Promise<string> {
  const s = Scheme.parse(
    expectOk(
      await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
        title: '封存复查试卷',
        kpRange: [bank.kp],
        timeLimit: 0,
        questionIds: [bank.single, bank.trueFalse],
        trainRepoId: bank.trainRepoId,
        ...options,
      }),
    ),
  );
  expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, agency));
  return s.schemeId;
}

const start = async (schemeId: string, token: string) =>
  expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, token));
const answer = async (trainId: string, questionId: string, token: string) =>
  expectOk(
    await call<TrainingAnswerResult>('POST', `/v1/train/${trainId}/answer`, token, {
      clientAnswerId: `sealed-review-${++answers}`,
      questionId,
      answer: ['B'],
    }),
  );
const finish = async (trainId: string, token: string) =>
  expectOk(await call<Training>('POST', `/v1/train/${trainId}/finish`, token));

/** Sits the paper (one answer per question) and hands it in. */
async function sit(schemeId: string, token: string): Promise<void> {
  const tr = await start(schemeId, token);
  for (const q of tr.paper!.questions) await answer(tr.trainId, q.id, token);
  await finish(tr.trainId, token);
}

/** Every question a practice of the whole chapter asks the student, answered one by one until it ends. */
async function practiceAsks(practice: string, token: string): Promise<string[]> {
  let tr = await start(practice, token);
  const asked: string[] = [];
  while (tr.status === 'running' && tr.question) {
    asked.push(tr.question.id);
    const r = await answer(tr.trainId, tr.question.id, token);
    // Whatever it asks, it shows no key of a question the paper holds.
    if ([bank.single, bank.trueFalse].includes(tr.question.id)) expect(r.result).toBeNull();
    tr = r.training;
  }
  if (tr.status === 'running') await finish(tr.trainId, token);
  return asked;
}

describe('an ended paper whose corrections wait holds its questions', () => {
  let practice: string;
  let fixed: string;
  beforeAll(async () => {
    practice = await generalSchemeOn(
      call,
      agency,
      onePointScheme(bank, '封存复查练习', { name: '任意', selectors: {}, repeat: 6, requireCorrect: 6 }),
    );
    fixed = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.single], { title: '封存复查固定题' }));
  });

  it('waiting for a release: no practice draws them; released, they are drawn again', async () => {
    const schemeId = await paper({ reviewAfter: 'teacher-release' });
    const student = await newStudent();
    await sit(schemeId, student);
    const asked = await practiceAsks(practice, student);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((id) => id === bank.single || id === bank.trueFalse)).toEqual([]);
    const dry = await start(fixed, student);
    expect(dry.question?.id).not.toBe(bank.single);
    if (dry.status === 'running') await finish(dry.trainId, student);

    expectOk(await call('POST', `/v1/train/scheme/${schemeId}/release`, agency));
    const again = await start(fixed, student);
    expect(again.question?.id).toBe(bank.single);
    expect((await answer(again.trainId, bank.single, student)).result?.standardAnswer).toEqual(['A']);
  });

  it('after-close: held while the scheme is on, free once it is switched off', async () => {
    const schemeId = await paper({ reviewAfter: 'after-close' });
    const student = await newStudent();
    await sit(schemeId, student);
    const held = await start(fixed, student);
    expect(held.question?.id).not.toBe(bank.single);
    if (held.status === 'running') await finish(held.trainId, student);
    expectOk(await call('POST', `/v1/train/scheme/${schemeId}/off`, agency));
    const free = await start(fixed, student);
    expect(free.question?.id).toBe(bank.single);
    await finish(free.trainId, student);
  });

  it('after-hand-in (the default of a paper trained freely): nothing is held once handed in', async () => {
    const schemeId = await paper({});
    const student = await newStudent();
    await sit(schemeId, student);
    const free = await start(fixed, student);
    expect(free.question?.id).toBe(bank.single);
    await finish(free.trainId, student);
  });
});
