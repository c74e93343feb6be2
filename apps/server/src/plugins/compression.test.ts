// Compression (docs/server.md "Compression"): JSON answers brotli/gzip per Accept-Encoding above the
// threshold, downloads that are compressed already left alone, built assets sent precompressed with
// Vary, index.html revalidated on every load.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, {
  type DoneFuncWithErrOrRes,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { COMPRESS_SYNC_BROTLI_QUALITY, COMPRESS_SYNC_GZIP_LEVEL, COMPRESS_SYNC_MAX_BYTES } from '../lib/compression.js';
import compression, { sizeHintedZlib, smallAnswersFirst } from './compression.js';

let t: TestApp;
let dist: string;
let token: string;

// A text asset large enough to be worth compressing; the .br/.gz hold different bytes from what the
// server would compute, so the test proves the build's files are the ones sent.
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const ASSET_BR = brotliCompressSync(Buffer.from(`${ASSET}//br`));
const ASSET_GZ = gzipSync(Buffer.from(`${ASSET}//gz`));

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'edu-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head></head><body>${'<p>x</p>'.repeat(400)}</body></html>`,
  );
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), ASSET);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), ASSET_BR);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), ASSET_GZ);
  writeFileSync(join(dist, 'assets', 'logo-abc123.png'), Buffer.alloc(5000, 7));
  t = await createTestApp({ config: { webDist: dist } });
  token = await t.login('admin');
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'x-agency-id': 'demo',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });

describe('JSON answers', () => {
  it('are brotli-compressed for a client that accepts br, and decode to the same envelope', async () => {
    const plain = await get('/v1/exam/question/knowledgepoints');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/v1/exam/question/knowledgepoints', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('are gzip-compressed for a client that accepts only gzip', async () => {
    const r = await get('/v1/exam/question/knowledgepoints', 'gzip');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(r.rawPayload).toString('utf8'))).toMatchObject({ errno: 0 });
  });

  it('are sent as they are under the 1 KB threshold', async () => {
    const r = await get('/v1/health', 'br');
    expect(r.rawPayload.length).toBeLessThan(1024);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toMatchObject({ errno: 0, response: { status: 'ok' } });
  });
});

describe('built assets', () => {
  it('sends the build’s .br to a client that accepts br, with Content-Encoding, Vary and immutable caching', async () => {
    const r = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.rawPayload.equals(ASSET_BR)).toBe(true);
  });

  it('sends the .gz to a gzip-only client and the plain file to one that accepts nothing', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(ASSET_GZ)).toBe(true);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('leaves images alone: no Content-Encoding on a PNG whatever the client accepts', async () => {
    const r = await get('/assets/logo-abc123.png', 'br, gzip');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.rawPayload.length).toBe(5000);
  });

  it('serves index.html with no-cache, so a new build is picked up on the next load', async () => {
    for (const url of ['/', '/student/home', '/index.html']) {
      const r = await get(url, 'br');
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});

// docs/performance.md "Compression's hooks on small answers".
describe('the threshold checked first', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(compression);
    // 341 × '中' is 1,023 bytes in UTF-8, 342 × '中' 1,026: the string gate must not keep the second back.
    app.get('/han/:n', async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send('中'.repeat(Number((request.params as { n: string }).n))),
    );
    app.get('/ascii', async (_request, reply) => reply.type('text/plain').send('x'.repeat(1000)));
    await app.ready();
  });
  afterAll(() => app.close());
  const fetchIt = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

  it('sends what is under 1 KB in UTF-8 as it is, and compresses from 1 KB on, multi-byte text included', async () => {
    const under = await fetchIt('/han/341');
    expect(under.headers['content-encoding']).toBeUndefined();
    expect(under.rawPayload.length).toBe(1023);
    const over = await fetchIt('/han/342');
    expect(over.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(over.rawPayload).toString('utf8')).toBe('中'.repeat(342));
    // Past the string gate, under the threshold: @fastify/compress's own check sends it as it is.
    const ascii = await fetchIt('/ascii');
    expect(ascii.headers['content-encoding']).toBeUndefined();
    expect(ascii.body).toBe('x'.repeat(1000));
  });

  it('puts the gate in place of @fastify/compress’s onSend and drops its onRequest on every route', () => {
    const routes = app.printRoutes({ includeHooks: true, commonPrefix: false });
    expect(routes).toContain('sendSmallAsIs');
    expect(routes).not.toContain('onRequest');
  });

  it('answers a small string or Buffer itself, and hands anything else to the hook it wraps', () => {
    const seen: unknown[] = [];
    const wrapped = smallAnswersFirst(function (_request, _reply, payload, done) {
      seen.push(payload);
      done(null, payload);
    });
    const sent: unknown[] = [];
    const done = ((_err: Error | null, out?: unknown) => {
      sent.push(out);
    }) as DoneFuncWithErrOrRes;
    const run = (payload: unknown) => wrapped.call(app, {} as FastifyRequest, {} as FastifyReply, payload, done);
    const stream = Readable.from(['x']);
    for (const p of ['x'.repeat(341), Buffer.alloc(1023), 'x'.repeat(342), Buffer.alloc(1024), stream, null])
      expect(run(p)).toBeUndefined();
    expect(sent).toHaveLength(6);
    expect(seen).toEqual(['x'.repeat(342), Buffer.alloc(1024), stream, null]);
  });
});

// docs/performance.md "Compressed answers": one call up to COMPRESS_SYNC_MAX_BYTES, a stream above it.
describe('one call or a stream', () => {
  let app: FastifyInstance;
  // Text that does not repeat (a repeated one would hide a window too small for the answer).
  const text = (bytes: number) => {
    const words: string[] = [];
    for (let i = 0, n = 0; n < bytes; i++) {
      const w = `${(i * 2654435761) % 1_000_003}题`;
      words.push(w);
      n += Buffer.byteLength(w);
    }
    return words.join('').slice(0, bytes);
  };
  const sizes = { small: 29_000, cap: COMPRESS_SYNC_MAX_BYTES / 3, large: COMPRESS_SYNC_MAX_BYTES + 50_000 };
  beforeAll(async () => {
    app = Fastify();
    await app.register(compression);
    app.get('/text/:size', async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(text(sizes[(request.params as { size: keyof typeof sizes }).size])),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  for (const size of ['small', 'cap', 'large'] as const)
    it(`a ${size} answer decodes to the same text in br and gzip; only one sent in one call knows its length`, async () => {
      for (const encoding of ['br', 'gzip']) {
        const r = await app.inject({ method: 'GET', url: `/text/${size}`, headers: { 'accept-encoding': encoding } });
        expect(r.headers['content-encoding']).toBe(encoding);
        const body = encoding === 'br' ? brotliDecompressSync(r.rawPayload) : gunzipSync(r.rawPayload);
        expect(body.toString('utf8')).toBe(text(sizes[size]));
        const oneCall = Buffer.byteLength(text(sizes[size])) <= COMPRESS_SYNC_MAX_BYTES;
        expect(r.headers['content-length'] !== undefined, `${size} ${encoding}`).toBe(oneCall);
      }
    });

  it('tells brotli the answer’s size in one call, and compresses as well as without the hint', () => {
    const body = Buffer.from(text(sizes.small));
    const quality = { [constants.BROTLI_PARAM_QUALITY]: COMPRESS_SYNC_BROTLI_QUALITY };
    const hinted = sizeHintedZlib.brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    const plain = brotliCompressSync(body, { params: quality });
    expect(brotliDecompressSync(hinted).equals(body)).toBe(true);
    expect(hinted.length).toBeLessThanOrEqual(plain.length * 1.05);
  });

  it('compresses an answer sent in one call at the fastest level, whatever the plugin was given', async () => {
    const body = Buffer.from(text(sizes.small));
    const br = await app.inject({ method: 'GET', url: '/text/small', headers: { 'accept-encoding': 'br' } });
    const fastest = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: COMPRESS_SYNC_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    expect(br.rawPayload.equals(fastest)).toBe(true);
    const gz = await app.inject({ method: 'GET', url: '/text/small', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.rawPayload.equals(gzipSync(body, { level: COMPRESS_SYNC_GZIP_LEVEL }))).toBe(true);
    expect(gz.rawPayload.equals(gzipSync(body, { level: 6 }))).toBe(false);
  });
});
