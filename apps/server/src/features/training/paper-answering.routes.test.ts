// Answers to a running paper from this process's copy of it (answering-cache.ts): the copy holds the paper's
// answers so far, so an answer reads only the question it answers, and its view shows what a reload shows. Any
// other write of the training or of the answered question (here straight in the database, as another process or a
// teacher's edit would) sends the answer the long way, judged and shown on what is stored now.
import { Question, Training, type Scheme, type TrainingAnswerResult } from '@edu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { countStatements, type StatementCounter } from '../../test/statement-counter.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { readingQuestion } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
let reading: Question;
let paper: string;
let counter: StatementCounter;
const call = schemeCalls(() => t);
let answerNo = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.jobs.stop();
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  reading = await readingQuestion(call, agency);
  const scheme = expectOk(
    await call<Scheme>('POST', '/v1/train/scheme/ordered/submit', agency, {
      title: '副本小测',
      kpRange: [bank.kp, reading.knowledgePoint!.code],
      timeLimit: 0,
      questionIds: [bank.single, bank.trueFalse, reading.id],
      trainRepoId: bank.trainRepoId,
    }),
  );
  paper = scheme.schemeId;
  expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
  counter = countStatements(t.database);
});
afterAll(() => t.close());

const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
const rowsOf = async <R>(q: ReturnType<typeof sql>) => ((await exec(q)) as { rows: R[] }).rows;

/** A new sitting of the paper (each test hands its own in: one running training per student and scheme). */
const sitting = async () =>
  Training.parse(expectOk(await call<Training>('PUT', `/v1/train/scheme/${paper}/start`, student)));

const answer = (trainId: string, questionId: string, body: { answer: string[]; subAnswers?: object }) =>
  call<TrainingAnswerResult>('POST', `/v1/train/${trainId}/answer`, student, {
    clientAnswerId: `paper-copy-${++answerNo}`,
    questionId,
    ...body,
  });

/** The paper as a reload shows it (read from the database). */
const reloaded = async (trainId: string) =>
  Training.parse(expectOk(await call<Training>('GET', `/v1/train/${trainId}`, student))).paper;

describe("answers to a running paper from the process's copy", () => {
  it('read only the answered question, and show what a reload shows, answer after answer', async () => {
    const tr = await sitting();
    const [s1, s2] = reading.questionSub.map((s) => s.questionSubId);
    const steps: [string, { answer: string[]; subAnswers?: object }][] = [
      [reading.id, { answer: [], subAnswers: { [s1]: ['A'] } }],
      [bank.single, { answer: ['B'] }],
      [bank.trueFalse, { answer: ['T'] }],
      // A changed answer replaces the last; sub-answers left out the second time are gone from the view.
      [bank.single, { answer: ['A'] }],
      [reading.id, { answer: [], subAnswers: { [s1]: ['B'], [s2]: ['go'] } }],
      [reading.id, { answer: ['x'] }],
    ];
    for (const [questionId, body] of steps) {
      counter.reset();
      const shown = expectOk(await answer(tr.trainId, questionId, body)).training.paper;
      // The question judged, the bank version (the paper's questions kept), the write: nothing that grows with the
      // paper's answers (neither the training's answers nor its records are read).
      expect(counter.count).toBeLessThanOrEqual(3);
      if (t.database.kind === 'postgres') {
        expect(counter.texts.filter((q) => /training_for_answer|training_submissions/.test(q))).toEqual([]);
        expect(counter.texts.some((q) => q.includes('training_question_to_judge'))).toBe(true);
      }
      expect(shown).toEqual(await reloaded(tr.trainId));
    }
    const last = await reloaded(tr.trainId);
    expect(last?.answers).toEqual({ [bank.single]: ['A'], [bank.trueFalse]: ['T'], [reading.id]: ['x'] });
    expect(last?.subAnswers?.[reading.id]).toBeUndefined();
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
  });

  it('an answer stored meanwhile by another process shows in the next answer', async () => {
    const tr = await sitting();
    expectOk(await answer(tr.trainId, bank.single, { answer: ['B'] }));
    // Another process stores an answer to the true/false question: its record, and the training written with it
    // (a new row version; the process here keeps its copy of the paper without that answer).
    const [rec] = await rowsOf<{ id: number }>(sql`select id from answer_records
      where training_id = ${Number(tr.trainId)} order by id desc limit 1`);
    await exec(sql`insert into answer_records (agency_id, question_id, version, user_id, training_id, client_answer_id,
        submission, result, score, is_correct, first, phase, point, created_at)
      select agency_id, ${Number(bank.trueFalse)}, version, user_id, training_id, 'elsewhere-1',
        '{"answer":["F"]}'::jsonb, result, score, is_correct, first, phase, point, created_at
      from answer_records where id = ${rec.id}`);
    await exec(sql`update trainings set updated_at = updated_at where id = ${Number(tr.trainId)}`);
    counter.reset();
    const shown = expectOk(await answer(tr.trainId, reading.id, { answer: ['y'] })).training.paper;
    if (t.database.kind === 'postgres')
      // The guarded write missed: the training and its records read again.
      expect(counter.texts.some((q) => q.includes('training_submissions'))).toBe(true);
    expect(shown?.answers).toEqual({ [bank.single]: ['B'], [bank.trueFalse]: ['F'], [reading.id]: ['y'] });
    expect(shown).toEqual(await reloaded(tr.trainId));
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
  });

  it('a question edited since the last answer is judged as stored now, and a repeated answer stays one', async () => {
    const tr = await sitting();
    expectOk(await answer(tr.trainId, bank.trueFalse, { answer: ['T'] }));
    // The key of the single choice changes without its version (as a teacher's edit of a key would be judged).
    await exec(sql`update questions set answer = '["B"]'::jsonb where id = ${Number(bank.single)}`);
    try {
      const clientAnswerId = `paper-copy-${++answerNo}`;
      const send = () =>
        call<TrainingAnswerResult>('POST', `/v1/train/${tr.trainId}/answer`, student, {
          clientAnswerId,
          questionId: bank.single,
          answer: ['B'],
        });
      const first = expectOk(await send());
      expect(first.repeated).toBe(false);
      // The same answer again (a client's retry): the record stored, not a second one.
      const again = expectOk(await send());
      expect(again.repeated).toBe(true);
      expect(again.recordId).toBe(first.recordId);
      const records = await rowsOf<{ isCorrect: boolean }>(sql`select is_correct as "isCorrect" from answer_records
        where training_id = ${Number(tr.trainId)} and question_id = ${Number(bank.single)}`);
      expect(records).toEqual([{ isCorrect: true }]);
    } finally {
      await exec(sql`update questions set answer = '["A"]'::jsonb where id = ${Number(bank.single)}`);
    }
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
  });

  it('a question outside the paper is refused from the copy as without it, and stores nothing', async () => {
    const tr = await sitting();
    expectOk(await answer(tr.trainId, bank.single, { answer: ['A'] }));
    const r = await answer(tr.trainId, bank.manual, { answer: ['x'] });
    expect(r.status).toBe(404);
    const records = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from answer_records where training_id = ${Number(tr.trainId)}`,
    );
    expect(records[0].n).toBe(1);
    // The copy is gone with the refused answer; the next answer reads the paper again and shows it whole.
    const shown = expectOk(await answer(tr.trainId, bank.trueFalse, { answer: ['F'] })).training.paper;
    expect(shown?.answers).toEqual({ [bank.single]: ['A'], [bank.trueFalse]: ['F'] });
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
  });
});
