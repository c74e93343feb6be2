// API tests of /v1/files: raw image uploads typed from content, and serving them back.
import { FILE_MAX_BYTES, StoredFile } from '@edu/contract';
import { count, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, fileUsage } from '../../db/schema.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { SAMPLE_IMAGES } from '../../test/images.js';

let t: TestApp;
let token: string;

const SAMPLES = SAMPLE_IMAGES;
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>', 'latin1');

const upload = (payload: Buffer | string, contentType = 'application/octet-stream', auth = token) =>
  t.app.inject({
    method: 'PUT',
    url: '/v1/files',
    headers: { ...(auth ? { authorization: `Bearer ${auth}` } : {}), 'content-type': contentType },
    payload,
  });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('agency');
});
afterAll(() => t.close());

describe('PUT /v1/files', () => {
  it.each(Object.entries(SAMPLES))('stores %s, typed from its bytes, and serves it back', async (type, bytes) => {
    // The client's content type is ignored: the bytes decide.
    const r = await upload(bytes, 'text/plain');
    const stored = StoredFile.parse(expectOk({ status: r.statusCode, body: r.json() }));
    expect(stored).toMatchObject({ type, size: bytes.length, url: `/v1/files/${stored.id}` });
    expect(stored.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const got = await t.app.inject({ method: 'GET', url: stored.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(type);
    expect(got.headers['cache-control']).toContain('immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(bytes)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: stored.url,
      headers: { 'if-none-match': String(got.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 415 for content that is not a supported image', async () => {
    const r = await upload('<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/svg+xml');
    expectError({ status: r.statusCode, body: r.json() }, 415);
  });

  // docs/security.md "Uploads": a file whose first bytes are a real PNG but which goes on with HTML would be served
  // as an image and could be sniffed as a page; it is refused whole and nothing is kept of it.
  it.each([
    ['a whole PNG followed by HTML', Buffer.concat([SAMPLES['image/png'], HTML])],
    [
      "a PNG's signature and header chunk followed by HTML",
      Buffer.concat([SAMPLES['image/png'].subarray(0, 33), HTML]),
    ],
  ])('answers 415 for a polyglot, %s, and stores nothing', async (_, polyglot) => {
    const stored = async () => {
      const [f] = await t.db.select({ n: count() }).from(files);
      const [u] = await t.db.select({ bytes: sum(fileUsage.bytes) }).from(fileUsage);
      return { files: f.n, usedBytes: Number(u.bytes ?? 0) };
    };
    const before = await stored();
    const r = await upload(polyglot, 'image/png');
    expectError({ status: r.statusCode, body: r.json() }, 415);
    expect(r.json<{ errmsg: string }>().errmsg).toContain('图片文件不完整或含有图片以外的内容');
    expect(await stored()).toEqual(before);
  });

  it('answers 413 above 2 MB and 400 for an empty body', async () => {
    const big = Buffer.concat([SAMPLES['image/png'], Buffer.alloc(FILE_MAX_BYTES)]);
    const r = await upload(big, 'image/png');
    expectError({ status: r.statusCode, body: r.json() }, 413);
    const empty = await upload(Buffer.alloc(0), 'image/png');
    expectError({ status: empty.statusCode, body: empty.json() }, 400);
  });

  it('records the X-Agency-Id agency only when the uploader may act in it', async () => {
    const { files } = await import('../../db/schema.js');
    const { eq } = await import('drizzle-orm');
    const agencyOf = async (agency: string) => {
      const r = await t.app.inject({
        method: 'PUT',
        url: '/v1/files',
        headers: { authorization: `Bearer ${token}`, 'x-agency-id': agency, 'content-type': 'image/png' },
        payload: SAMPLES['image/png'],
      });
      const id = r.json<{ response: { id: string } }>().response.id;
      return (await t.db.select({ agencyId: files.agencyId }).from(files).where(eq(files.id, id)))[0]?.agencyId;
    };
    expect(await agencyOf('demo')).toBe('demo');
    expect(await agencyOf('other')).toBeNull();
  });

  it('needs a login', async () => {
    const r = await upload(SAMPLES['image/png'], 'image/png', '');
    expectError({ status: r.statusCode, body: r.json() }, 401);
  });
});

describe('GET /v1/files/:id', () => {
  it('answers 404 in the envelope for an unknown id', async () => {
    expectError(await t.call('GET', '/v1/files/AAAAAAAAAAAAAAAAAAAAAA'), 404);
  });
});
