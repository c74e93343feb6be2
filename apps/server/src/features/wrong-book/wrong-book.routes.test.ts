// API tests of the wrong-answer book (docs/domain.md "Wrong answers, mastery, statistics"): wrong training answers
// enter the book, reviews move the FSRS card (Good / Again as ts-fsrs schedules them), three right reviews in a
// row master an entry, a retried review stores one record, and records are the student's own.
import { and, count, eq } from 'drizzle-orm';
import {
  AnswerRecordDetail,
  Training,
  WrongDue,
  WrongListPage,
  WrongReviewResult,
  type Scheme,
  type Training as T,
  type WrongReviewResult as ReviewResult,
} from '@edu/contract';
import { Rating, createEmptyCard } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRecords, questionRepos, questions } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { createTestBank, schemeCalls, type TestBank } from '../schemes/scheme-fixtures.test-helper.js';
import { scheduler } from './fsrs.js';

let t: TestApp;
let agency: string;
let student: string;
let classmate: string;
let outsider: string;
let bank: TestBank;
let classmateId: number;
const call = schemeCalls(() => t);
let n = 0;
const clientId = () => `review-answer-${++n}`;
const HOUR = 3600_000;

/** One visit drawing the bank's two auto-judged questions (fixed order), then the end. */
const scheme = () => ({
  title: '错题本测试训练',
  type: 'general',
  initPhase: '练习',
  initPoint: '基础',
  timeLimit: 0,
  kpRange: [bank.kp],
  trainRepoId: bank.trainRepoId,
  phases: [
    {
      phase: '练习',
      knowledgeIds: [],
      timeLimit: 0,
      points: [
        {
          name: '基础',
          onOK: '@end',
          onError: '@end',
          selectors: { questionIds: [bank.single, bank.trueFalse] },
          repeat: 2,
          judgeWay: 'once',
          requireCorrect: 2,
        },
      ],
    },
  ],
});

const book = async (query = '', token = student) =>
  WrongListPage.parse(expectOk(await call('GET', `/v1/wrong/list?knowledgeId=${bank.kp}${query}`, token)));
const review = (questionId: string, body: Record<string, unknown>, token = student, ag = 'demo') =>
  call<ReviewResult>('POST', `/v1/wrong/${questionId}/review`, token, body, ag);
const reviewOk = async (questionId: string, answer: string[]) =>
  WrongReviewResult.parse(expectOk(await review(questionId, { clientAnswerId: clientId(), answer })));

/** Moves the clock (days ahead, past token lifetimes) and logs everyone in again. */
async function jump(to: number) {
  t.clock.set(to);
  [agency, student, classmate, outsider] = await Promise.all(
    ['agency', 'student', 'classmate', 'outsider'].map((u) => t.login(u)),
  );
}

let trainId: string;
let wrongAt: number;

beforeAll(async () => {
  t = await createTestApp();
  classmateId = await addUser(t, 'classmate', '同班同学', ['edu:agency:demo:student']);
  await addUser(t, 'outsider', '其他机构学生', ['edu:agency:other:student']);
  let admin: string;
  [agency, student, classmate, outsider, admin] = await Promise.all(
    ['agency', 'student', 'classmate', 'outsider', 'admin'].map((u) => t.login(u)),
  );
  bank = await createTestBank(t, admin, agency);
  const s = expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agency, scheme()));
  expectOk(await call('POST', `/v1/train/scheme/${s.schemeId}/on`, agency));
  const tr = Training.parse(expectOk(await call<T>('PUT', `/v1/train/scheme/${s.schemeId}/start`, student)));
  trainId = tr.trainId;
  wrongAt = t.clock.now();
  // Both wrong: the single choice ('A' is right) and the true/false ('T' is right).
  for (const [q, a] of [
    [bank.single, ['B']],
    [bank.trueFalse, ['F']],
  ] as const)
    expectOk(
      await call('POST', `/v1/train/${trainId}/answer`, student, {
        clientAnswerId: clientId(),
        questionId: q,
        answer: a,
      }),
    );
  expect(Training.parse(expectOk(await call<T>('GET', `/v1/train/${trainId}`, student))).status).toBe('finished');
});
afterAll(() => t.close());

describe('GET /v1/wrong/list', () => {
  it('holds every wrongly answered question, new and due at its wrong answer', async () => {
    const page = await book();
    expect(page.total).toBe(2);
    expect(page.counts).toEqual({ all: 2, due: 2, learning: 2, mastered: 0 });
    expect(page.list.map((e) => e.questionId).sort()).toEqual([bank.single, bank.trueFalse].sort());
    for (const e of page.list)
      expect(e).toMatchObject({
        knowledgeCode: bank.kp,
        wrongCount: 1,
        firstWrongTime: wrongAt,
        card: { state: 'new', due: wrongAt, reps: 0, streak: 0, mastered: false, lastReview: null },
      });
    // Filters: another subtree is empty; staff are not trainees.
    expect((await book(`&subject=math`)).total).toBe(0);
    expectError(await call('GET', '/v1/wrong/list', agency), 403);
    // Another student's book is their own (empty here).
    expect((await book('', classmate)).total).toBe(0);
  });

  it('lists due reviews with their questions, never with answers or explanations', async () => {
    const due = WrongDue.parse(expectOk(await call('GET', `/v1/wrong/review/next?knowledgeId=${bank.kp}`, student)));
    expect(due.total).toBe(2);
    const q = due.list.find((d) => d.entry.questionId === bank.single)!.question as Record<string, unknown>;
    expect(q.answer).toBeUndefined();
    expect(q.explanation).toBeUndefined();
    expect(q.options).toHaveLength(2);
  });
});

describe('POST /v1/wrong/:id/review', () => {
  it('a right review is rated Good and scheduled by FSRS; three in a row master the entry', async () => {
    t.clock.advance(HOUR);
    const t1 = t.clock.now();
    const r1 = await reviewOk(bank.single, ['A']);
    const c1 = scheduler.next(createEmptyCard(new Date(wrongAt)), new Date(t1), Rating.Good).card;
    expect(r1).toMatchObject({ repeated: false, rating: 'good', result: { isCorrect: true, standardAnswer: ['A'] } });
    expect(r1.entry.card).toMatchObject({ due: c1.due.getTime(), reps: 1, streak: 1, mastered: false, lastReview: t1 });
    expect(r1.entry.card.due).toBeGreaterThan(t1);
    // No longer due.
    expect((await book('&filter=due')).list.map((e) => e.questionId)).toEqual([bank.trueFalse]);

    await jump(r1.entry.card.due);
    const r2 = await reviewOk(bank.single, ['A']);
    const c2 = scheduler.next(c1, new Date(r1.entry.card.due), Rating.Good).card;
    expect(r2.entry.card).toMatchObject({ due: c2.due.getTime(), streak: 2, mastered: false, state: 'review' });
    expect(r2.entry.card.scheduledDays).toBeGreaterThanOrEqual(1);

    await jump(r2.entry.card.due);
    const r3 = await reviewOk(bank.single, ['A']);
    expect(r3.entry.card).toMatchObject({ streak: 3, mastered: true, masteredTime: t.clock.now() });
    const mastered = await book('&filter=mastered');
    expect(mastered.list.map((e) => e.questionId)).toEqual([bank.single]);
    expect((await book('&filter=learning')).list.map((e) => e.questionId)).toEqual([bank.trueFalse]);
  });

  it('a wrong review is rated Again and breaks the streak', async () => {
    const now = t.clock.now();
    const r1 = await reviewOk(bank.trueFalse, ['T']);
    expect(r1.entry.card.streak).toBe(1);
    await jump(r1.entry.card.due);
    const r2 = await reviewOk(bank.trueFalse, ['F']);
    const c1 = scheduler.next(createEmptyCard(new Date(wrongAt)), new Date(now), Rating.Good).card;
    const c2 = scheduler.next(c1, new Date(r1.entry.card.due), Rating.Again).card;
    expect(r2).toMatchObject({ rating: 'again', result: { isCorrect: false } });
    expect(r2.entry.card).toMatchObject({ due: c2.due.getTime(), streak: 0, mastered: false });
    expect(r2.entry.wrongCount).toBe(2);
    expect(r2.entry.lastWrongRecordId).toBe(r2.recordId);
  });

  it('a retried request (same clientAnswerId) stores one record and answers the same', async () => {
    const body = { clientAnswerId: 'same-review-id-1', answer: ['T'] };
    const [a, b] = [expectOk(await review(bank.trueFalse, body)), expectOk(await review(bank.trueFalse, body))];
    expect(a.repeated).toBe(false);
    expect(b).toMatchObject({ repeated: true, recordId: a.recordId, rating: 'good', entry: a.entry });
    const [c] = await t.db
      .select({ n: count() })
      .from(answerRecords)
      .where(and(eq(answerRecords.clientAnswerId, 'same-review-id-1')));
    expect(c.n).toBe(1);
    // The same id for another question is a conflict, not a silent replay.
    expectError(await review(bank.single, body), 409);
  });

  it('answers 404 for a question not in the book, and refuses bad bodies', async () => {
    expectError(await review(bank.manual, { clientAnswerId: clientId(), answer: ['x'] }), 404);
    expectError(await review('abc', { clientAnswerId: clientId(), answer: ['x'] }), 404);
    expectError(await review(bank.single, { clientAnswerId: 'short', answer: ['A'] }), 400);
    // Not in the classmate's book, nor in another agency's.
    expectError(await review(bank.single, { clientAnswerId: clientId(), answer: ['A'] }, classmate), 404);
    expectError(await review(bank.single, { clientAnswerId: clientId(), answer: ['A'] }, outsider, 'other'), 404);
  });

  it('a wrong answer in a training after mastery makes the entry due again', async () => {
    const before = (await book('&filter=mastered')).list[0];
    t.clock.advance(HOUR);
    const at = t.clock.now();
    await t.db.insert(answerRecords).values({
      agencyId: 'demo',
      questionId: Number(bank.single),
      version: 1,
      userId: (await t.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.username, 'student') }))!.id,
      isCorrect: false,
      score: 0,
      createdAt: new Date(at),
    });
    const entry = (await book()).list.find((e) => e.questionId === bank.single)!;
    expect(before.card.mastered).toBe(true);
    expect(entry.card).toMatchObject({ mastered: false, streak: 0, due: at });
    // The next review counts that lapse (Again at its time) before this answer.
    t.clock.advance(HOUR);
    const r = await reviewOk(bank.single, ['A']);
    expect(r.entry.card).toMatchObject({ streak: 1, mastered: false });
    expect(r.entry.card.lapses).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /v1/answer/record/:id', () => {
  it("shows the student's own record with the question revealed", async () => {
    const entry = (await book()).list.find((e) => e.questionId === bank.trueFalse)!;
    const r = AnswerRecordDetail.parse(
      expectOk(await call('GET', `/v1/answer/record/${entry.lastWrongRecordId}`, student)),
    );
    expect(r).toMatchObject({
      questionId: bank.trueFalse,
      isCorrect: false,
      trainId: null,
      submission: { answer: ['F'] },
      result: { isCorrect: false, standardAnswer: ['T'] },
      inWrongBook: true,
      question: { id: bank.trueFalse, answer: ['T'], type: 'trueFalse' },
    });
    const trainRecords = expectOk(await call<{ recordId: string }[]>('GET', `/v1/train/${trainId}/questions`, student));
    const fromTraining = AnswerRecordDetail.parse(
      expectOk(await call('GET', `/v1/answer/record/${trainRecords[0].recordId}`, student)),
    );
    expect(fromTraining).toMatchObject({ trainId, trainTitle: '错题本测试训练', question: { id: bank.single } });
  });

  it("answers 404 for another student's or another agency's record id", async () => {
    await jump(t.clock.now());
    const [own] = await t.db
      .insert(answerRecords)
      .values({ agencyId: 'demo', questionId: Number(bank.single), version: 1, userId: classmateId, isCorrect: false })
      .returning({ id: answerRecords.id });
    expectError(await call('GET', `/v1/answer/record/${own.id}`, student), 404);
    expectOk(await call('GET', `/v1/answer/record/${own.id}`, classmate));
    const entry = (await book()).list[0];
    expectError(await call('GET', `/v1/answer/record/${entry.lastWrongRecordId}`, outsider, undefined, 'other'), 404);
    expectError(await call('GET', '/v1/answer/record/999999999', student), 404);
    expectError(await call('GET', '/v1/answer/record/x1', student), 404);
  });
});

describe('GET /v1/wrong/review/next with a question the agency can no longer see', () => {
  it('skips the entry with a count of its own, out of the due count, and takes it back once visible again', async () => {
    // A fresh wrong answer (after its last review) makes bank.single due now.
    t.clock.advance(HOUR);
    await t.db.insert(answerRecords).values({
      agencyId: 'demo',
      questionId: Number(bank.single),
      version: 1,
      userId: (await t.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.username, 'student') }))!.id,
      isCorrect: false,
      score: 0,
      createdAt: new Date(t.clock.now()),
    });
    const next = async () =>
      WrongDue.parse(expectOk(await call('GET', `/v1/wrong/review/next?knowledgeId=${bank.kp}`, student)));
    const before = await next();
    expect(before.list.map((d) => d.entry.questionId)).toContain(bank.single);
    expect(before.unavailable).toBeUndefined();
    // The question moves out of the agency's reach, as when the repository it came from is no longer subscribed.
    const [{ repoId: ownRepo }] = await t.db
      .select({ repoId: questions.repoId })
      .from(questions)
      .where(eq(questions.id, Number(bank.single)));
    const [{ id: otherRepo }] = await t.db
      .select({ id: questionRepos.id })
      .from(questionRepos)
      .where(eq(questionRepos.agencyId, 'other'))
      .limit(1);
    const move = (agencyId: string, repoId: number) =>
      t.db
        .update(questions)
        .set({ agencyId, repoId })
        .where(eq(questions.id, Number(bank.single)));
    await move('other', otherRepo);
    const during = await next();
    expect(during.list.map((d) => d.entry.questionId)).not.toContain(bank.single);
    expect(during.total).toBe(before.total - 1);
    expect(during.total).toBe(during.list.length);
    expect(during.unavailable).toBe(1);
    // The book's due count and due view agree with the queue.
    const page = await book('&filter=due');
    expect(page.counts.due).toBe(during.total);
    expect(page.list.map((e) => e.questionId)).not.toContain(bank.single);
    await move('demo', ownRepo);
    const back = await next();
    expect(back.list.map((d) => d.entry.questionId)).toContain(bank.single);
    expect(back.total).toBe(before.total);
    expect(back.unavailable).toBeUndefined();
  });
});
