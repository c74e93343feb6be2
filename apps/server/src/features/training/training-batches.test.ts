// Statements that starts, reads, saves and list reads arriving together share (lib/micro-batch.ts): each caller
// still gets its own answer — the insert of a batch of starts (a student twice in it gets the one training stored),
// the trainings read by id (of their agency only), their saves (a class handing in at once) and the students'
// progress per scheme.
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingDraws, trainingEvents, trainings } from '../../db/schema.js';
import { tasks } from '../../db/schema-tasks.js';
import { countStatements } from '../../test/statement-counter.js';
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

describe("a batch of a task's starts (a class sitting an exam at once)", () => {
  it('shares one statement; a student twice in it gets the one training, and a task is no scheme start', async () => {
    const [a, b] = await Promise.all(['task-batch-a', 'task-batch-b'].map((n) => addUser(t, n, n, [])));
    const [task, other] = await t.db
      .insert(tasks)
      .values(
        ['考试一', '考试二'].map((title) => ({
          agencyId: 'demo',
          title,
          schemeId: 9002,
          schemeType: 'paper',
          startAt: new Date(1_800_000_000_000),
          deadline: new Date(1_800_003_600_000),
          latePolicy: 'none',
        })),
      )
      .returning({ id: tasks.id });
    // A's running training of the same scheme outside the task does not stop the task's start.
    const outside = await repo.insert(values(a, 9002, 40), startEvent(40), null);
    const counter = countStatements(t.database);
    counter.reset();
    const [first, second, theirs, elsewhere] = await Promise.all([
      repo.insertForTask(values(a, 9002, 41), task.id, startEvent(41), null),
      repo.insertForTask(values(a, 9002, 42), task.id, startEvent(42), null),
      repo.insertForTask(values(b, 9002, 43), task.id, startEvent(43), null),
      repo.insertForTask(values(a, 9002, 44), other.id, startEvent(44), null),
    ]);
    expect(counter.count).toBe(1);
    expect(first?.row).toMatchObject({ userId: a, taskId: task.id, seed: 41, eventCount: 1 });
    expect(second?.row).toEqual(first?.row);
    expect(theirs?.row).toMatchObject({ userId: b, taskId: task.id, seed: 43 });
    expect(elsewhere?.row).toMatchObject({ userId: a, taskId: other.id, seed: 44 });
    const ids = new Set([outside?.row.id, first?.row.id, theirs?.row.id, elsewhere?.row.id]);
    expect(ids.size).toBe(4);
    const [stored] = await t.db.select().from(trainings).where(eq(trainings.id, first!.row.id));
    expect(stored).toEqual(first?.row);
    // The task's training exists: a start again inserts nothing.
    expect(await repo.insertForTask(values(a, 9002, 45), task.id, startEvent(45), null)).toBeUndefined();
    const events = await t.db.select().from(trainingEvents).where(eq(trainingEvents.trainingId, first!.row.id));
    expect(events.map((e) => e.event)).toEqual(startEvent(41));
  });
});

/** Two students' running trainings of a scheme of their own, as inserted (one event each). */
async function twoRunning(prefix: string, schemeId: number) {
  const [a, b] = await Promise.all([`${prefix}-a`, `${prefix}-b`].map((n) => addUser(t, n, n, [])));
  const [x, y] = await Promise.all([
    repo.insert(values(a, schemeId, 1), startEvent(1), null),
    repo.insert(values(b, schemeId, 2), startEvent(2), null),
  ]);
  return [x!.row, y!.row];
}

/** A save handing the training in (its state ended), with the ids the save drew, if any. */
const handIn = (seed: number, drawn?: string[]) => ({
  change: {
    state: { seed, note: `ended ${seed}`, ...(drawn ? { drawn } : {}) },
    status: 'ended',
    answered: seed,
    correct: 1,
    credit: 0.5,
    score: 3,
    maxScore: 4,
    endedAt: new Date(1_800_000_100_000 + seed),
    updatedAt: new Date(1_800_000_100_000 + seed),
  },
  events: [{ type: 'finish', at: 1_800_000_100_000 + seed }],
});

describe('trainings read together', () => {
  it('share one statement; a training of another agency reads as none', async () => {
    const [x, y] = await twoRunning('read', 9201);
    const counter = countStatements(t.database);
    counter.reset();
    const [readX, readY, foreign, missing] = await Promise.all([
      repo.get(x.id, 'demo'),
      repo.get(y.id, 'demo'),
      repo.get(x.id, 'other-agency'),
      repo.get(999_999_999, 'demo'),
    ]);
    expect(counter.count).toBe(1);
    expect(readX).toMatchObject({ id: x.id, seed: 1, state: { seed: 1 } });
    expect(readY).toMatchObject({ id: y.id, seed: 2, state: { seed: 2 } });
    expect(foreign).toBeUndefined();
    expect(missing).toBeUndefined();
  });
});

describe('trainings saved together', () => {
  it('share one statement, each with its own row, events and drawn ids; a stale save misses alone', async () => {
    const [x, y] = await twoRunning('save', 9202);
    const [, z] = await twoRunning('save-stale', 9203);
    const counter = countStatements(t.database);
    counter.reset();
    const hx = handIn(5, ['41', '42']);
    const hy = handIn(6);
    const hz = handIn(7);
    const [savedX, savedY, stale] = await Promise.all([
      repo.saveIfUnchanged(x.id, 1, hx.events, x.state, hx.change),
      repo.saveIfUnchanged(y.id, 1, hy.events, y.state, hy.change),
      // Read when its log held no event: another write came first.
      repo.saveIfUnchanged(z.id, 0, hz.events, z.state, hz.change),
    ]);
    expect(counter.count).toBe(1);
    expect([savedX, savedY, stale]).toEqual([true, true, false]);

    const rows = await t.db
      .select()
      .from(trainings)
      .where(inArray(trainings.id, [x.id, y.id, z.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(x.id)).toMatchObject({ status: 'ended', eventCount: 2, answered: 5, score: 3, maxScore: 4 });
    expect(byId.get(x.id)?.endedAt?.getTime()).toBe(1_800_000_100_005);
    expect(byId.get(y.id)).toMatchObject({ status: 'ended', eventCount: 2, answered: 6 });
    expect(byId.get(z.id)).toMatchObject({ status: 'running', eventCount: 1 });
    const events = await t.db
      .select()
      .from(trainingEvents)
      .where(inArray(trainingEvents.trainingId, [x.id, y.id, z.id]))
      .orderBy(asc(trainingEvents.trainingId), asc(trainingEvents.seq));
    const logs = new Map<number, unknown[]>();
    for (const e of events) logs.set(e.trainingId, [...(logs.get(e.trainingId) ?? []), [e.seq, e.event.type]]);
    expect(Object.fromEntries(logs)).toEqual({
      [x.id]: [
        [0, 'start'],
        [1, 'finish'],
      ],
      [y.id]: [
        [0, 'start'],
        [1, 'finish'],
      ],
      [z.id]: [[0, 'start']],
    });
    const draws = await t.db
      .select()
      .from(trainingDraws)
      .where(inArray(trainingDraws.trainingId, [x.id, y.id]));
    expect(draws.map((d) => [d.trainingId, d.n, d.questionIds])).toEqual([[x.id, 0, ['41', '42']]]);
    expect((await repo.get(x.id, 'demo'))?.state).toMatchObject({ note: 'ended 5', drawn: ['41', '42'] });
  });

  it('one training twice in a batch: one save takes, the other misses, and its log holds one of them', async () => {
    const [x] = await twoRunning('save-twice', 9204);
    const first = handIn(8);
    const second = handIn(9);
    const outcomes = await Promise.all([
      repo.saveIfUnchanged(x.id, 1, first.events, x.state, first.change),
      repo.saveIfUnchanged(x.id, 1, second.events, x.state, second.change),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const events = await t.db.select().from(trainingEvents).where(eq(trainingEvents.trainingId, x.id));
    expect(events).toHaveLength(2);
    const [row] = await t.db.select().from(trainings).where(eq(trainings.id, x.id));
    expect(row).toMatchObject({ status: 'ended', eventCount: 2, answered: outcomes[0] ? 8 : 9 });
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
