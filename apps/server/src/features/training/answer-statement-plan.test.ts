// The answers' statement (docs/performance.md "Answers written together") checks that the answered question is
// still the version the answer was judged against. That check must probe the question by its key for each answer:
// written as a semi-join, the generic plan the statement settles on (sized for json_to_recordset's guess of 100
// rows) read the whole question bank on every batch (PostgreSQL chose it on the seed's bank; PGlite's planner did
// not). Checked on whichever database the tests run on.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildRecordAnswers } from './training.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe("the answers' statement plan", () => {
  it('probes the judged question by key, whatever the size of the bank', async () => {
    const text = buildRecordAnswers(t.db).getQuery().sql;
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare answer_plan_check (json) as ${text}`));
      const lines = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain execute answer_plan_check ('[]')`));
      await tx.execute(sql`deallocate answer_plan_check`);
      return lines.map((l) => l['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Scan using questions_pkey on questions judged[^\n]*\n\s*Index Cond: \(id = input/);
  });
});
