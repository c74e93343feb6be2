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

  it("asks whether another training may hold through the running trainings that may hold, not the student's practice", async () => {
    // Students with a practice history (ten finished trainings each and one running): the planner's statistics of
    // a school's table, where the trainings that may hold are few. Rolled back, statistics included.
    const plan = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into trainings (agency_id, scheme_id, user_id, scheme, seed, status, state,
            started_at, updated_at)
          select 'demo', 900000 + g, u.id, '{"type": "general"}', 0,
                 case when g % 11 = 0 then 'running' else 'finished' end, '{}', now(), now()
            from generate_series(1, 11 * 300) as g
            join (select id, row_number() over (order by id) - 1 as i from users) as u
              on u.i = (g / 11) % (select count(*) from users)`);
        await tx.execute(sql`analyze trainings`);
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare answer_plan_check (json) as ${buildRecordAnswers(t.db).getQuery().sql}`));
        const lines = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain execute answer_plan_check ('[]')`));
        await tx.execute(sql`deallocate answer_plan_check`);
        throw new PlanRead(lines.map((l) => l['QUERY PLAN']).join('\n'));
      })
      .catch((e: unknown) => {
        if (e instanceof PlanRead) return e.plan;
        throw e;
      });
    // Migration 0054 (docs/performance.md "The running trainings that may hold"): the probe reads no entry of a
    // running practice, however many versions of it an update left in the index.
    expect(plan).toMatch(
      /Index Scan on trainings_running_holding_user_idx\s*\([^\n]*\n\s*Index Cond: \(user_id = trainings\.user_id\)/,
    );
    expect(plan).not.toContain('trainings_running_user_idx');
    expect(plan).not.toContain('trainings_user_idx');
  });
});

/** Carries the plan out of the transaction it rolls back. */
class PlanRead extends Error {
  constructor(readonly plan: string) {
    super('plan read');
  }
}
