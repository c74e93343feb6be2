// API tests of the question bank through app.inject on a real database: create/read/update/delete per
// type, answer secrecy, subtree lists and keyword search, selectors, versioning, tests, bulk moves,
// foreign agencies and repositories used by reference.
import { Question, type Question as Q } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { INVALID, VALID, single, questionCalls } from './question-fixtures.test-helper.js';
import { XSS_CORPUS } from './xss-corpus.js';
import { OTHER_QUESTIONS, OTHER_SHARED_QUESTIONS } from '../../seed/seed-questions.js';

let t: TestApp;
let agency: string; // edu:agency:demo:admin (author)
let teacher: string; // edu:agency:demo:teacher (reader, not author)
let student: string;
let parent: string;
let homework: string; // edu:homework:teacher
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
  [agency, teacher, student, parent, other, homework] = await Promise.all(
    ['agency', 'teacher', 'student', 'parent', 'other', 'tutor'].map((u) => t.login(u)),
  );
  const repos = expectOk(await call<Page<{ id: string; name: string }>>('GET', '/v1/exam/repositories', agency));
  demoRepo = repos.list.find((r) => r.name === '演示题库')!.id;
});
afterAll(() => t.close());

describe('PUT /v1/exam/question (create)', () => {
  it.each(Object.entries(VALID))('creates a %s question with version 1, tags and a formatted stem', async (type, f) => {
    const q = Question.parse(expectOk(await create(f)));
    expect(q).toMatchObject({ type, version: 1, agencyId: 'demo', repoId: demoRepo, knowledgeId: 'en.g7.c1.k1.k2' });
    expect(q.knowledgePoint).toMatchObject({ code: 'en.g7.c1.k1.k2', name: '名词所有格', lv: 'lv2' });
    expect(q.tags).toEqual(['例题', '测试标签']);
    expect(q.question).toMatch(/<span class="word" id="w-[0-9a-z]+-0">Which one is a fruit\?<\/span>/);
    if (type === 'enReading') {
      expect(q.questionSub).toHaveLength(3);
      expect(new Set(q.questionSub.map((s) => s.questionSubId)).size).toBe(3);
      expect(q.questionSub.every((s) => s.status === 'accepted')).toBe(true);
    }
  });

  it.each(INVALID)('refuses a broken %s question with 400 naming the field', async (_, f, path) => {
    const r = await create(f);
    expectError(r, 400);
    const fields = (r.body.response as unknown as { fields: { path: string }[] }).fields.map((x) => x.path);
    expect(fields).toContain(path);
  });

  it('refuses unknown knowledge points (400), foreign or unknown repositories (404), agencyId ≠ header (400)', async () => {
    const unknownKp = await create({ ...single, knowledgeId: 'en.g7.c99', subKnowledgePoints: ['math', 'math.g99'] });
    expectError(unknownKp, 400);
    expect(unknownKp.body.response).toEqual({
      fields: [
        { path: 'request.knowledgeId', message: '知识点不存在' },
        { path: 'request.subKnowledgePoints.1', message: '关联知识点不存在' },
      ],
    });
    const otherRepos = expectOk(
      await call<Page<{ id: string }>>('GET', '/v1/exam/repositories', other, undefined, 'other'),
    );
    expectError(await create({ ...single, repoId: otherRepos.list[0].id }), 404);
    expectError(await create({ ...single, repoId: '999999' }), 404);
    expectError(await create({ ...single, repoId: 'abc' }), 404);
    const mismatch = await create({ ...single, agencyId: 'other' });
    expectError(mismatch, 400);
    expect(mismatch.body.response).toEqual({
      fields: [{ path: 'request.agencyId', message: expect.any(String) as string }],
    });
  });

  it('is for authors: a teacher or student gets 403, a visitor 401', async () => {
    expectError(await create(single, teacher), 403);
    expectError(await create(single, student), 403);
    expectError(await t.call('PUT', '/v1/exam/question', { agency: 'demo', body: { request: single } }), 401);
  });

  it('sanitises every HTML field: no payload of the XSS corpus survives the API', async () => {
    // Payloads with U+0000 never reach the sanitiser: the input boundary refuses them (400, nothing stored).
    const withNul = XSS_CORPUS.filter((x) => x.includes('\u0000'));
    expect(withNul.length).toBeGreaterThan(0);
    expectError(await create({ ...single, explanation: withNul.join('\n') }), 400);
    const payload = XSS_CORPUS.filter((x) => !withNul.includes(x)).join('\n');
    const q = expectOk(
      await create({
        ...single,
        question: `<p>Stem.</p>${payload}`,
        explanation: payload,
        options: [
          { key: 'A', content: `apple${XSS_CORPUS[0]}` },
          { key: 'B', content: '<img src=x onerror=alert(1)>desk' },
        ],
      }),
    );
    const all = JSON.stringify([q.question, q.explanation, q.options]);
    expect(all).not.toMatch(
      /<script|<iframe|<svg|<math|<object|<embed|<meta|<style|<link|<base|<form|\son\w+=|javascript:|srcdoc/i,
    );
    expect(q.options).toEqual([
      { key: 'A', content: 'apple' },
      { key: 'B', content: 'desk' },
    ]);
    // A stem made only of unsafe content is empty once cleaned.
    const empty = await create({ ...single, question: '<script>alert(1)</script>' });
    expectError(empty, 400);
    expect(empty.body.response).toEqual({
      fields: [{ path: 'request.question', message: expect.any(String) as string }],
    });
  });
});

describe('GET /v1/exam/question/:id', () => {
  let id: string;
  beforeAll(async () => {
    id = expectOk(await create(VALID.enReading)).id;
  });

  it('answers staff the full question, with answers and explanations', async () => {
    for (const token of [agency, teacher]) {
      const q = Question.parse(expectOk(await call<Q>('GET', `/v1/exam/question/${id}`, token)));
      expect(q.explanation).toContain('apple');
      expect(q.questionSub[0].answer).toEqual(['B']);
    }
  });

  it('answers 404 to students, parents and homework teachers: they read questions only through their trainings', async () => {
    for (const token of [student, parent, homework]) {
      const r = await call<Record<string, unknown>>('GET', `/v1/exam/question/${id}`, token);
      expectError(r, 404);
      // The same answer as for an unknown id: nothing tells that the id exists.
      expect(r.body).toEqual((await call('GET', '/v1/exam/question/99999999', token)).body);
      expect(JSON.stringify(r.body)).not.toContain('Reading');
    }
  });

  it("answers 404 for another agency's question, an unknown id and a malformed one", async () => {
    expectError(await call('GET', `/v1/exam/question/${id}`, other, undefined, 'other'), 404);
    expectError(await call('GET', '/v1/exam/question/99999999', agency), 404);
    expectError(await call('GET', '/v1/exam/question/x1', agency), 404);
  });
});

describe('POST /v1/exam/question/list', () => {
  it('pages the subtree of the knowledge points, newest first, with a stable order', async () => {
    const all = expectOk(await list('start=0&size=200', { knowledgeIds: ['en.g7'] }));
    expect(all.total).toBeGreaterThan(20);
    expect(all.list.every((q) => q.knowledgeId.startsWith('en.g7.'))).toBe(true);
    const times = all.list.map((q) => q.lastUpdate);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const p1 = expectOk(await list('start=0&size=5', { knowledgeIds: ['en.g7'] }));
    const p2 = expectOk(await list('start=5&size=5', { knowledgeIds: ['en.g7'] }));
    expect([...p1.list, ...p2.list].map((q) => q.id)).toEqual(all.list.slice(0, 10).map((q) => q.id));
    const asc = expectOk(await list('size=200', { knowledgeIds: ['en.g7'], orderBy: 'createTime' }));
    expect(asc.list.map((q) => q.id).sort()).toEqual(all.list.map((q) => q.id).sort());
  });

  it('matches whole subtrees only (math.g1 is not a prefix of math.g10)', async () => {
    const g10 = expectOk(await list('size=200', { knowledgeIds: ['math.g10'] }));
    expect(g10.total).toBeGreaterThan(0);
    expect(g10.list.every((q) => q.knowledgeId === 'math.g10' || q.knowledgeId.startsWith('math.g10.'))).toBe(true);
    const both = expectOk(await list('size=200', { knowledgeIds: ['math.g10', 'math.g9.c1'] }));
    expect(both.total).toBeGreaterThan(g10.total);
    const leaf = expectOk(await list('size=200', { knowledgeIds: ['math.g7.c1.k3'] }));
    expect(leaf.list.every((q) => q.knowledgeId === 'math.g7.c1.k3')).toBe(true);
  });

  it('filters by type, tag, repository and keyword (pg_trgm)', async () => {
    const reading = expectOk(await list('type=enReading&size=200'));
    expect(reading.total).toBeGreaterThan(3);
    expect(reading.list.every((q) => q.type === 'enReading')).toBe(true);
    const variant = expectOk(await list('tag=变式题&size=200'));
    expect(variant.total).toBeGreaterThan(3);
    expect(variant.list.every((q) => q.tags.includes('变式题'))).toBe(true);
    expect(expectOk(await list('tag=variant&size=200')).total).toBe(variant.total);
    const kw = expectOk(await list('keyword=bamboo&size=200'));
    expect(kw.list.map((q) => q.title)).toContain('Bamboo');
    expect(expectOk(await list('keyword=配方法')).total).toBeGreaterThan(0);
    expect(expectOk(await list('keyword=%25_%25')).total).toBe(0);
    expect(expectOk(await list(`repoId=${demoRepo}&size=1`)).total).toBeGreaterThan(60);
    expectError(await list('repoId=99999'), 404);
  });

  it('validates the query (400 naming the field) and agencyId against the header', async () => {
    for (const [query, path] of [
      ['size=0', 'size'],
      ['size=201', 'size'],
      ['start=-1', 'start'],
      ['type=essay', 'type'],
    ]) {
      const r = await list(query);
      expectError(r, 400);
      expect((r.body.response as unknown as { fields: { path: string }[] }).fields[0].path).toBe(path);
    }
    expectError(await list('size=1', { knowledgeIds: ['BAD CODE'] }), 400);
    expectError(await list('size=1', { orderBy: 'title' }), 400);
    expectOk(await list('agencyId=demo&size=1'));
    const r = await list('agencyId=other&size=1');
    expectError(r, 400);
    expect(r.body.response).toEqual({ fields: [{ path: 'agencyId', message: expect.any(String) as string }] });
  });

  it("never lists another agency's questions; readers only (students 403)", async () => {
    const mine = expectOk(await list('size=200', {}, other, 'other'));
    expect(mine.list.every((q) => q.agencyId === 'other')).toBe(true);
    expect(mine.total).toBe(OTHER_QUESTIONS.length + OTHER_SHARED_QUESTIONS.length);
    expectError(await list('size=1', {}, student), 403);
    expectOk(await list('size=1', {}, teacher));
  });
});

describe('POST /v1/exam/question/match/selectors', () => {
  const match = (body: unknown, query = 'size=200') =>
    call<Page<Q>>('POST', `/v1/exam/question/match/selectors?${query}`, teacher, body);

  it('draws from the knowledge subtrees, of the types, with any of the tags', async () => {
    const r = expectOk(
      await match({
        knowledgeIds: ['en.g8'],
        selectors: { types: ['singleChoice', 'fillBlank'], tags: ['example', '变式题'] },
      }),
    );
    expect(r.total).toBeGreaterThan(2);
    for (const q of r.list) {
      expect(q.knowledgeId.startsWith('en.g8.')).toBe(true);
      expect(['singleChoice', 'fillBlank']).toContain(q.type);
      expect(q.tags.some((x) => x === '例题' || x === '变式题')).toBe(true);
    }
    expect(expectOk(await match({ knowledgeIds: [], selectors: {} })).total).toBeGreaterThan(60);
  });

  it('answers a fixed list of question ids in the given order, leaving out foreign ones', async () => {
    const some = expectOk(await list('size=3')).list.map((q) => q.id);
    const foreign = expectOk(await list('size=1', {}, other, 'other')).list[0].id;
    const ids = [some[2], foreign, some[0], some[1]];
    const r = expectOk(await match({ knowledgeIds: [], selectors: { questionIds: ids } }));
    expect(r.list.map((q) => q.id)).toEqual([some[2], some[0], some[1]]);
    expect(
      expectOk(await match({ knowledgeIds: [], selectors: { questionIds: ids } }, 'start=1&size=1')).list.map(
        (q) => q.id,
      ),
    ).toEqual([some[0]]);
  });

  it('refuses bad selectors (400) and students (403)', async () => {
    expectError(await match({ knowledgeIds: [], selectors: { types: ['essay'] } }), 400);
    expectError(await match({ knowledgeIds: ['x y'], selectors: {} }), 400);
    expectError(
      await call('POST', '/v1/exam/question/match/selectors', student, { knowledgeIds: [], selectors: {} }),
      403,
    );
  });
});
