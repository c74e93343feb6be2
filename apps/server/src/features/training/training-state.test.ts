// The state put together from the row and its rows (training-state.ts, docs/practice-engine.md "The training
// service"): the drawn ids of several draw rows in order, a drawn list cut back inside a row and at a row's edge, and
// a fixture's state that still carries its own answers and drawn ids, and a visit's questions kept by their place.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingAnswers, trainings } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { appendDraws, dropDrawsFrom, stateHead, TRAINING_COLUMNS } from './training-state.js';

let t: TestApp;
let userId: number;
let schemeNo = 9100;

beforeAll(async () => {
  t = await createTestApp();
  userId = await addUser(t, 'state_rows', '状态行', ['edu:agency:demo:student']);
});
afterAll(() => t.close());

async function training(state: Record<string, unknown>): Promise<number> {
  const [row] = await t.db
    .insert(trainings)
    .values({
      agencyId: 'demo',
      schemeId: schemeNo++,
      userId,
      scheme: { title: '状态', type: 'general' },
      seed: 1,
      status: 'running',
      state,
      startedAt: new Date(),
    })
    .returning({ id: trainings.id });
  return row.id;
}

const stateOf = async (id: number) =>
  (await t.db.select(TRAINING_COLUMNS).from(trainings).where(eq(trainings.id, id)))[0].state as {
    drawn: string[];
    answers: unknown[];
    status: string;
  };

describe('a training state kept in rows', () => {
  it('puts the drawn ids of every draw row back in order, and cuts the list back inside a row or at its edge', async () => {
    const id = await training(stateHead({ status: 'running', drawn: ['x'], answers: [] }));
    expect(await stateOf(id)).toMatchObject({ status: 'running', drawn: [], answers: [] });
    await appendDraws(t.db, id, 0, ['1', '2']);
    await appendDraws(t.db, id, 2, ['3', '4', '5']);
    await appendDraws(t.db, id, 5, []);
    await appendDraws(t.db, id, 5, ['6']);
    await t.db.insert(trainingAnswers).values({ trainingId: id, n: 0, answer: { questionId: '1' } });
    expect(await stateOf(id)).toMatchObject({
      drawn: ['1', '2', '3', '4', '5', '6'],
      answers: [{ questionId: '1' }],
    });
    await dropDrawsFrom(t.db, id, 5);
    expect((await stateOf(id)).drawn).toEqual(['1', '2', '3', '4', '5']);
    await dropDrawsFrom(t.db, id, 3);
    expect((await stateOf(id)).drawn).toEqual(['1', '2', '3']);
    await appendDraws(t.db, id, 3, ['7']);
    expect((await stateOf(id)).drawn).toEqual(['1', '2', '3', '7']);
    await dropDrawsFrom(t.db, id, 1);
    expect((await stateOf(id)).drawn).toEqual(['1']);
  });

  it("keeps a fixture state's own answers and drawn ids when it has no rows", async () => {
    const id = await training({ status: 'finished', drawn: ['8', '9'], answers: [{ questionId: '8' }] });
    expect(await stateOf(id)).toMatchObject({ drawn: ['8', '9'], answers: [{ questionId: '8' }] });
  });

  it("stores the visit's questions as their place in the drawn ids and puts them back in the same order", async () => {
    const visit = { phase: '考试', point: '甲', n: 2, questionIds: ['3', '4'], extra: true };
    const head = stateHead({ status: 'running', visit, drawn: ['1', '2', '3', '4'], answers: [] });
    expect(head.visit).toEqual({ phase: '考试', point: '甲', n: 2, questionIdsAt: [2, 2], extra: true });
    const id = await training(head);
    await appendDraws(t.db, id, 0, ['1', '2']);
    await appendDraws(t.db, id, 2, ['3', '4']);
    const back = (await stateOf(id)) as unknown as { visit: Record<string, unknown> };
    expect(back.visit).toEqual(visit);
    expect(Object.keys(back.visit)).toEqual(Object.keys(visit));
  });

  it('finds the run of an id drawn twice wherever it stands', () => {
    const visit = (questionIds: string[]) => ({ questionIds });
    const drawn = ['1', '2', '3', '1', '5'];
    expect(stateHead({ visit: visit(['1', '2']), drawn }).visit).toEqual({ questionIdsAt: [0, 2] });
    expect(stateHead({ visit: visit(['1', '5']), drawn }).visit).toEqual({ questionIdsAt: [3, 2] });
    expect(stateHead({ visit: visit(['1', '3']), drawn }).visit).toEqual(visit(['1', '3']));
  });

  it('keeps the ids of a visit that are not a run of the drawn ids', () => {
    for (const questionIds of [['2', '4'], ['4', '1'], ['5'], ['3', '4', '5'], []]) {
      const visit = { phase: 'p', point: 'q', n: 1, questionIds };
      expect(stateHead({ visit, drawn: ['1', '2', '3', '4'], answers: [] }).visit).toBe(visit);
    }
  });

  it('stores a state without its answers and drawn ids', () => {
    expect(stateHead({ status: 'running', drawn: ['1'], answers: [1], score: 2 })).toEqual({
      status: 'running',
      score: 2,
    });
  });
});
