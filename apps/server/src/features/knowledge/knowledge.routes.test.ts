// API tests of the knowledge tree through app.inject on a real database.
import { KnowledgePoint, type KnowledgePoint as Kp } from '@edu/contract';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectError,
  expectOk,
  type TestApp,
  anyString,
  stringContaining,
} from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let student: string;
let agency: string;

const KpList = z.array(KnowledgePoint);
const list = async (token = student) => {
  const r = await t.call<Kp[]>('GET', '/v1/exam/question/knowledgepoints', { token, agency: 'demo' });
  // kpList skips the per-request response parse (hot route): the contract's schema is checked here.
  return KpList.parse(expectOk(r));
};
const create = (body: unknown, token = admin) =>
  t.call<Kp>('PUT', '/v1/exam/question/knowledgepoint', { token, agency: 'demo', body: { request: body } });

beforeAll(async () => {
  t = await createTestApp();
  [admin, student, agency] = await Promise.all([t.login('admin'), t.login('student'), t.login('agency')]);
});
afterAll(() => t.close());

describe('GET /v1/exam/question/knowledgepoints', () => {
  it("answers every point with its parent chain up to the subject and the agency's counts", async () => {
    const points = await list();
    expect(points.length).toBeGreaterThan(80);
    const byCode = new Map(points.map((p) => [p.code, p]));
    const lv2 = byCode.get('en.g7.c1.k1.k1')!;
    // 演示题库 holds three questions on it: an 例题, a 变式题 and one untagged.
    expect(lv2).toMatchObject({
      parentCode: 'en.g7.c1.k1',
      name: '可数名词与不可数名词',
      lv: 'lv2',
      refCount: 3,
      exampleRefCount: 1,
      mockRefCount: 0,
      varRefCount: 1,
    });
    const chain: string[] = [];
    for (let p = lv2.parent; p; p = p.parent) chain.push(`${p.lv}:${p.code}`);
    expect(chain).toEqual(['lv1:en.g7.c1.k1', 'chapter:en.g7.c1', 'grade:en.g7', 'subject:en']);
    expect(byCode.get('en')!.parent).toBeNull();
    // Every point's parentCode exists and appears before it (parents first).
    const seen = new Set<string>();
    for (const p of points) {
      if (p.parentCode) expect(seen.has(p.parentCode), p.code).toBe(true);
      seen.add(p.code);
    }
    expect(new Set(points.map((p) => p.lv))).toEqual(new Set(['subject', 'grade', 'chapter', 'lv1', 'lv2']));
  });

  it('needs a login and an agency header', async () => {
    expectError(await t.call('GET', '/v1/exam/question/knowledgepoints', { agency: 'demo' }), 401);
    const r = await t.call('GET', '/v1/exam/question/knowledgepoints', { token: student });
    expectError(r, 400);
    expect(r.body.response).toEqual({ fields: [{ path: 'X-Agency-Id', message: anyString() }] });
  });
});

describe('GET /v1/exam/question/subjects', () => {
  it('answers the subject points', async () => {
    const r = expectOk(await t.call<Kp[]>('GET', '/v1/exam/question/subjects', { token: student, agency: 'demo' }));
    expect(r.map((p) => [p.code, p.name, p.lv, p.parent])).toEqual([
      ['en', '英语', 'subject', null],
      ['math', '数学', 'subject', null],
    ]);
  });
});

describe('GET /v1/exam/question/knowledgepoints/parent/:id', () => {
  it('answers all descendants of a point, not the point itself', async () => {
    const r = KpList.parse(
      expectOk(
        await t.call<Kp[]>('GET', '/v1/exam/question/knowledgepoints/parent/en.g7.c1', {
          token: student,
          agency: 'demo',
        }),
      ),
    );
    expect(r.map((p) => p.code).sort()).toEqual(
      [
        'en.g7.c1.k1',
        'en.g7.c1.k1.k1',
        'en.g7.c1.k1.k2',
        'en.g7.c1.k2',
        'en.g7.c1.k2.k1',
        'en.g7.c1.k2.k2',
        'en.g7.c1.k3',
        'en.g7.c1.k3.k1',
        'en.g7.c1.k3.k2',
      ].sort(),
    );
    expect(r[0].parent?.parent?.code).toBe('en.g7');
  });

  it('does not mix up prefixes that are not subtrees (math.g1 is not under math.g10)', async () => {
    const r = expectOk(
      await t.call<Kp[]>('GET', '/v1/exam/question/knowledgepoints/parent/math', { token: student, agency: 'demo' }),
    );
    expect(r.every((p) => p.code.startsWith('math.'))).toBe(true);
    expect(r.some((p) => p.code.startsWith('math.g10.'))).toBe(true);
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    expectError(
      await t.call('GET', '/v1/exam/question/knowledgepoints/parent/en.g99', { token: student, agency: 'demo' }),
      404,
    );
    const bad = await t.call('GET', '/v1/exam/question/knowledgepoints/parent/EN..x', {
      token: student,
      agency: 'demo',
    });
    expectError(bad, 400);
    expect(bad.body.response).toEqual({ fields: [{ path: 'id', message: '知识点编码格式不正确' }] });
  });
});

describe('PUT /v1/exam/question/knowledgepoint', () => {
  it('creates children with server-assigned codes per level', async () => {
    const lv3 = expectOk(await create({ parent: 'en.g7.c1.k1.k1', name: '不可数名词的量' }));
    expect(lv3).toMatchObject({
      code: 'en.g7.c1.k1.k1.k1',
      parentCode: 'en.g7.c1.k1.k1',
      lv: 'lv3',
      sort: 1,
      refCount: 0,
    });
    expect(lv3.parent?.code).toBe('en.g7.c1.k1.k1');
    const lv4 = expectOk(await create({ parent: lv3.code, name: 'a piece of' }));
    expect(lv4).toMatchObject({ code: 'en.g7.c1.k1.k1.k1.k1', lv: 'lv4' });
    const chapter = expectOk(await create({ parent: 'en.g7', name: '听力' }));
    expect(chapter).toMatchObject({ code: 'en.g7.c5', lv: 'chapter', sort: 5 });
    const grade = expectOk(await create({ parent: 'en', name: '高一' }));
    expect(grade).toMatchObject({ code: 'en.g10', lv: 'grade' });
    const subject = expectOk(await create({ name: '物理' }));
    expect(subject).toMatchObject({ code: 's1', parentCode: null, lv: 'subject', parent: null });
    expect(expectOk(await create({ parent: null, name: '化学' })).code).toBe('s2');
    // The new points are in the list.
    const codes = new Set((await list()).map((p) => p.code));
    for (const c of [lv3.code, lv4.code, chapter.code, grade.code, 's1', 's2']) expect(codes.has(c), c).toBe(true);
  });

  it('never reuses the code of a deleted point', async () => {
    const a = expectOk(await create({ parent: 'math.g9.c2', name: '临时知识点' }));
    expect(a.code).toBe('math.g9.c2.k3');
    expectOk(await t.call('DELETE', `/v1/exam/question/knowledgepoint/${a.code}`, { token: admin }));
    expect(expectOk(await create({ parent: 'math.g9.c2', name: '另一个知识点' })).code).toBe('math.g9.c2.k4');
  });

  it('gives concurrent creations under one parent distinct codes', async () => {
    const rs = await Promise.all([1, 2, 3, 4, 5].map((i) => create({ parent: 'math.g8.c3', name: `并发 ${i}` })));
    const codes = rs.map((r) => expectOk(r).code);
    expect(new Set(codes).size).toBe(5);
  });

  it('refuses below lv4 (400), an unknown parent (400), a duplicate sibling name (409) and bad input (400)', async () => {
    const deep = expectOk(await create({ parent: 'math.g7.c1.k4.k1', name: 'lv3' }));
    const lv4 = expectOk(await create({ parent: deep.code, name: 'lv4' }));
    const before = await list();
    const tooDeep = await create({ parent: lv4.code, name: 'lv5' });
    expectError(tooDeep, 400);
    expect(tooDeep.body.response).toEqual({ fields: [{ path: 'request.parent', message: stringContaining('lv4') }] });
    expectError(await create({ parent: 'math.g99', name: 'x' }), 400);
    const dup = await create({ parent: 'en.g7.c1', name: '名词' });
    expectError(dup, 409);
    expect(dup.body.errmsg).toContain('同名');
    expectError(await create({ name: '英语' }), 409);
    const empty = await create({ parent: 'en.g7', name: '   ' });
    expectError(empty, 400);
    expect(empty.body.response).toEqual({ fields: [{ path: 'request.name', message: '请输入知识点名称' }] });
    expectError(await t.call('PUT', '/v1/exam/question/knowledgepoint', { token: admin, body: { parent: 'en' } }), 400);
    expect(await list()).toEqual(before);
  });

  it('is for knowledge admins only', async () => {
    expectError(await create({ parent: 'en', name: 'x' }, agency), 403);
    expectError(await create({ parent: 'en', name: 'x' }, student), 403);
    expectError(await t.call('PUT', '/v1/exam/question/knowledgepoint', { body: { request: { name: 'x' } } }), 401);
  });
});

describe('POST /v1/exam/question/knowledgepoint/:id', () => {
  it('renames a point', async () => {
    const r = expectOk(
      await t.call<Kp>('POST', '/v1/exam/question/knowledgepoint/en.g7.c3.k2', {
        token: admin,
        body: { request: { name: '主旨大意与标题' } },
      }),
    );
    expect(r).toMatchObject({ code: 'en.g7.c3.k2', name: '主旨大意与标题', lv: 'lv1' });
    expect((await list()).find((p) => p.code === 'en.g7.c3.k2')?.name).toBe('主旨大意与标题');
    // The same name again is not a conflict with itself.
    expectOk(
      await t.call('POST', '/v1/exam/question/knowledgepoint/en.g7.c3.k2', {
        token: admin,
        body: { request: { name: '主旨大意与标题' } },
      }),
    );
  });

  it('answers 404 for an unknown code, 409 for a sibling name, 403 without the role', async () => {
    expectError(
      await t.call('POST', '/v1/exam/question/knowledgepoint/en.g7.c77', {
        token: admin,
        body: { request: { name: 'x' } },
      }),
      404,
    );
    expectError(
      await t.call('POST', '/v1/exam/question/knowledgepoint/en.g7.c3.k1', {
        token: admin,
        body: { request: { name: '主旨大意与标题' } },
      }),
      409,
    );
    expectError(
      await t.call('POST', '/v1/exam/question/knowledgepoint/en.g7.c3.k1', {
        token: agency,
        body: { request: { name: 'y' } },
      }),
      403,
    );
    expect((await list()).find((p) => p.code === 'en.g7.c3.k1')?.name).toBe('细节理解');
  });
});

describe('DELETE /v1/exam/question/knowledgepoint/:id', () => {
  it('deletes a leaf', async () => {
    // Every seeded leaf has demo questions (each graph item can be practised): a leaf of its own.
    const { code } = expectOk(await create({ parent: 'en.g9.c1', name: '待删除的知识点' }));
    expectOk(await t.call('DELETE', `/v1/exam/question/knowledgepoint/${code}`, { token: admin }));
    expect((await list()).some((p) => p.code === code)).toBe(false);
    expectError(await t.call('DELETE', `/v1/exam/question/knowledgepoint/${code}`, { token: admin }), 404);
  });

  it('refuses a point with children (409 saying why) and deletes nothing', async () => {
    const before = await list();
    const r = await t.call('DELETE', '/v1/exam/question/knowledgepoint/en.g7', { token: admin });
    expectError(r, 409);
    expect(r.body.errmsg).toMatch(/还有 \d+ 个子知识点/);
    expect(await list()).toEqual(before);
  });

  it('is for knowledge admins only', async () => {
    expectError(await t.call('DELETE', '/v1/exam/question/knowledgepoint/en.g8.c2.k2', { token: agency }), 403);
    expectError(await t.call('DELETE', '/v1/exam/question/knowledgepoint/en.g8.c2.k2'), 401);
    expect((await list()).some((p) => p.code === 'en.g8.c2.k2')).toBe(true);
  });
});
