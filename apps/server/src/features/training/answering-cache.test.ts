// An answer judged from this process's copy of the training (answering-cache.ts) is stored only when neither the
// training nor the answered question was written since the copy: any other write (here straight in the database,
// as another process or a teacher's edit would) sends the answer the long way, judged on what is stored now.
import type { Training, TrainingAnswerResult } from '@edu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { countStatements, type StatementCounter } from '../../test/statement-counter.js';
import { addUser } from '../../test/test-users.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { AnsweringCache } from './answering-cache.js';
import { fixedScheme, generalSchemeOn } from './training-fixtures.test-helper.js';

let t: TestApp;
let agency: string;
let student: string;
let classmate: string;
let bank: TestBank;
let counter: StatementCounter;
const call = schemeCalls(() => t);
let answerNo = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.jobs.stop();
  await addUser(t, 'classmate', '同班同学', ['edu:agency:demo:student']);
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  classmate = await t.login('classmate');
  counter = countStatements(t.database);
});
afterAll(() => t.close());

/** A running training asking the single choice, then the true/false question (each judged once). */
async function started(title: string): Promise<Training> {
  const schemeId = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.single, bank.trueFalse], { title }));
  const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
  expect(tr.question?.id).toBe(bank.single);
  return tr;
}

const answer = (token: string, trainId: string, questionId: string, given: string[]) =>
  call<TrainingAnswerResult>('POST', `/v1/train/${trainId}/answer`, token, {
    clientAnswerId: `answering-copy-${++answerNo}`,
    questionId,
    answer: given,
  });

const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
/** How many answer records the training holds. */
const recordsOf = async (trainId: string) => {
  const r: unknown = await exec(
    sql`select count(*)::int as n from answer_records where training_id = ${Number(trainId)}`,
  );
  return (r as { rows: { n: number }[] }).rows[0].n;
};

describe('answers from the process copy of a training', () => {
  it('an answer to the question shown is one statement, and the next one too', async () => {
    const tr = await started('副本一');
    counter.reset();
    const first = expectOk(await answer(student, tr.trainId, bank.single, ['A']));
    expect(counter.count).toBe(1);
    expect(first.result?.isCorrect).toBe(true);
    expect(first.training.question?.id).toBe(bank.trueFalse);
    counter.reset();
    const second = expectOk(await answer(student, tr.trainId, bank.trueFalse, ['T']));
    expect(counter.count).toBe(1);
    expect(second.result?.isCorrect).toBe(true);
    expect(second.training.status).toBe('finished');
  });

  it('a key changed since the question was shown judges the answer by the key stored now', async () => {
    const tr = await started('副本二');
    await exec(sql`update questions set answer = '["B"]'::jsonb where id = ${Number(bank.single)}`);
    try {
      counter.reset();
      const r = expectOk(await answer(student, tr.trainId, bank.single, ['B']));
      // The guarded write found another row version of the question: read, then written again.
      expect(counter.count).toBe(3);
      expect(r.result?.isCorrect).toBe(true);
      expect(r.repeated).toBe(false);
    } finally {
      await exec(sql`update questions set answer = '["A"]'::jsonb where id = ${Number(bank.single)}`);
    }
  });

  it('a training written by someone else since the copy is read again, and the answer stored once', async () => {
    const tr = await started('副本三');
    await exec(sql`update trainings set updated_at = updated_at where id = ${Number(tr.trainId)}`);
    counter.reset();
    const r = expectOk(await answer(student, tr.trainId, bank.single, ['A']));
    expect(counter.count).toBe(3);
    expect(r.training.question?.id).toBe(bank.trueFalse);
    expect(await recordsOf(tr.trainId)).toBe(1);
    // The write left a new copy: the next answer is one statement again.
    counter.reset();
    expectOk(await answer(student, tr.trainId, bank.trueFalse, ['T']));
    expect(counter.count).toBe(1);
  });

  it("another student's answer to the training is refused and leaves the owner's copy", async () => {
    const tr = await started('副本四');
    const stranger = await answer(classmate, tr.trainId, bank.single, ['A']);
    expect(stranger.status).toBe(404);
    counter.reset();
    expectOk(await answer(student, tr.trainId, bank.single, ['A']));
    expect(counter.count).toBe(1);
  });

  it('a retried answer is stored once and answered as a repeat, the copy showing its question or not', async () => {
    // Judged under `retry`, a wrong answer leaves its question current: the copy shows it again, and the retry's
    // write is stopped by the record's unique key; a right one moves on, and the retry is read the long way.
    const schemeId = await generalSchemeOn(
      call,
      agency,
      fixedScheme(bank, [bank.single, bank.trueFalse], { title: '副本五', judgeWay: 'retry' }),
    );
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${schemeId}/start`, student));
    for (const given of [['B'], ['A']]) {
      const body = { clientAnswerId: `copy-retry-${++answerNo}`, questionId: bank.single, answer: given };
      const send = () => call<TrainingAnswerResult>('POST', `/v1/train/${tr.trainId}/answer`, student, body);
      const first = expectOk(await send());
      expect(first.training.question?.id).toBe(given[0] === 'B' ? bank.single : bank.trueFalse);
      expect(expectOk(await send())).toMatchObject({ recordId: first.recordId, repeated: true });
    }
    expect(await recordsOf(tr.trainId)).toBe(2);
  });
});

describe('AnsweringCache', () => {
  const copy = (id: number) => ({ row: { id } as never, xmin: '1', next: null });

  it('keeps at most its size, dropping the least recently put', () => {
    const cache = new AnsweringCache(2);
    cache.put(1, copy(1));
    cache.put(2, copy(2));
    cache.put(1, copy(1));
    cache.put(3, copy(3));
    expect(cache.size).toBe(2);
    expect(cache.take(2)).toBeUndefined();
    expect(cache.take(1)).toBeDefined();
    expect(cache.take(1)).toBeUndefined();
  });

  it('keeps nothing at size 0', () => {
    const cache = new AnsweringCache(0);
    cache.put(1, copy(1));
    expect(cache.take(1)).toBeUndefined();
  });
});
