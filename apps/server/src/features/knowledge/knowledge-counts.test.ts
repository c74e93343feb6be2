// Knowledge-point counts from the question bank: per agency, over whole subtrees, with the system tags;
// and a point that questions use cannot be deleted.
import type { KnowledgePoint, Question } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let teacher: string;
let other: string;
let admin: string;
let agency: string;

const points = async (token: string, ag: string) =>
  expectOk(await t.call<KnowledgePoint[]>('GET', '/v1/exam/question/knowledgepoints', { token, agency: ag }));
const questions = async (token: string, ag: string) =>
  expectOk(
    await t.call<{ total: number; list: Question[] }>('POST', '/v1/exam/question/list?size=200', {
      token,
      agency: ag,
      body: { request: {} },
    }),
  );

/** The counts the bank implies, computed from the question list. */
function expected(code: string, qs: Question[]) {
  const inTree = qs.filter((q) => q.knowledgeId === code || q.knowledgeId.startsWith(`${code}.`));
  const tagged = (name: string) => inTree.filter((q) => q.tags.includes(name)).length;
  return {
    refCount: inTree.length,
    exampleRefCount: tagged('例题'),
    mockRefCount: tagged('模拟题'),
    varRefCount: tagged('变式题'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  [teacher, other, admin, agency] = await Promise.all(['teacher', 'other', 'admin', 'agency'].map((u) => t.login(u)));
});
afterAll(() => t.close());

describe('knowledge-point counts', () => {
  it('equal the questions of the agency in each subtree, with the system tags, for every point', async () => {
    for (const [token, ag] of [
      [teacher, 'demo'],
      [other, 'other'],
    ] as const) {
      const qs = await questions(token, ag);
      expect(qs.total).toBeLessThan(200);
      const kps = await points(token, ag);
      for (const p of kps)
        expect({ code: p.code, ...expected(p.code, qs.list) }).toEqual({
          code: p.code,
          refCount: p.refCount,
          exampleRefCount: p.exampleRefCount,
          mockRefCount: p.mockRefCount,
          varRefCount: p.varRefCount,
        });
      const en = kps.find((p) => p.code === 'en')!;
      if (ag === 'demo') {
        expect(en.refCount).toBeGreaterThan(30);
        expect(en.exampleRefCount).toBeGreaterThan(5);
        expect(en.mockRefCount).toBeGreaterThan(3);
        expect(en.varRefCount).toBeGreaterThan(3);
      }
    }
  });

  it('refuses to delete a point that questions use (409), deleting nothing', async () => {
    const r = await t.call('DELETE', '/v1/exam/question/knowledgepoint/math.g10.c2.k2', { token: admin });
    expectError(r, 409);
    expect(r.body.errmsg).toMatch(/已被 \d+ 道题目引用/);
    expect((await points(teacher, 'demo')).some((p) => p.code === 'math.g10.c2.k2')).toBe(true);
  });

  it('moves with the questions: a new question counts at once, on its point and every ancestor', async () => {
    const before = (await points(teacher, 'demo')).find((p) => p.code === 'math.g10')!;
    const repoId = expectOk(
      await t.call<{ list: { id: string }[] }>('GET', '/v1/exam/repositories', { token: agency, agency: 'demo' }),
    ).list[0].id;
    expectOk(
      await t.call('PUT', '/v1/exam/question', {
        token: agency,
        agency: 'demo',
        body: {
          request: {
            agencyId: 'demo',
            repoId,
            type: 'trueFalse',
            judgeType: 'auto',
            question: '<p>空集是任何集合的子集。</p>',
            knowledgeId: 'math.g10.c1.k1',
            answer: ['T'],
            tags: ['mock-tag', '模拟题'],
          },
        },
      }),
    );
    const after = (await points(teacher, 'demo')).find((p) => p.code === 'math.g10')!;
    expect(after.refCount - before.refCount).toBe(1);
    expect(after.mockRefCount - before.mockRefCount).toBe(1);
    expect(after.exampleRefCount).toBe(before.exampleRefCount);
  });
});
