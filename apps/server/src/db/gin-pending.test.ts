// The request-written GIN indexes' pending lists merged off the request path (db/gin-pending.ts, docs/performance.md
// "GIN pending lists merged off the request path"), on the driver under test: draws' events queue in the drawn index's
// pending list, a merge empties it, and the periodic merge runs on its clock and is waited for when stopped.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { cleanPendingLists, cleanPendingListsPeriodically, REQUEST_WRITTEN_GIN_INDEXES } from './gin-pending.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

let t: TestApp;
/** A training of the demo agency's first user to hang draw events on (its row only: no scheme behind it). */
let trainingId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [tr] = rowsOf<{ id: number }>(
    await t.db
      .execute(sql`insert into trainings (agency_id, scheme_id, user_id, scheme, seed, status, state, started_at)
      select 'demo', 0, id, '{}'::jsonb, 1, 'ended', '{}'::json, now() from users order by id limit 1
      returning id`),
  );
  trainingId = Number(tr.id);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Draw events of fifty question ids each, on the test's training. */
async function addDraws(n: number, from: number): Promise<void> {
  await t.db.execute(sql`insert into training_events (training_id, seq, event)
    select ${trainingId}, ${from} + g,
           jsonb_build_object('type', 'draw', 'at', 0, 'questionIds',
             (select jsonb_agg((900000 + g * 50 + k)::text) from generate_series(1, 50) k))
      from generate_series(1, ${n}) g`);
}

describe('the pending lists of the request-written GIN indexes', () => {
  it('names indexes that exist, and a merge empties the drawn index pending list', async () => {
    const names = rowsOf<{ name: string }>(
      await t.db.execute(sql`select indexname as name from pg_indexes
        where indexname in (${sql.join(
          REQUEST_WRITTEN_GIN_INDEXES.map((n) => sql`${n}`),
          sql`, `,
        )})`),
    ).map((r) => r.name);
    expect(names.sort()).toEqual([...REQUEST_WRITTEN_GIN_INDEXES].sort());
    await cleanPendingLists(t.db);
    await addDraws(40, 0);
    const first = await cleanPendingLists(t.db);
    expect(first.training_events_drawn_idx).toBeGreaterThan(0);
    expect(await cleanPendingLists(t.db)).toEqual({ training_events_drawn_idx: 0, questions_search_trgm: 0 });
    // The merged entries still answer the held-back test's containment.
    const [found] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from training_events
        where event ->> 'type' = 'draw' and (event -> 'questionIds') @> '["900101"]'::jsonb`),
    );
    expect(found.n).toBe(1);
  });

  it('merges on its clock, and a stop waits for a merge under way', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const errors: unknown[] = [];
    const stop = cleanPendingListsPeriodically(t.db, 10, (e) => errors.push(e));
    await addDraws(40, 1000);
    await vi.advanceTimersByTimeAsync(10_000);
    await stop();
    expect(errors).toEqual([]);
    expect(await cleanPendingLists(t.db)).toEqual({ training_events_drawn_idx: 0, questions_search_trgm: 0 });
  });

  it('does nothing when turned off', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stop = cleanPendingListsPeriodically(t.db, 0, () => undefined);
    await addDraws(40, 2000);
    await vi.advanceTimersByTimeAsync(60_000);
    await stop();
    expect((await cleanPendingLists(t.db)).training_events_drawn_idx).toBeGreaterThan(0);
  });
});
