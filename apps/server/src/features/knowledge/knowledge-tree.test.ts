// The web's compact tree (docs/performance.md "Knowledge tree"): the same points as the spec call in
// `[code, name]` pairs, a strong ETag, 304 on If-None-Match without reading the database, evicted by
// every write of the tree, and subtrees on demand.
import { KnowledgePoint, KnowledgeTreeCompact, expandKnowledgeTree, type KnowledgePoint as Kp } from '@edu/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, student] = await Promise.all([t.login('admin'), t.login('student')]);
});
afterAll(() => t.close());

const tree = (query = '', headers: Record<string, string> = {}) =>
  t.call<KnowledgeTreeCompact>('GET', `/v1/exam/question/knowledgepoints/tree${query}`, {
    token: student,
    agency: 'demo',
    headers,
  });

describe('GET /v1/exam/question/knowledgepoints/tree', () => {
  it('holds every point of the spec call, in its order, with the parent and level the code implies', async () => {
    const full = z
      .array(KnowledgePoint)
      .parse(
        expectOk(await t.call<Kp[]>('GET', '/v1/exam/question/knowledgepoints', { token: student, agency: 'demo' })),
      );
    const compact = KnowledgeTreeCompact.parse(expectOk(await tree()));
    expect(compact.length).toBe(full.length);
    expect(compact[0]).toEqual(['en', '英语']);
    const brief = expandKnowledgeTree(compact);
    expect(brief.map(({ code, parentCode, name, lv }) => ({ code, parentCode, name, lv }))).toEqual(
      full.map(({ code, parentCode, name, lv }) => ({ code, parentCode, name, lv })),
    );
    // Each point's children come in the spec call's `sort` order.
    const childrenInOrder = (points: { code: string; parentCode: string | null; sort: number }[]) => {
      const byParent = new Map<string, string[]>();
      for (const p of [...points].sort((x, y) => x.sort - y.sort || x.code.localeCompare(y.code)))
        byParent.set(String(p.parentCode), [...(byParent.get(String(p.parentCode)) ?? []), p.code]);
      return Object.fromEntries(byParent);
    };
    expect(childrenInOrder(brief)).toEqual(childrenInOrder(full));
  });

  it('sends a strong ETag and answers its If-None-Match 304 with no body, until a write changes the tree', async () => {
    const first = await tree();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await tree('', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await tree('', { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);

    // A change behind the server's back is not seen: the answer comes from the cache, not the database.
    await t.db.execute(sql`update knowledge_points set name = '名词（改）' where code = 'en.g7.c1'`);
    expect((await tree('', { 'if-none-match': etag })).status).toBe(304);

    // A write through the API evicts it: the next answer is new, with another ETag.
    expectOk(
      await t.call('POST', '/v1/exam/question/knowledgepoint/en.g7.c1', {
        token: admin,
        body: { request: { name: '名词（新）' } },
      }),
    );
    const changed = await tree('', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(expectOk(changed)).toContainEqual(['en.g7.c1', '名词（新）']);

    const created = expectOk(
      await t.call<Kp>('PUT', '/v1/exam/question/knowledgepoint', {
        token: admin,
        body: { request: { parent: 'en.g7.c1', name: '新增的点' } },
      }),
    );
    expect(expectOk(await tree())).toContainEqual([created.code, '新增的点']);
    expectOk(await t.call('DELETE', `/v1/exam/question/knowledgepoint/${created.code}`, { token: admin }));
    expect(expectOk(await tree()).some(([code]) => code === created.code)).toBe(false);
  });

  it('sends the tree compressed once per encoding: the same brotli or gzip bytes to every client', async () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/v1/exam/question/knowledgepoints/tree',
        headers: {
          authorization: `Bearer ${student}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await get();
    const br1 = await get('gzip, deflate, br');
    const br2 = await get('br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br1.headers['content-encoding']).toBe('br');
    expect(br1.headers.vary).toMatch(/accept-encoding/i);
    expect(br1.rawPayload.equals(br2.rawPayload)).toBe(true);
    expect(br1.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br1.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gz = await get('gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('answers one point and its subtree on demand; 404 for an unknown point, 400 for a bad code', async () => {
    const sub = expectOk(await tree('?root=en.g7'));
    expect(sub[0]).toEqual(['en.g7', expect.any(String)]);
    expect(sub.length).toBeGreaterThan(5);
    expect(sub.every(([code]) => code === 'en.g7' || code.startsWith('en.g7.'))).toBe(true);
    expect(sub).toEqual(expectOk(await tree()).filter(([code]) => code === 'en.g7' || code.startsWith('en.g7.')));
    expectError(await tree('?root=en.g99'), 404);
    expectError(await tree('?root=EN%25'), 400);
  });

  it('is for logged-in users only', async () => {
    expectError(await t.call('GET', '/v1/exam/question/knowledgepoints/tree'), 401);
  });
});

describe('GET /v1/exam/question/knowledgepoints (the spec call) is kept like the tree (docs/performance.md "Request path")', () => {
  const list = (headers: Record<string, string> = {}) =>
    t.call<Kp[]>('GET', '/v1/exam/question/knowledgepoints', { token: student, agency: 'demo', headers });

  it('sends a strong ETag, answers its If-None-Match 304, compresses once, and a write of the tree evicts it', async () => {
    const first = await list();
    z.array(KnowledgePoint).parse(expectOk(first));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await list({ 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.rawPayload.length).toBe(0);

    const br = await t.app.inject({
      method: 'GET',
      url: '/v1/exam/question/knowledgepoints',
      headers: { authorization: `Bearer ${student}`, 'x-agency-id': 'demo', 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(first.raw.json());

    expectOk(
      await t.call('POST', '/v1/exam/question/knowledgepoint/en.g7.c2', {
        token: admin,
        body: { request: { name: '代词（新）' } },
      }),
    );
    const changed = await list({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(expectOk(changed).find((p) => p.code === 'en.g7.c2')?.name).toBe('代词（新）');
  });
});
