import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import slowRequests from './slow-requests.js';

/** A bare app with the plugin, logging at warn into `lines`. */
async function appWith(thresholdMs: number) {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) };
  const app = Fastify({ logger: { level: 'warn', stream } });
  await app.register(slowRequests, { thresholdMs });
  app.get('/items/:id', async () => ({ ok: true }));
  await app.ready();
  return { app, slow: () => lines.filter((l) => l.msg === 'slow request') };
}

describe('slow request log', () => {
  it('names the route pattern, the status and the time, never the ids or the query', async () => {
    const { app, slow } = await appWith(0.000001);
    await app.inject({ method: 'GET', url: '/items/secret-42?token=abc' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    expect(slow().map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: 'GET', route: '/items/:id', status: 200 },
      { method: 'GET', route: 'unrouted', status: 404 },
    ]);
    expect(typeof slow()[0].ms).toBe('number');
    expect(JSON.stringify(slow())).not.toMatch(/secret-42|token=abc/);
    await app.close();
  });

  it('logs nothing under the threshold, and nothing at all when it is 0', async () => {
    for (const threshold of [600_000, 0]) {
      const { app, slow } = await appWith(threshold);
      await app.inject({ method: 'GET', url: '/items/1' });
      expect(slow()).toEqual([]);
      await app.close();
    }
  });
});
