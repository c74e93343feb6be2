// Withdrawing a pushed question (docs/lessons.md "Withdrawing a push"), over the API and real sockets, on the real
// database: the teacher takes back a push the student has not answered; the room hears `lesson:withdrawn`; the
// lesson's training keeps no trace of it (no event, no draw, no training at all when it was the only push); answered
// pushes, other seats, other lessons and lessons not live are refused; an answer and a withdrawal at the same moment
// leave one of them, never both.
import {
  LessonPushes,
  LessonWithdrawal,
  type LessonPush,
  type LessonWithdrawnEvent,
  type TrainingSummary,
} from '@edu/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingEvents, trainings } from '../../db/schema.js';
import { expectError, expectOk } from '../../test/test-app.js';
import {
  addLesson,
  ask,
  connect,
  next,
  startRoomApp,
  type ClientSocket,
  type RoomApp,
} from '../../realtime/room.test-helper.js';
import { createTestBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { TRAINING_COLUMNS } from '../training/training-state.js';

let r: RoomApp;
let bank: TestBank;
const tok: Record<string, string> = {};
const open: ClientSocket[] = [];
const call = schemeCalls(() => r.t);
let answerNo = 0;

const push = (lessonId: number, questionId: string) =>
  call<LessonPush>('POST', `/v1/lesson/${lessonId}/push`, tok.teacher, { questionId });
const withdraw = (lessonId: number, questionId: string, who = 'teacher') =>
  call<LessonWithdrawal>('POST', `/v1/lesson/${lessonId}/withdraw`, tok[who], { questionId });
const pushes = async (lessonId: number, who = 'teacher') =>
  LessonPushes.parse(expectOk(await call<LessonPushes>('GET', `/v1/lesson/${lessonId}/pushes`, tok[who])));
const answer = (trainId: string, questionId: string, value: string) =>
  call('POST', `/v1/train/${trainId}/answer`, tok.student, {
    clientAnswerId: `withdraw-${++answerNo}`,
    questionId,
    answer: [value],
  });
const events = async (trainId: string) =>
  (
    await r.t.db
      .select({ event: trainingEvents.event })
      .from(trainingEvents)
      .where(eq(trainingEvents.trainingId, Number(trainId)))
      .orderBy(asc(trainingEvents.seq))
  ).map((e) => (e.event as { type: string }).type);
const trainingOf = async (lessonId: number) =>
  (await r.t.db.select(TRAINING_COLUMNS).from(trainings).where(eq(trainings.lessonId, lessonId)))[0];

/** Ends the lesson and its training, so its unanswered push holds (seals) nothing for the next test. */
async function close(lessonId: number) {
  expectOk(await call('POST', `/v1/lesson/${lessonId}/close`, tok.teacher));
  expect((await pushes(lessonId)).status).not.toBe('running');
}

async function joined(who: string, lessonId: number): Promise<ClientSocket> {
  const s = await connect(r.url, tok[who]);
  open.push(s);
  const a = await ask(s, 'lesson:join', { lessonId });
  expect(a, JSON.stringify(a)).toMatchObject({ ok: true });
  return s;
}

beforeAll(async () => {
  r = await startRoomApp();
  for (const u of ['admin', 'agency', 'teacher', 'student', 'parent', 'other']) tok[u] = await r.t.login(u);
  bank = await createTestBank(r.t, tok.admin, tok.agency);
}, 60_000);

afterAll(async () => {
  for (const s of open) s.close();
  await r?.t.close();
});

describe('withdrawing a push', () => {
  it('takes back the only push: the room hears it, and the lesson has no training left', async () => {
    const lessonId = await addLesson(r);
    const sockets = await Promise.all(['teacher', 'student', 'agency'].map((w) => joined(w, lessonId)));
    const p = expectOk(await push(lessonId, bank.single));
    const heard = Promise.all(
      sockets.map((s) => next<LessonWithdrawnEvent>(s, 'lesson:withdrawn', 5000, (e) => e.lessonId === lessonId)),
    );
    const w = LessonWithdrawal.parse(expectOk(await withdraw(lessonId, bank.single)));
    expect(w).toEqual({ lessonId: String(lessonId), questionId: bank.single, n: 1 });
    for (const e of await heard) expect(e).toEqual({ lessonId, questionId: bank.single, n: 1 });

    expect(await trainingOf(lessonId)).toBeUndefined();
    expect(await pushes(lessonId, 'student')).toMatchObject({ trainId: null, waiting: false, pushes: [] });
    const history = expectOk(await call<{ list: TrainingSummary[] }>('GET', '/v1/train/history', tok.student));
    expect(history.list.some((h) => h.trainId === p.trainId)).toBe(false);
    // The student's late answer finds nothing to answer.
    expectError(await answer(p.trainId, bank.single, 'A'), 404);
    // The question may be pushed again: it starts the lesson's practice anew.
    const again = expectOk(await push(lessonId, bank.single));
    expect(again).toMatchObject({ n: 1, questionId: bank.single });
    expect(again.trainId).not.toBe(p.trainId);
    await close(lessonId);
  });

  it('takes back the latest unanswered push and keeps the answered ones untouched', async () => {
    const lessonId = await addLesson(r);
    const first = expectOk(await push(lessonId, bank.single));
    expectOk(await answer(first.trainId, bank.single, 'B'));
    expectOk(await push(lessonId, bank.trueFalse));
    const before = await trainingOf(lessonId);
    expect(await events(first.trainId)).toEqual(['start', 'draw', 'answer', 'draw']);

    // An answered push cannot be taken back.
    const answered = await withdraw(lessonId, bank.single);
    expectError(answered, 409);
    expect(answered.body.errmsg).toBe('学生已经作答这道题，不能撤回');

    expect(expectOk(await withdraw(lessonId, bank.trueFalse))).toMatchObject({ n: 2 });
    expect(await events(first.trainId)).toEqual(['start', 'draw', 'answer']);
    const after = await trainingOf(lessonId);
    expect(after).toMatchObject({
      id: before.id,
      status: 'running',
      eventCount: 3,
      drawCount: 1,
      answered: 1,
      correct: 0,
    });
    expect((after.state as { drawn: string[] }).drawn).toEqual([bank.single]);
    const list = await pushes(lessonId);
    expect(list).toMatchObject({ waiting: false });
    expect(list.pushes.map((x) => x.questionId)).toEqual([bank.single]);
    // Withdrawn once, the question is no longer "pushed before": it may come again, as the next push.
    const again = expectOk(await push(lessonId, bank.trueFalse));
    expect(again.n).toBe(2);
    expectOk(await answer(again.trainId, bank.trueFalse, 'T'));
    expect((await pushes(lessonId, 'student')).pushes.map((x) => x.answer !== null)).toEqual([true, true]);
  });

  it('refuses other seats, other lessons, unknown questions and lessons not live', async () => {
    const lessonId = await addLesson(r);
    expectOk(await push(lessonId, bank.single));
    for (const who of ['student', 'agency', 'parent']) expectError(await withdraw(lessonId, bank.single, who), 403);
    expectError(await withdraw(lessonId + 100_000, bank.single), 404);
    expectError(
      await call('POST', `/v1/lesson/${lessonId}/withdraw`, tok.other, { questionId: bank.single }, 'other'),
      404,
    );
    expectError(await withdraw(lessonId, bank.trueFalse), 404);
    expectError(await call('POST', `/v1/lesson/${lessonId}/withdraw`, tok.teacher, {}), 400);
    const ended = await addLesson(r, { status: 'ended' });
    const r409 = await withdraw(ended, bank.single);
    expectError(r409, 409);
    expect(r409.body.errmsg).toBe('课程不在进行中，不能撤回题目');
    // Nothing above changed the push.
    expect((await pushes(lessonId)).pushes.map((x) => x.questionId)).toEqual([bank.single]);
    await close(lessonId);
  });

  it('lets an answer and a withdrawal at the same moment leave one of them, never both', async () => {
    for (let i = 0; i < 4; i++) {
      const lessonId = await addLesson(r);
      const p = expectOk(await push(lessonId, bank.single));
      const [a, w] = await Promise.all([answer(p.trainId, bank.single, 'A'), withdraw(lessonId, bank.single)]);
      const row = await trainingOf(lessonId);
      if (w.status === 200) {
        expect(a.status).not.toBe(200);
        expect(row).toBeUndefined();
      } else {
        expect(a.status).toBe(200);
        expect(w.status).toBe(409);
        expect(row).toMatchObject({ answered: 1, drawCount: 1 });
      }
      await close(lessonId);
    }
  });
});
