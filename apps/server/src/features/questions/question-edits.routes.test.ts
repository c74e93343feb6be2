// API tests of question edits through app.inject on a real database: versioning with answer records,
// archiving, answer tests with the contract judge, bulk moves.
import type { JudgeResult, Question as Q } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { QuestionsRepository } from './questions.repository.js';
import { VALID, single, questionCalls } from './question-fixtures.test-helper.js';

let t: TestApp;
let agency: string; // edu:agency:demo:admin (author)
let teacher: string; // edu:agency:demo:teacher (reader, not author)
let student: string;
let other: string; // edu:agency:other:admin
let demoRepo: string;

type Page<T> = { total: number; list: T[] };
const { call, list, create } = questionCalls<Q>(
  () => t,
  () => agency,
  () => demoRepo,
);

beforeAll(async () => {
  t = await createTestApp();
  [agency, teacher, student, other] = await Promise.all(
    ['agency', 'teacher', 'student', 'other'].map((u) => t.login(u)),
  );
  const repos = expectOk(await call<Page<{ id: string; name: string }>>('GET', '/v1/exam/repositories', agency));
  demoRepo = repos.list.find((r) => r.name === '演示题库')!.id;
});
afterAll(() => t.close());

describe('editing and versioning', () => {
  const records = () => new QuestionsRepository(t.db);
  let studentId: number;
  beforeAll(async () => {
    const me = expectOk(await t.call<{ user: { id: string } }>('GET', '/v1/auth/me', { token: student }));
    studentId = Number(me.user.id);
  });

  it('updates in place while there are no answer records', async () => {
    const q = expectOk(await create(single));
    const editable = expectOk(await call('GET', `/v1/exam/question/${q.id}/editable`, agency));
    expect(editable).toEqual({ editable: true, willVersion: false, records: 0, version: 1, reason: null });
    const u = expectOk(
      await call<Q>('POST', `/v1/exam/question/${q.id}`, agency, { ...single, title: '新标题', tags: ['模拟题'] }),
    );
    expect(u).toMatchObject({ id: q.id, version: 1, title: '新标题', tags: ['模拟题'] });
    expect(await records().versions(Number(q.id))).toEqual([]);
  });

  it('creates a new version once the question has answer records, keeping the old one', async () => {
    const q = expectOk(await create(single));
    const rec = await records().insertAnswerRecord({ agencyId: 'demo', questionId: Number(q.id), userId: studentId });
    expect(rec.version).toBe(1);
    expect(expectOk(await call('GET', `/v1/exam/question/${q.id}/editable`, agency))).toEqual({
      editable: true,
      willVersion: true,
      records: 1,
      version: 1,
      reason: null,
    });
    const u = expectOk(
      await call<Q>('POST', `/v1/exam/question/${q.id}`, agency, {
        ...single,
        answer: ['B'],
        explanation: '<p>改了</p>',
      }),
    );
    expect(u).toMatchObject({ id: q.id, version: 2, answer: ['B'] });
    const versions = await records().versions(Number(q.id));
    expect(versions.map((v) => v.version)).toEqual([1]);
    expect(versions[0].snapshot).toMatchObject({
      id: q.id,
      version: 1,
      answer: ['A'],
      explanation: '<p>apple 是水果。</p>',
    });
    // Version 2 has no records yet: the next edit changes it in place.
    expect(
      expectOk(await call<Q>('POST', `/v1/exam/question/${q.id}`, agency, { ...single, answer: ['B'] })).version,
    ).toBe(2);
    await records().insertAnswerRecord({ agencyId: 'demo', questionId: Number(q.id), userId: studentId });
    expect(expectOk(await call<Q>('POST', `/v1/exam/question/${q.id}`, agency, single)).version).toBe(3);
    expect((await records().versions(Number(q.id))).map((v) => v.version)).toEqual([1, 2]);
  });

  it('archives a deleted question with records and deletes one without', async () => {
    const a = expectOk(await create(single));
    const b = expectOk(await create(single));
    await records().insertAnswerRecord({ agencyId: 'demo', questionId: Number(a.id), userId: studentId });
    expectOk(await call('DELETE', `/v1/exam/question/${a.id}`, agency));
    expectOk(await call('DELETE', `/v1/exam/question/${b.id}`, agency));
    expectError(await call('GET', `/v1/exam/question/${b.id}`, agency), 404);
    // The archived one stays readable (its records point at it) but leaves lists.
    expect(expectOk(await call<Q>('GET', `/v1/exam/question/${a.id}`, agency)).id).toBe(a.id);
    const ids = expectOk(await list('size=200', { knowledgeIds: ['en.g7.c1.k1.k2'] })).list.map((q) => q.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
  });

  it('validates updates (400), refuses other agencies (404) and non-authors (403)', async () => {
    const q = expectOk(await create(single));
    const bad = await call('POST', `/v1/exam/question/${q.id}`, agency, { ...single, answer: [] });
    expectError(bad, 400);
    expectError(await call('POST', `/v1/exam/question/${q.id}`, other, single, 'other'), 404);
    expectError(await call('GET', `/v1/exam/question/${q.id}/editable`, other, undefined, 'other'), 404);
    expectError(await call('DELETE', `/v1/exam/question/${q.id}`, other, undefined, 'other'), 404);
    expectError(await call('POST', `/v1/exam/question/${q.id}`, teacher, single), 403);
    expectError(await call('POST', '/v1/exam/question/424242', agency, single), 404);
  });
});

describe('POST /v1/exam/question/:id/test', () => {
  const test = (id: string, body: unknown, token = teacher) =>
    call<JudgeResult>('POST', `/v1/exam/question/${id}/test`, token, body);

  it('judges with the contract judge and stores nothing', async () => {
    const sc = expectOk(await create(single));
    expect(expectOk(await test(sc.id, { answer: ['a'] }))).toMatchObject({
      isCorrect: true,
      score: 1,
      standardAnswer: ['A'],
    });
    const wrong = expectOk(await test(sc.id, { answer: ['B'] }));
    expect(wrong).toMatchObject({ isCorrect: false, score: 0, explanation: '<p>apple 是水果。</p>' });
    const fill = expectOk(await create(VALID.fillBlank));
    expect(expectOk(await test(fill.id, { answer: ['had gone', 'Ｆａｓｔ'] }))).toMatchObject({ isCorrect: true });
    expect(expectOk(await test(fill.id, { answer: ['went'] }))).toMatchObject({ isCorrect: false, score: 0.5 });
    const short = expectOk(await create(VALID.shortAnswer));
    expect(expectOk(await test(short.id, { answer: ['x'] }))).toMatchObject({ isCorrect: null, pending: true });
    const reading = expectOk(await create(VALID.enReading));
    const [s1, s2, s3] = reading.questionSub.map((s) => s.questionSubId);
    const r = expectOk(await test(reading.id, { subAnswers: { [s1]: ['B'], [s2]: ['go'], [s3]: ['T'] } }));
    expect(r.score).toBeCloseTo(2 / 3);
    expect(r.subResults).toHaveLength(3);
    expect(await new QuestionsRepository(t.db).recordCount(Number(sc.id))).toBe(0);
  });

  it('refuses bad input (400); unpublished questions are hidden from students and other agencies (404)', async () => {
    const sc = expectOk(await create(single));
    expectError(await test(sc.id, { answer: 'A' }), 400);
    // Not staff: only published questions (question-publication.routes.test.ts).
    expectError(await test(sc.id, { answer: ['A'] }, student), 404);
    expectError(await call('POST', `/v1/exam/question/${sc.id}/test`, other, { answer: ['A'] }, 'other'), 404);
  });
});

describe('POST /v1/exam/questions/move', () => {
  const move = (body: unknown, token = agency, ag = 'demo') =>
    call<{ moved: number }>('POST', '/v1/exam/questions/move', token, body, ag);

  it('moves own questions to a knowledge point and an owned repository', async () => {
    const a = expectOk(await create(single));
    const b = expectOk(await create(single));
    const repo = expectOk(await call<{ id: string }>('PUT', '/v1/exam/repository', agency, { name: '移动目标' }));
    expect(expectOk(await move({ ids: [a.id, b.id], knowledgeId: 'math.g7.c1.k1', repoId: repo.id }))).toEqual({
      moved: 2,
    });
    const moved = expectOk(await call<Q>('GET', `/v1/exam/question/${a.id}`, agency));
    expect(moved).toMatchObject({ knowledgeId: 'math.g7.c1.k1', repoId: repo.id });
  });

  it('refuses foreign or unknown ids (404, nothing moved), unknown points (400), nothing to do (400)', async () => {
    const a = expectOk(await create(single));
    const foreign = expectOk(await list('size=1', {}, other, 'other')).list[0].id;
    const r = await move({ ids: [a.id, foreign], knowledgeId: 'math.g7.c1.k1' });
    expectError(r, 404);
    expect(r.body.errmsg).not.toContain(foreign);
    expect(expectOk(await call<Q>('GET', `/v1/exam/question/${a.id}`, agency)).knowledgeId).toBe('en.g7.c1.k1.k2');
    expectError(await move({ ids: [a.id, 'zz'], knowledgeId: 'math.g7.c1.k1' }), 404);
    expectError(await move({ ids: [a.id], knowledgeId: 'math.g7.c99' }), 400);
    expectError(await move({ ids: [a.id] }), 400);
    expectError(await move({ ids: [] }), 400);
    expectError(await move({ ids: [a.id], repoId: '999999' }), 404);
    expectError(await move({ ids: [a.id], knowledgeId: 'math' }, teacher), 403);
  });
});
