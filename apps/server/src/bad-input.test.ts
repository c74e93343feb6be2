// Bad input answers 400/409/413 in the envelope, never 500, and changes nothing (docs/server.md "Input"):
// text no database can store (U+0000, lone surrogates) wherever it comes in, JSON the parser refuses, paths
// the router refuses, and the same unique thing created by ten requests at once.
import type { Scheme, Training } from '@edu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from './db/schema.js';
import { createTestBank, generalScheme, schemeCalls } from './features/schemes/scheme-fixtures.test-helper.js';
import { BAD_TEXT_MESSAGE } from './lib/input-hygiene.js';
import { createTestApp, expectError, expectOk, type CallOptions, type TestApp } from './test/test-app.js';

let t: TestApp;
let admin: string;
let student: string;
let agencyAdmin: string;
const call = schemeCalls(() => t);

beforeAll(async () => {
  t = await createTestApp({
    // No built web app: the static files' wildcard would otherwise take long GET paths (below), and whether
    // apps/web/dist exists depends on what ran before this test.
    config: { webDist: '/nonexistent/edu-web-dist' },
    // Routes that reach the database with what the client sent, as a feature that forgot a check would:
    // they prove the shared mapping of the database's own refusals.
    extraRoutes: (app) => {
      app.post('/test/raw-tag', async (request) => {
        const { name } = request.body as { name: string };
        await t.db.insert(tags).values({ agencyId: 'demo', name });
        return { ok: true };
      });
      app.post('/test/raw-cast', async (request) => {
        const { value } = request.body as { value: string };
        await t.db.execute(sql`select ${value}::int`);
        return { ok: true };
      });
    },
  });
  admin = await t.login('admin');
  student = await t.login('student');
  agencyAdmin = await t.login('agency');
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';

/** 400 whose first field is `path` and says why. */
function expectBadText(r: Awaited<ReturnType<TestApp['call']>>, path: string) {
  expectError(r, 400);
  expect(r.body.response).toEqual({ fields: [{ path, message: BAD_TEXT_MESSAGE }] });
  expect(r.body.errmsg).toContain(BAD_TEXT_MESSAGE);
}

describe('U+0000 and lone surrogates', () => {
  it('in the login body: 400 naming the field, for username and password', async () => {
    for (const [username, password, path] of [
      [NUL, 'edu-demo-2026', 'request.username'],
      [LONE, 'edu-demo-2026', 'request.username'],
      ['student', NUL, 'request.password'],
      ['student', '\udfff', 'request.password'],
    ]) {
      expectBadText(await t.call('POST', '/v1/auth/login', { body: { request: { username, password } } }), path);
    }
  });

  it('sent as JSON escapes (\\u0000, \\ud800), as a careless client writes them', async () => {
    for (const escaped of ['\\u0000', '\\ud800', 'a\\udc00']) {
      const r = await t.call('POST', '/v1/auth/login', {
        headers: { 'content-type': 'application/json' },
        body: `{"request":{"username":"${escaped}","password":"edu-demo-2026"}}`,
      });
      expectBadText(r, 'request.username');
    }
  });

  it('in an object key: the key is named (its bad characters shown as U+FFFD)', async () => {
    const r = await t.call('POST', '/v1/auth/login', {
      body: { request: { username: 'student', password: 'edu-demo-2026', ['k\u0000']: 1 } },
    });
    expectBadText(r, 'request.k\ufffd');
  });

  it('in a file id: %00 and a percent-encoded lone surrogate answer 400 in the envelope', async () => {
    expectBadText(await t.call('GET', '/v1/files/ab%00cd'), 'id');
    // %ED%A0%80 is U+D800 in the form a WTF-8 client sends; the router itself refuses to decode it.
    const r = await t.call('GET', '/v1/files/ab%ED%A0%80cd');
    expectError(r, 400);
    expect(r.body.response).toEqual({ fields: [{ path: 'path', message: '请求路径包含无效的编码或字符' }] });
    expectError(await t.call('GET', '/v1/files/ab%zz'), 400);
  });

  it('in a query string', async () => {
    expectBadText(await t.call('GET', '/v1/agencies?keyword=%00', { token: admin }), 'keyword');
  });

  it('in the headers the app reads (token, agency)', async () => {
    expectBadText(
      await t.call('GET', '/v1/auth/me', { headers: { authorization: `Bearer ${LONE}` } }),
      'Authorization',
    );
    expectBadText(await t.call('GET', '/v1/exam/tags', { token: admin, agency: 'de\udc00mo' }), 'X-Agency-Id');
    // A public route looks neither up, so it does not check them either.
    const health = await t.call('GET', '/v1/health', { headers: { authorization: `Bearer ${LONE}` } });
    expect(health.status).toBe(200);
  });

  it('in an answer: nothing is stored', async () => {
    const on = { token: student, agency: 'demo' } satisfies CallOptions;
    const bank = await createTestBank(t, admin, agencyAdmin);
    const scheme = expectOk(await call<Scheme>('PUT', '/v1/train/scheme', agencyAdmin, generalScheme(bank)));
    expectOk(await call('POST', `/v1/train/scheme/${scheme.schemeId}/on`, agencyAdmin));
    const training = expectOk(await call<Training>('PUT', `/v1/train/scheme/${scheme.schemeId}/start`, student));
    const questionId = training.question!.id;
    for (const [answer, path] of [
      [[NUL], 'request.answer.0'],
      [[LONE], 'request.answer.0'],
    ] as const) {
      const r = await t.call('POST', `/v1/train/${training.trainId}/answer`, {
        ...on,
        body: { request: { clientAnswerId: 'fuzz-answer-1', questionId, answer } },
      });
      expectBadText(r, path);
    }
    const records = expectOk(await t.call<unknown[]>('GET', `/v1/train/${training.trainId}/questions`, on));
    expect(records).toEqual([]);
  });
});

describe("Fastify's JSON parser and router", () => {
  const json = (body: string): CallOptions => ({ headers: { 'content-type': 'application/json' }, body });

  it('invalid JSON → 400 naming the body', async () => {
    const r = await t.call('POST', '/v1/auth/login', json('{"request":'));
    expectError(r, 400);
    expect(r.body.response).toEqual({ fields: [{ path: 'body', message: '请求体不是有效的 JSON' }] });
  });

  it('a body carrying __proto__ → 400, never merged into anything', async () => {
    const r = await t.call('POST', '/v1/auth/login', json('{"request":{"__proto__":{"isAdmin":true}}}'));
    expectError(r, 400);
    expect(r.body.response).toEqual({ fields: [{ path: 'body', message: '请求体不是有效的 JSON' }] });
  });

  it('JSON nested 100,000 deep → 400, too deep', async () => {
    const r = await t.call('POST', '/v1/auth/login', json('['.repeat(100_000) + ']'.repeat(100_000)));
    expectError(r, 400);
    expect(r.body.errmsg).toContain('嵌套层级过深');
  });

  it('a body over the limit → 413', async () => {
    const r = await t.call('POST', '/v1/auth/login', json(JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) })));
    expectError(r, 413);
  });

  it('a path parameter longer than the router takes → 400 in the envelope', async () => {
    const r = await t.call('POST', `/v1/agency/${'a'.repeat(500)}`, { token: admin, body: { request: {} } });
    expectError(r, 400);
    expect(r.body.errmsg).toContain('参数过长');
    const get = await t.call('GET', `/v1/files/${'a'.repeat(500)}`);
    expectError(get, 400);
  });
});

describe("the database's own refusals, when no feature check caught them", () => {
  it('a unique violation → 409 with a Chinese message, and the first row stays', async () => {
    expect((await t.call('POST', '/test/raw-tag', { body: { name: '重复标签' } })).status).toBe(200);
    const r = await t.call('POST', '/test/raw-tag', { body: { name: '重复标签' } });
    expectError(r, 409);
    expect(r.body.errmsg).toContain('重复');
  });

  it('a value its column type cannot read → 400', async () => {
    const r = await t.call('POST', '/test/raw-cast', { body: { value: 'abc' } });
    expectError(r, 400);
    expect(r.body.errmsg).toBe('请求参数格式不正确');
  });
});

describe('ten requests creating the same thing at once: one 200, nine 409 saying why', () => {
  const race = async (method: 'PUT' | 'POST', url: string, body: unknown, o: CallOptions = {}) => {
    const rs = await Promise.all(
      Array.from({ length: 10 }, () => t.call(method, url, { token: admin, agency: 'demo', ...o, body })),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    return rs.filter((r) => r.status === 409).map((r) => r.body.errmsg);
  };

  it('a subject (a knowledge point without parent)', async () => {
    const msgs = await race('PUT', '/v1/exam/question/knowledgepoint', { request: { name: '并发学科' } });
    expect(new Set(msgs)).toEqual(new Set(['同名学科已存在']));
  });

  it('a knowledge point under a parent', async () => {
    const msgs = await race('PUT', '/v1/exam/question/knowledgepoint', {
      request: { parent: 'en', name: '并发知识点' },
    });
    expect(new Set(msgs)).toEqual(new Set(['同一上级下已有同名知识点，请换一个名称']));
  });

  it('a tag', async () => {
    const msgs = await race('PUT', '/v1/exam/tag', { request: { name: '并发标签' } }, { token: agencyAdmin });
    expect(new Set(msgs)).toEqual(new Set(['已有名为“并发标签”的标签']));
  });

  it('an agency', async () => {
    const msgs = await race('PUT', '/v1/agency', { request: { id: 'race-agency', name: '并发机构' } });
    expect(new Set(msgs)).toEqual(new Set(['机构标识 race-agency 已被使用']));
  });
});
