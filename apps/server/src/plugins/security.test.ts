// The recorded security headers are exactly what helmet's middleware sets on a real response.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { middleware, recordHeaders, takeHeaderTable } from './security.js';

/** The headers of a response from a plain Node server that runs `handle` and answers 200. */
async function headersFrom(handle: (res: import('node:http').ServerResponse, go: () => void) => void) {
  const server = createServer((req, res) => {
    res.setHeader('X-Powered-By', 'something');
    handle(res, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/' }, (res) => {
        res.resume();
        resolve(res.headers);
      })
        .on('error', reject)
        .end();
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const withoutTransport = (h: IncomingHttpHeaders) => {
  const { date: _date, connection: _c, 'keep-alive': _k, 'content-length': _l, ...rest } = h;
  return rest;
};

describe('security headers', () => {
  it('copies exactly the headers helmet sets and removes', async () => {
    const { set, removed } = recordHeaders();
    expect(set.length).toBeGreaterThan(5);
    expect(removed.map((n) => n.toLowerCase())).toContain('x-powered-by');
    const byHelmet = await headersFrom((res, go) => middleware({ headers: {} } as never, res, go));
    const copied = await headersFrom((res, go) => {
      for (const [name, value] of set) res.setHeader(name, value);
      for (const name of removed) res.removeHeader(name);
      go();
    });
    expect(withoutTransport(copied)).toEqual(withoutTransport(byHelmet));
    expect(byHelmet['x-powered-by']).toBeUndefined();
    expect(byHelmet['content-security-policy']).toContain("script-src 'self'");
  });

  it("gives a reply its headers as Fastify's own table while that is empty, and leaves a table in use alone", async () => {
    const app = Fastify();
    const taken: boolean[] = [];
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url === '/later') reply.header('x-earlier', 'kept');
      const table = { 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' };
      const took = takeHeaderTable(reply, table);
      taken.push(took);
      if (!took) reply.headers(table);
      done();
    });
    app.get('/first', async () => ({ ok: true }));
    app.get('/later', async () => ({ ok: true }));
    try {
      const first = await app.inject({ url: '/first' });
      const later = await app.inject({ url: '/later' });
      // A Fastify release without the table would take neither: the headers the same, the microsecond not saved.
      expect(taken).toEqual([true, false]);
      for (const r of [first, later]) {
        expect(r.headers['x-frame-options']).toBe('DENY');
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(String(r.headers['content-type'])).toContain('application/json');
      }
      expect(later.headers['x-earlier']).toBe('kept');
    } finally {
      await app.close();
    }
  });
});
