// The app shell: envelope on errors, unknown paths, security headers, the SPA fallback and /docs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp, anyString } from '../test/test-app.js';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'edu-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>edu</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({
    config: { webDist: dist, defaultAgencyId: 'demo', agencyDomainSuffixes: ['.edu.example.com', '.x.cn'] },
    extraRoutes: (app) => {
      // Not under /v1, so it needs no rule: it exists to prove internal errors hide their message.
      app.get('/boom', async () => {
        throw new Error('secret connection string postgres://u:p@db');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('envelope and errors', () => {
  it('answers 404 in the envelope for unknown /v1 paths and methods', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nope'],
      ['PUT', '/v1/exam/question/unknown'],
      ['DELETE', '/v1/health'],
      ['GET', '/v1'],
    ] as const) {
      const r = await t.call(method, url);
      expectError(r, 404);
      expect(r.body).toMatchObject({
        error: 'not_found',
        response: null,
        version: anyString(),
        serverTime: t.clock.now(),
      });
    }
  });

  it('answers 400 for a body that is not JSON', async () => {
    const r = await t.call('POST', '/v1/auth/login', {
      body: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expectError(r, 400);
    expect(r.body.response).toEqual({ fields: [{ path: 'body', message: anyString() }] });
  });

  it('hides the message of internal errors', async () => {
    const r = await t.call('GET', '/boom');
    expectError(r, 500);
    expect(r.body.errmsg).toBe('服务器内部错误，请稍后再试');
    expect(JSON.stringify(r.body)).not.toContain('secret');
  });

  it('sets security headers with a CSP the SPA works under on pages', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/student/home' });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sets helmet's on everything but the API's JSON: pages, errors, unknown paths, files", async () => {
    for (const [url, status] of [
      ['/v1/nowhere', 404],
      ['/boom', 500],
      ['/student/home', 200],
      // A file answers bytes (rawResponse): even its 404 is served as a page would be.
      ['/v1/files/999999999', 404],
    ] as const) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(status);
      expect(String(r.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(r.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(r.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it("answers the API's JSON with the short set, errors included", async () => {
    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { request: {} } });
    for (const r of [await t.app.inject({ method: 'GET', url: '/v1/health' }), login]) {
      expect(String(r.headers['content-type'])).toContain('application/json');
      expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(r.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(r.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    expect(login.statusCode).toBe(400);
  });
});

describe('web app', () => {
  it('answers index.html with the injected runtime config for SPA paths', async () => {
    for (const url of ['/', '/admin/knowledge/list/en', '/student/home', '/index.html', '/parent/?x=1']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.headers['cache-control']).toBe('no-cache');
      const m = /<script id="edu-config" type="application\/json">(.*?)<\/script><\/head>/.exec(r.body);
      expect(JSON.parse(m![1])).toEqual({
        defaultAgencyId: 'demo',
        agencyDomainSuffixes: ['.edu.example.com', '.x.cn'],
      });
      expect(r.body).toContain('<div id="root">');
    }
  });

  it('serves built files with long caching, and a missing asset as 404', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('console.log(1)');
    expect(r.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });

  it('answers a short page when the web app is not built', async () => {
    const bare = await createTestApp({ config: { webDist: join(dist, 'missing') } });
    try {
      const r = await bare.app.inject({ method: 'GET', url: '/admin' });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('Web 应用尚未构建');
    } finally {
      await bare.close();
    }
  });
});

describe('/docs', () => {
  it('serves Swagger UI and the generated document', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(doc.json()).toMatchObject({
      openapi: '3.1.0',
      paths: { '/v1/exam/question/knowledgepoints': { get: { operationId: 'kpList' } } },
    });
  });
});
