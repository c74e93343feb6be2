// Statements that starts and list reads arriving together share (lib/micro-batch.ts): each caller still gets
// its own answer — the insert of a batch of starts (a student twice in it gets the one training stored) and the
// students' progress per scheme.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainings } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { TrainingRepository } from './training.repository.js';

let t: TestApp;
let repo: TrainingRepository;

beforeAll(async () => {
  t = await createTestApp();
  repo = new TrainingRepository(t.db);
});
afterAll(() => t.close());

/** A running training's row as the service would insert it; `seed` tells two apart. */
const values = (userId: number, schemeId: number, seed: number) => ({
  agencyId: 'demo',
  schemeId,
  userId,
  scheme: { title: `方案 ${schemeId}` },
  seed,
  status: 'running',
  state: { seed, note: `state of ${seed}` },
  answered: 0,
  correct: 0,
  credit: 0,
  score: 0,
  maxScore: 0,
  startedAt: new Date(1_800_000_000_000 + seed),
  endedAt: null,
});
const startEvent = (seed: number) => [{ type: 'start', at: 1_800_000_000_000 + seed, seed }];

describe('a batch of starts', () => {
  it('answers a student who is twice in it with the training stored, and others with their own', async () => {
    const [a, b] = await Promise.all(['batch-a', 'batch-b'].map((n) => addUser(t, n, n, [])));
    const [first, second, other] = await Promise.all([
      repo.insert(values(a, 9001, 11), startEvent(11), null),
      repo.insert(values(a, 9001, 22), startEvent(22), null),
      repo.insert(values(b, 9001, 33), startEvent(33), null),
    ]);
    expect(first?.row.id).toBeDefined();
    expect(second?.row).toEqual(first?.row);
    expect(first?.row).toMatchObject({ seed: 11, state: { seed: 11 }, eventCount: 1, drawCount: 0 });
    expect(other?.row).toMatchObject({ userId: b, seed: 33, state: { seed: 33 } });
    expect(other?.row.id).not.toBe(first?.row.id);

    const [stored] = await t.db.select().from(trainings).where(eq(trainings.id, first!.row.id));
    expect(stored).toEqual(first?.row);
  });
});

describe('progress per scheme', () => {
  it('gives each student reading together their own running training and finished count', async () => {
    const [a, b] = await Promise.all(['progress-a', 'progress-b'].map((n) => addUser(t, n, n, [])));
    const running = await repo.insert(values(a, 9101, 1), startEvent(1), null);
    await t.db.insert(trainings).values([
      { ...values(a, 9102, 2), status: 'ended', endedAt: new Date() },
      { ...values(a, 9102, 3), status: 'ended', endedAt: new Date() },
      { ...values(b, 9102, 4), status: 'ended', endedAt: new Date() },
    ]);
    const [ofA, ofB, none] = await Promise.all([
      repo.schemeProgress('demo', a, [9101, 9102]),
      repo.schemeProgress('demo', b, [9101, 9102]),
      repo.schemeProgress('other-agency', a, [9101, 9102]),
    ]);
    expect(ofA.get(9101)).toEqual({ runningId: running?.row.id, finished: 0 });
    expect(ofA.get(9102)).toEqual({ runningId: null, finished: 2 });
    expect(ofB.get(9101)).toBeUndefined();
    expect(ofB.get(9102)).toEqual({ runningId: null, finished: 1 });
    expect(none.size).toBe(0);
  });
});
