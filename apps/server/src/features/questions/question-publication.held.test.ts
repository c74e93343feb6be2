// A published question is not public while a switched-on paper names it or a running training drew it: the
// public read and the answer test answer 404 to everyone but the agency's staff until neither holds
// (docs/question-bank.md "Public preview"). The check probes two partial GIN indexes; the plan is checked here on
// whichever database the tests run on (PGlite by default, PostgreSQL with TEST_DB=postgres).
import { sql } from 'drizzle-orm';
import type { Training } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { fixedScheme, generalSchemeOn, paperScheme } from '../training/training-fixtures.test-helper.js';
import { heldBack } from './question-publication.repository.js';

let t: TestApp;
let agency: string;
let student: string;
let teacher: string;
let bank: TestBank;
const call = schemeCalls(() => t);

const publish = (id: string) => call('PUT', `/v1/exam/question/${id}/public`, agency, { showAnswer: true });
const read = (id: string) => t.call('GET', `/v1/public/question/${id}`);
const tryIt = (id: string, token?: string) =>
  t.call('POST', `/v1/exam/question/${id}/test`, {
    ...(token ? { token, agency: 'demo' } : {}),
    body: { request: { answer: ['A'] } },
  });

/** Public: the read and the test answer for a visitor and a student alike. */
async function expectPublic(id: string) {
  expectOk(await read(id));
  expectOk(await tryIt(id));
  expectOk(await tryIt(id, student));
}

/** Held back: 404 for everyone but the agency's staff, who still preview it. */
async function expectHeld(id: string) {
  for (const r of [await read(id), await tryIt(id), await tryIt(id, student)]) {
    expectError(r, 404);
    expect(r.body.errmsg).toBe('该题目未公开或不存在');
  }
  expectOk(await tryIt(id, teacher));
}

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, student, bank } = await agencyStudentAndBank(t));
  teacher = await t.login('teacher');
  expectOk(await publish(bank.single));
  expectOk(await publish(bank.trueFalse));
});
afterAll(() => t.close());

describe('GET /v1/public/question/:id and POST …/test of a question in use', () => {
  it('a paper naming the question holds it back while the paper is switched on', async () => {
    const paper = await paperScheme(call, agency, bank, [bank.single]);
    await expectPublic(bank.single);
    expectOk(await call('POST', `/v1/train/scheme/${paper}/on`, agency));
    await expectHeld(bank.single);
    await expectPublic(bank.trueFalse);
    expectOk(await call('POST', `/v1/train/scheme/${paper}/off`, agency));
    await expectPublic(bank.single);
  });

  it('a running training that drew the question holds it back until it ends', async () => {
    const scheme = await generalSchemeOn(call, agency, fixedScheme(bank, [bank.trueFalse]));
    const tr = expectOk(await call<Training>('PUT', `/v1/train/scheme/${scheme}/start`, student));
    expect(tr.question?.id).toBe(bank.trueFalse);
    await expectHeld(bank.trueFalse);
    // Switching the scheme off does not end the training: still held.
    expectOk(await call('POST', `/v1/train/scheme/${scheme}/off`, agency));
    await expectHeld(bank.trueFalse);
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
    await expectPublic(bank.trueFalse);
  });
});

describe('the held-back check', () => {
  it('probes the two partial GIN indexes of migration 0019', async () => {
    const plan = await t.db.transaction(async (tx) => {
      // Tiny test tables would be scanned whole; with scans off the planner must show it can use the indexes. Nested
      // loops off too: an unanalysed `trainings` looks a row small (its fill factor, migration 0049, halves the
      // planner's guess), and the cheapest plan on it reads that row's events by key instead of probing the index.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_nestloop = off`);
      const result = await tx.execute(sql`explain select ${heldBack(Number(bank.single))}`);
      return (result as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('schemes_on_paper_questions_idx');
    expect(plan).toContain('training_events_drawn_idx');
  });
});
