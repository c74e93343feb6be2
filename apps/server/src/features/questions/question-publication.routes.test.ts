// API tests of public preview through app.inject on a real database: who publishes and withdraws, what the
// public read answers (never answers or explanations), and the own access check of the answer test.
import { StudentQuestion, type JudgeResult, type Question as Q, type QuestionPublication } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { VALID, single, questionCalls } from './question-fixtures.test-helper.js';
import { QuestionsRepository } from './questions.repository.js';

let t: TestApp;
let agency: string; // edu:agency:demo:admin (author)
let teacher: string; // edu:agency:demo:teacher (reader, not author)
let student: string;
let parent: string;
let other: string; // edu:agency:other:admin
let demoRepo: string;

type Page<T> = { total: number; list: T[] };
const { call, create } = questionCalls<Q>(
  () => t,
  () => agency,
  () => demoRepo,
);
const publicPath = (id: string) => `/v1/exam/question/${id}/public`;
const publish = (id: string, token = agency, ag = 'demo', showAnswer?: boolean) =>
  call<QuestionPublication>('PUT', publicPath(id), token, showAnswer === undefined ? {} : { showAnswer }, ag);
const withdraw = (id: string, token = agency, ag = 'demo') =>
  call<QuestionPublication>('DELETE', publicPath(id), token, undefined, ag);
const status = (id: string, token = agency, ag = 'demo') =>
  call<QuestionPublication>('GET', publicPath(id), token, undefined, ag);
/** The public read, as a visitor unless a token is given. */
const read = (id: string, token?: string) =>
  t.call<Record<string, unknown>>('GET', `/v1/public/question/${id}`, token ? { token, agency: 'demo' } : {});
/** The answer test; a visitor (no token) unless one is given. */
const test = (id: string, request: unknown, o: { token?: string; agency?: string } = {}) =>
  t.call<JudgeResult>('POST', `/v1/exam/question/${id}/test`, { ...o, body: { request } });

beforeAll(async () => {
  t = await createTestApp();
  [agency, teacher, student, parent, other] = await Promise.all(
    ['agency', 'teacher', 'student', 'parent', 'other'].map((u) => t.login(u)),
  );
  const repos = expectOk(await call<Page<{ id: string; name: string }>>('GET', '/v1/exam/repositories', agency));
  demoRepo = repos.list.find((r) => r.name === '演示题库')!.id;
});
afterAll(() => t.close());

describe('PUT and DELETE /v1/exam/question/:id/public', () => {
  it('publishes (idempotent: the first time and publisher stay) and withdraws (idempotent)', async () => {
    const q = expectOk(await create(single));
    const off = { questionId: q.id, published: false, publishedAt: null, publishedBy: null, showAnswer: false };
    expect(expectOk(await status(q.id))).toEqual(off);
    const at = t.clock.now();
    const first = expectOk(await publish(q.id));
    expect(first).toEqual({
      questionId: q.id,
      published: true,
      publishedAt: at,
      publishedBy: '演示机构管理员',
      showAnswer: false,
    });
    t.clock.advance(60_000);
    expect(expectOk(await publish(q.id))).toEqual(first);
    // Publishing again changes only the option.
    expect(expectOk(await publish(q.id, agency, 'demo', true))).toEqual({ ...first, showAnswer: true });
    expect(expectOk(await publish(q.id, agency, 'demo', false))).toEqual(first);
    // A PUT without a body publishes with the defaults (answers not shown).
    expectOk(await publish(q.id, agency, 'demo', true));
    expect(expectOk(await call<QuestionPublication>('PUT', publicPath(q.id), agency))).toEqual(first);
    // Staff who only read the bank see the state too.
    expect(expectOk(await status(q.id, teacher))).toEqual(first);
    expect(expectOk(await withdraw(q.id))).toEqual(off);
    expect(expectOk(await withdraw(q.id)).published).toBe(false);
    expect(expectOk(await status(q.id)).published).toBe(false);
  });

  it('is for authors of the agency: teacher, student and parent 403, visitor 401', async () => {
    const q = expectOk(await create(single));
    for (const token of [teacher, student, parent]) {
      expectError(await publish(q.id, token), 403);
      expectError(await withdraw(q.id, token), 403);
    }
    expectError(await status(q.id, student), 403);
    for (const method of ['PUT', 'DELETE', 'GET'] as const)
      expectError(await t.call(method, publicPath(q.id), { agency: 'demo' }), 401);
    expect(expectOk(await status(q.id)).published).toBe(false);
  });

  it("answers 404 for another agency's question, an unknown id and a malformed one; 403 naming a foreign agency", async () => {
    const q = expectOk(await create(single));
    for (const fn of [publish, withdraw, status]) {
      expectError(await fn(q.id, other, 'other'), 404);
      expectError(await fn('99999999'), 404);
      expectError(await fn('x1'), 404);
    }
    expectError(await publish(q.id, other, 'demo'), 403);
    // A published question stays the owner's to withdraw.
    expectOk(await publish(q.id));
    expectError(await withdraw(q.id, other, 'other'), 404);
    expect(expectOk(await status(q.id)).published).toBe(true);
  });

  it("refuses to publish a subscribed repository's question (403, read-only) but shows its state", async () => {
    const otherRepos = expectOk(
      await call<Page<{ id: string; shared: boolean }>>('GET', '/v1/exam/repositories', other, undefined, 'other'),
    );
    const shared = otherRepos.list.find((r) => r.shared)!;
    const borrowed = expectOk(
      await call<Q>('PUT', '/v1/exam/question', other, { ...single, agencyId: 'other', repoId: shared.id }, 'other'),
    );
    expectOk(await call('POST', `/v1/exam/repository/${shared.id}/subscribe`, agency));
    expectError(await publish(borrowed.id), 403);
    expectOk(await publish(borrowed.id, other, 'other'));
    expect(expectOk(await status(borrowed.id)).published).toBe(true);
    expectError(await withdraw(borrowed.id), 403);
  });

  it('refuses to publish an archived question (409); archiving hides a published one', async () => {
    const me = expectOk(await t.call<{ user: { id: string } }>('GET', '/v1/auth/me', { token: student }));
    const archive = async () => {
      const q = expectOk(await create(single));
      await new QuestionsRepository(t.db).insertAnswerRecord({
        agencyId: 'demo',
        questionId: Number(q.id),
        userId: Number(me.user.id),
      });
      return q;
    };
    const a = await archive();
    expectOk(await publish(a.id));
    expectOk(await call('DELETE', `/v1/exam/question/${a.id}`, agency));
    expect(expectOk(await status(a.id)).published).toBe(false);
    expectError(await read(a.id), 404);
    expectError(await test(a.id, { answer: ['A'] }), 401);
    const b = await archive();
    expectOk(await call('DELETE', `/v1/exam/question/${b.id}`, agency));
    expectError(await publish(b.id), 409);
  });

  it('deleting a published question removes its publication', async () => {
    const q = expectOk(await create(single));
    expectOk(await publish(q.id));
    expectOk(await call('DELETE', `/v1/exam/question/${q.id}`, agency));
    expectError(await read(q.id), 404);
    expectError(await status(q.id), 404);
  });
});

describe('GET /v1/public/question/:id', () => {
  it('answers a published question to anyone without answer or explanation, also on every sub-question', async () => {
    const q = expectOk(await create(VALID.enReading));
    expectOk(await publish(q.id));
    for (const token of [undefined, student, parent, teacher, agency, other]) {
      const r = expectOk(await read(q.id, token));
      StudentQuestion.parse(r);
      expect(r).toMatchObject({ id: q.id, type: 'enReading', question: q.question });
      expect(r).not.toHaveProperty('answer');
      expect(r).not.toHaveProperty('explanation');
      const subs = r.questionSub as Record<string, unknown>[];
      expect(subs).toHaveLength(3);
      for (const s of subs) {
        expect(s).not.toHaveProperty('answer');
        expect(s).not.toHaveProperty('explanation');
      }
      expect(JSON.stringify(r)).not.toContain('apple 是水果');
    }
  });

  it('answers the same 404 for unpublished, withdrawn, unknown, malformed and foreign ids', async () => {
    const q = expectOk(await create(single));
    const otherRepos = expectOk(
      await call<Page<{ id: string }>>('GET', '/v1/exam/repositories', other, undefined, 'other'),
    );
    const foreign = expectOk(
      await call<Q>(
        'PUT',
        '/v1/exam/question',
        other,
        { ...single, agencyId: 'other', repoId: otherRepos.list[0].id },
        'other',
      ),
    );
    const withdrawn = expectOk(await create(single));
    expectOk(await publish(withdrawn.id));
    expectOk(await withdraw(withdrawn.id));
    for (const id of [q.id, withdrawn.id, foreign.id, '99999999', 'x1', '0']) {
      for (const token of [undefined, agency]) {
        const r = await read(id, token);
        expectError(r, 404);
        expect(r.body.errmsg).toBe('该题目未公开或不存在');
        expect(r.body.response).toBeNull();
      }
    }
  });

  it('shows the latest version after an edit, and the question stays published', async () => {
    const q = expectOk(await create(single));
    expectOk(await publish(q.id));
    const me = expectOk(await t.call<{ user: { id: string } }>('GET', '/v1/auth/me', { token: student }));
    await new QuestionsRepository(t.db).insertAnswerRecord({
      agencyId: 'demo',
      questionId: Number(q.id),
      userId: Number(me.user.id),
    });
    const edited = expectOk(
      await call<Q>('POST', `/v1/exam/question/${q.id}`, agency, { ...single, question: '<p>Which one is red?</p>' }),
    );
    expect(edited.version).toBe(2);
    const r = expectOk(await read(q.id));
    expect(r).toMatchObject({ version: 2 });
    expect(r.question).toContain('Which one is red?');
    expect(expectOk(await status(q.id)).published).toBe(true);
  });
});

describe('POST /v1/exam/question/:id/test', () => {
  let published: Q;
  let hidden: Q;
  beforeAll(async () => {
    published = expectOk(await create(single));
    hidden = expectOk(await create(single));
    expectOk(await publish(published.id));
  });

  it('judges a published question for visitors (even with a stale token), right and wrong, and stores nothing', async () => {
    const right = expectOk(await test(published.id, { answer: ['A'] }));
    expect(right).toMatchObject({ isCorrect: true, score: 1, standardAnswer: [], explanation: '' });
    const wrong = expectOk(await test(published.id, { answer: ['B'] }, { token: 'expired-or-bad' }));
    expect(wrong).toEqual({
      isCorrect: false,
      score: 0,
      pending: false,
      submitAnswer: ['B'],
      standardAnswer: [],
      explanation: '',
      feedback: '回答错误',
    });
    expect(await new QuestionsRepository(t.db).recordCount(Number(published.id))).toBe(0);
  });

  it('shows visitors the standard answer and explanation only when the publisher opted in', async () => {
    const q = expectOk(await create(single));
    expectOk(await publish(q.id, agency, 'demo', true));
    expect(expectOk(await test(q.id, { answer: ['B'] }))).toMatchObject({
      isCorrect: false,
      standardAnswer: ['A'],
      explanation: '<p>apple 是水果。</p>',
      feedback: '回答错误，正确答案是 A',
    });
    expectOk(await publish(q.id, agency, 'demo', false));
    const hiddenAgain = expectOk(await test(q.id, { answer: ['B'] }, { token: student, agency: 'demo' }));
    expect(hiddenAgain).toMatchObject({ standardAnswer: [], explanation: '', feedback: '回答错误' });
    // Staff previewing their own bank always see everything.
    expect(expectOk(await test(q.id, { answer: ['B'] }, { token: teacher, agency: 'demo' }))).toMatchObject({
      standardAnswer: ['A'],
      explanation: '<p>apple 是水果。</p>',
    });
  });

  it('judges a published question for logged-in users of any role and agency, whatever agency they name', async () => {
    for (const [token, ag] of [
      [student, 'demo'],
      [parent, 'demo'],
      [other, 'other'],
      [other, 'demo'],
      [other, undefined],
    ] as const)
      expect(expectOk(await test(published.id, { answer: ['A'] }, { token, agency: ag })).isCorrect).toBe(true);
  });

  it('judges every sub-question of a published enReading, their answers shown only when opted in', async () => {
    const reading = expectOk(await create(VALID.enReading));
    expectOk(await publish(reading.id));
    const [s1, s2, s3] = reading.questionSub.map((s) => s.questionSubId);
    const wrong = { subAnswers: { [s1]: ['A'], [s2]: ['went'], [s3]: ['T'] } };
    const right = { subAnswers: { [s1]: ['B'], [s2]: ['go'], [s3]: ['F'] } };
    expect(expectOk(await test(reading.id, right))).toMatchObject({ isCorrect: true, score: 1 });
    const hidden = expectOk(await test(reading.id, wrong));
    expect(hidden.subResults?.map((s) => [s.isCorrect, s.standardAnswer, s.feedback])).toEqual([
      [false, [], '回答错误'],
      [false, [], '回答错误'],
      [false, [], '回答错误'],
    ]);
    expectOk(await publish(reading.id, agency, 'demo', true));
    const shown = expectOk(await test(reading.id, wrong));
    expect(shown.subResults?.map((s) => s.standardAnswer)).toEqual([['B'], ['go'], ['F']]);
  });

  it('unpublished: 401 for a visitor (also with a bad token), 404 for users without staff rights there', async () => {
    expectError(await test(hidden.id, { answer: ['A'] }), 401);
    expectError(await test(hidden.id, { answer: ['A'] }, { token: 'not-a-token', agency: 'demo' }), 401);
    for (const [token, ag] of [
      [student, 'demo'],
      [parent, 'demo'],
      [other, 'other'],
      [other, 'demo'],
      // Staff without naming their agency have no staff rights in context.
      [teacher, undefined],
    ] as const) {
      const r = await test(hidden.id, { answer: ['A'] }, { token, agency: ag });
      expectError(r, 404);
      expect(r.body.response).toBeNull();
    }
    // Unknown and malformed ids answer alike.
    expectError(await test('99999999', { answer: ['A'] }), 401);
    expectError(await test('x1', { answer: ['A'] }, { token: student, agency: 'demo' }), 404);
  });

  it('staff of the agency judge unpublished questions (preview); a withdrawn question is closed again', async () => {
    expect(expectOk(await test(hidden.id, { answer: ['A'] }, { token: teacher, agency: 'demo' })).isCorrect).toBe(true);
    const q = expectOk(await create(single));
    expectOk(await publish(q.id));
    expectOk(await test(q.id, { answer: ['A'] }));
    expectOk(await withdraw(q.id));
    expectError(await test(q.id, { answer: ['A'] }), 401);
    expectError(await test(q.id, { answer: ['A'] }, { token: student, agency: 'demo' }), 404);
  });

  it('staff who must first change their password get only what anyone gets', async () => {
    const mustChange = (v: boolean) =>
      t.db.update(users).set({ mustChangePassword: v }).where(eq(users.username, 'teacher'));
    await mustChange(true);
    try {
      const token = await t.login('teacher');
      expectError(await test(hidden.id, { answer: ['A'] }, { token, agency: 'demo' }), 404);
      expectOk(await test(published.id, { answer: ['A'] }, { token, agency: 'demo' }));
    } finally {
      await mustChange(false);
    }
  });

  it('checks access before the body: 401 beats 400 for a visitor; a published question validates (400)', async () => {
    expectError(await test(hidden.id, { answer: 'A' }), 401);
    const raw = await t.app.inject({
      method: 'POST',
      url: `/v1/exam/question/${hidden.id}/test`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(raw.statusCode).toBe(401);
    expectError(await test(published.id, { answer: 'A' }), 400);
  });
});
