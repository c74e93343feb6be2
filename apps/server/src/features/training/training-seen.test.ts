// Draws prefer the questions a student has seen least: the seen counts are the student's own answer records,
// per question asked for, read for many students in one statement when their draws come together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRecords } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { agencyStudentAndBank, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { TrainingRepository } from './training.repository.js';

let t: TestApp;
let bank: TestBank;
let repo: TrainingRepository;
let ids: { single: number; trueFalse: number; manual: number };

beforeAll(async () => {
  t = await createTestApp();
  ({ bank } = await agencyStudentAndBank(t));
  repo = new TrainingRepository(t.db);
  ids = { single: Number(bank.single), trueFalse: Number(bank.trueFalse), manual: Number(bank.manual) };
});
afterAll(() => t.close());

const answered = (userId: number, questionId: number, times: number) =>
  t.db
    .insert(answerRecords)
    .values(Array.from({ length: times }, () => ({ agencyId: 'demo', questionId, version: 1, userId })));

describe('seen counts', () => {
  it("counts each student's own answers to the questions asked for, for students drawing together", async () => {
    const [a, b, c] = await Promise.all(['seen-a', 'seen-b', 'seen-c'].map((n) => addUser(t, n, n, [])));
    await answered(a, ids.single, 2);
    await answered(a, ids.trueFalse, 1);
    await answered(b, ids.single, 1);
    await answered(b, ids.manual, 3);

    const [ofA, ofB, ofC] = await Promise.all([
      repo.seenCounts(a, [ids.single, ids.trueFalse]),
      repo.seenCounts(b, [ids.single, ids.trueFalse]),
      repo.seenCounts(c, [ids.single, ids.trueFalse, ids.manual]),
    ]);
    // A map may hold ids another draw of the batch asked for: callers read their own.
    const of = (m: Map<number, number>, asked: number[]) => asked.map((id) => m.get(id) ?? 0);
    expect(of(ofA, [ids.single, ids.trueFalse])).toEqual([2, 1]);
    expect(of(ofB, [ids.single, ids.trueFalse])).toEqual([1, 0]);
    expect(of(ofC, [ids.single, ids.trueFalse, ids.manual])).toEqual([0, 0, 0]);

    // Alone, and only for what is asked.
    expect(await repo.seenCounts(b, [ids.manual])).toEqual(new Map([[ids.manual, 3]]));
    expect(await repo.seenCounts(a, [])).toEqual(new Map());
  });
});
