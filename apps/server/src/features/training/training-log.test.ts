// The event log (training_events, migration 0014): every write of a training appends to it, and replaying it
// with the engine reproduces the stored state — after a start, right and wrong answers, a time move and a
// finish, and for trainings started together (one batched statement). The state's answers are rows of their own
// (training_answers, migration 0047), and so are its drawn ids (training_draws, migration 0050): the row's state keeps
// neither, and the rows are the replayed answers and drawn ids in order.
import {
  replay,
  Training,
  TrainingAnswerResult,
  type Scheme,
  type TrainingEvent,
  type TrainingState,
} from '@edu/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingAnswers, trainingDraws, trainingEvents, trainings } from '../../db/schema.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { agencyStudentAndBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import type { TrainingSnapshot } from './training-scheme.js';
import { TRAINING_COLUMNS } from './training-state.js';

let t: TestApp;
let agency: string;
let student: string;
let bank: TestBank;
const call = schemeCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  ({ agency, student, bank } = await agencyStudentAndBank(t));
});
afterAll(() => t.close());

/** Two points: a wrong answer goes to the second, a right one ends the training. */
const scheme = () => ({
  title: '日志回放',
  type: 'general',
  initPhase: '练习',
  initPoint: '甲',
  timeLimit: 0,
  kpRange: [bank.kp],
  trainRepoId: bank.trainRepoId,
  phases: [
    {
      phase: '练习',
      knowledgeIds: [bank.kp],
      timeLimit: 0,
      points: ['甲', '乙'].map((name) => ({
        name,
        onOK: '@end',
        onError: name === '甲' ? '乙' : '@end',
        selectors: { types: ['singleChoice', 'trueFalse'] },
        repeat: 1,
        judgeWay: 'once',
        requireCorrect: 1,
      })),
    },
  ],
});

async function stored(trainId: string) {
  const [row] = await t.db
    .select(TRAINING_COLUMNS)
    .from(trainings)
    .where(eq(trainings.id, Number(trainId)));
  const [own] = await t.db
    .select({ state: trainings.state })
    .from(trainings)
    .where(eq(trainings.id, Number(trainId)));
  const answers = await t.db
    .select({ n: trainingAnswers.n, answer: trainingAnswers.answer })
    .from(trainingAnswers)
    .where(eq(trainingAnswers.trainingId, Number(trainId)))
    .orderBy(asc(trainingAnswers.n));
  const draws = await t.db
    .select({ n: trainingDraws.n, questionIds: trainingDraws.questionIds })
    .from(trainingDraws)
    .where(eq(trainingDraws.trainingId, Number(trainId)))
    .orderBy(asc(trainingDraws.n));
  const log = await t.db
    .select({ seq: trainingEvents.seq, event: trainingEvents.event })
    .from(trainingEvents)
    .where(eq(trainingEvents.trainingId, Number(trainId)))
    .orderBy(asc(trainingEvents.seq));
  return { row, log, own, answers, draws };
}

async function expectReplayable(trainId: string) {
  const { row, log, own, answers, draws } = await stored(trainId);
  expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i));
  expect(row.eventCount).toBe(log.length);
  const events = log.map((e) => e.event as unknown as TrainingEvent);
  expect(row.drawCount).toBe(events.filter((e) => e.type === 'draw').length);
  const engine = (row.scheme as unknown as TrainingSnapshot).engine;
  const replayed = replay(engine, events);
  expect(replayed).toEqual(row.state as unknown as TrainingState);
  expect(own.state).not.toHaveProperty('answers');
  expect(answers.map((a) => a.n)).toEqual(replayed.answers.map((_, i) => i));
  expect(answers.map((a) => a.answer)).toEqual(replayed.answers);
  expect(own.state).not.toHaveProperty('drawn');
  // The visit's questions are kept by their place in the drawn ids (put back above: `replayed` equals the row's state).
  if (replayed.visit) expect(own.state).toHaveProperty('visit.questionIdsAt');
  expect(replayed.drawn.length).toBeGreaterThan(0);
  // One row a write that drew, each at the place of its first id.
  expect(draws.map((d) => d.questionIds.length)).not.toContain(0);
  expect(draws.map((d) => d.n)).toEqual(draws.map((_, i) => draws.slice(0, i).flatMap((d) => d.questionIds).length));
  expect(draws.flatMap((d) => d.questionIds)).toEqual(replayed.drawn);
  return events;
}

describe('the training event log', () => {
  it('replays to the stored state after every kind of write', async () => {
    const s = expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agency, scheme()));
    expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, agency));
    const tr = Training.parse(expectOk(await call<Training>('PUT', `/v1/train/scheme/${s.schemeId}/start`, student)));
    expect((await expectReplayable(tr.trainId)).map((e) => e.type)).toEqual(['start', 'draw']);

    // A wrong answer: the answer and the next point's draw are appended together.
    const q = tr.question!.id;
    const wrong = q === bank.single ? ['B'] : ['F'];
    const r = TrainingAnswerResult.parse(
      expectOk(
        await call<TrainingAnswerResult>('POST', `/v1/train/${tr.trainId}/answer`, student, {
          clientAnswerId: 'log-answer-1',
          questionId: q,
          answer: wrong,
        }),
      ),
    );
    expect((await expectReplayable(tr.trainId)).map((e) => e.type)).toEqual(['start', 'draw', 'answer', 'draw']);

    // The same answer again (a retried request) appends nothing.
    expectOk(
      await call('POST', `/v1/train/${tr.trainId}/answer`, student, {
        clientAnswerId: 'log-answer-1',
        questionId: q,
        answer: wrong,
      }),
    );
    expect(await expectReplayable(tr.trainId)).toHaveLength(4);

    expect(r.training.question).not.toBeNull();
    expectOk(await call('POST', `/v1/train/${tr.trainId}/finish`, student));
    const events = await expectReplayable(tr.trainId);
    expect(events.at(-1)?.type).toBe('finish');
  });

  it('keeps one log per training when many students start at once', async () => {
    const s = expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agency, scheme()));
    expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, agency));
    const names = Array.from({ length: 8 }, (_, i) => `log-student-${i}`);
    for (const n of names) await addUser(t, n, n, ['edu:agency:demo:student']);
    const tokens = await Promise.all(names.map((n) => t.login(n)));
    // Each student twice, all at once: one training each.
    const started = await Promise.all(
      [...tokens, ...tokens].map(async (tok) =>
        Training.parse(expectOk(await call<Training>('PUT', `/v1/train/scheme/${s.schemeId}/start`, tok))),
      ),
    );
    expect(new Set(started.map((x) => x.trainId)).size).toBe(names.length);
    for (let i = 0; i < names.length; i++) {
      expect(started[i + names.length].trainId).toBe(started[i].trainId);
      expect(started[i + names.length].question?.id).toBe(started[i].question?.id);
    }
    for (const id of new Set(started.map((x) => x.trainId))) await expectReplayable(id);
  });
});
