import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogOptions } from './request-log.js';

/** A bare app with the app's request-log options and the plugin, logging at `level` into `lines`. */
async function appWith(slowMs: number, level = 'warn') {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) };
  const app = Fastify({ ...requestLogOptions(slowMs), logger: { level, stream } });
  app.get('/items/:id', async () => ({ ok: true }));
  await app.ready();
  return { app, lines, slow: () => lines.filter((l) => l.msg === 'slow request') };
}

describe('request log', () => {
  it('writes one line per request at info: the route pattern, the status and the time, never the ids or the query', async () => {
    const { app, lines } = await appWith(600_000, 'info');
    await app.inject({ method: 'GET', url: '/items/secret-42?token=abc' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    expect(lines.map(({ msg, method, route, status }) => ({ msg, method, route, status }))).toEqual([
      { msg: 'request', method: 'GET', route: '/items/:id', status: 200 },
      { msg: 'request', method: 'GET', route: 'unrouted', status: 404 },
    ]);
    expect(typeof lines[0].ms).toBe('number');
    expect(typeof lines[0].reqId).toBe('string');
    expect(JSON.stringify(lines)).not.toMatch(/secret-42|token=abc/);
    await app.close();
  });

  it('writes a slow request at warn instead, with the same fields', async () => {
    const { app, lines, slow } = await appWith(0.000001);
    await app.inject({ method: 'GET', url: '/items/secret-42?token=abc' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    expect(slow().map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: 'GET', route: '/items/:id', status: 200 },
      { method: 'GET', route: 'unrouted', status: 404 },
    ]);
    expect(lines).toHaveLength(2);
    expect(typeof slow()[0].ms).toBe('number');
    expect(JSON.stringify(slow())).not.toMatch(/secret-42|token=abc/);
    await app.close();
  });

  it('writes nothing at warn under the threshold, nor when the threshold is 0', async () => {
    for (const threshold of [600_000, 0]) {
      const { app, lines } = await appWith(threshold);
      await app.inject({ method: 'GET', url: '/items/1' });
      expect(lines).toEqual([]);
      await app.close();
    }
  });

  it("makes a request's child logger only when the request writes a line the log keeps, with the request's id", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) };
    const app = Fastify({ ...requestLogOptions(600_000), logger: { level: 'warn', stream } });
    let children = 0;
    const child = app.log.child.bind(app.log);
    app.log.child = (...args: Parameters<typeof child>) => {
      children++;
      return child(...args);
    };
    app.get('/quiet', async (request) => {
      request.log.info('below the level');
      request.log.debug({ detail: 1 }, 'below the level');
      return { ok: true };
    });
    app.get('/loud', async (request) => {
      request.log.warn({ detail: 2 }, 'first');
      request.log.error('second');
      return { ok: true };
    });
    await app.ready();
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(children).toBe(0);
    expect(lines).toEqual([]);
    const loud = await app.inject({ method: 'GET', url: '/loud' });
    expect(children).toBe(1);
    expect(lines.map(({ msg, level, detail }) => ({ msg, level, detail }))).toEqual([
      { msg: 'first', level: 40, detail: 2 },
      { msg: 'second', level: 50, detail: undefined },
    ]);
    expect(lines[0].reqId).toBe(lines[1].reqId);
    expect(lines[0].reqId).toMatch(/^req-/);
    expect(loud.statusCode).toBe(200);
    await app.close();
  });

  it('answers with logging off altogether', async () => {
    const app = Fastify({ ...requestLogOptions(600_000, false), logger: false });
    app.get('/', async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    await app.close();
  });
});
