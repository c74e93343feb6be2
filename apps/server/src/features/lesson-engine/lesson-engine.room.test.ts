// The engine in the lesson's room over real sockets (docs/lessons.md "The engine in the lesson"): a push reaches
// everybody in the room as `lesson:question` without its key; the student's answer, made over HTTP, reaches the
// teacher and observers as `lesson:answer` with the verdict, and never the student's own socket.
import type { LessonAnswerEvent, LessonPush, LessonQuestionEvent, TrainingAnswerResult } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../test/test-app.js';
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

let r: RoomApp;
let bank: TestBank;
let lessonId: number;
const tok: Record<string, string> = {};
const open: ClientSocket[] = [];
const call = schemeCalls(() => r.t);

async function joined(who: string): Promise<ClientSocket> {
  const s = await connect(r.url, tok[who]);
  open.push(s);
  const a = await ask(s, 'lesson:join', { lessonId });
  expect(a, JSON.stringify(a)).toMatchObject({ ok: true });
  return s;
}

/** Every engine event a socket receives, in order. */
function record(s: ClientSocket) {
  const seen: { event: string; push: LessonPush }[] = [];
  for (const event of ['lesson:question', 'lesson:answer'])
    s.on(event, (p: LessonQuestionEvent) => seen.push({ event, push: p.push }));
  return seen;
}

beforeAll(async () => {
  r = await startRoomApp();
  for (const u of ['admin', 'agency', 'teacher', 'student']) tok[u] = await r.t.login(u);
  bank = await createTestBank(r.t, tok.admin, tok.agency);
  lessonId = await addLesson(r);
}, 60_000);

afterAll(async () => {
  for (const s of open) s.close();
  await r?.t.close();
});

describe('the engine in the room', () => {
  it('tells the room of a push and the teacher and observers of the answer, live', async () => {
    const [teacher, student, observer] = await Promise.all(['teacher', 'student', 'agency'].map(joined));
    const studentSeen = record(student);
    const pushed = Promise.all(
      [teacher, student, observer].map((s) =>
        next<LessonQuestionEvent>(s, 'lesson:question', 5000, (p) => p.lessonId === lessonId),
      ),
    );
    const p = expectOk(
      await call<LessonPush>('POST', `/v1/lesson/${lessonId}/push`, tok.teacher, { questionId: bank.single }),
    );
    for (const e of await pushed) {
      expect(e.push).toMatchObject({ n: 1, trainId: p.trainId, questionId: bank.single, key: null, answer: null });
      expect(JSON.stringify(e.push.question)).not.toMatch(/"answer"|"explanation"/);
    }

    const answered = Promise.all(
      [teacher, observer].map((s) => next<LessonAnswerEvent>(s, 'lesson:answer', 5000, (e) => e.lessonId === lessonId)),
    );
    const a = expectOk(
      await call<TrainingAnswerResult>('POST', `/v1/train/${p.trainId}/answer`, tok.student, {
        clientAnswerId: 'room-engine-1',
        questionId: bank.single,
        answer: ['B'],
      }),
    );
    expect(a.result).toMatchObject({ isCorrect: false });
    for (const e of await answered)
      expect(e.push).toMatchObject({
        questionId: bank.single,
        key: { answer: ['A'] },
        answer: { answer: ['B'], result: { isCorrect: false, standardAnswer: ['A'] } },
      });

    // The next push reaches the student after anything sent to the room before it: no answer event came first.
    const again = next<LessonQuestionEvent>(student, 'lesson:question', 5000, (e) => e.push.n === 2);
    expectOk(await call('POST', `/v1/lesson/${lessonId}/push`, tok.teacher, { questionId: bank.trueFalse }));
    await again;
    expect(studentSeen.map((e) => e.event)).toEqual(['lesson:question', 'lesson:question']);
  });
});
