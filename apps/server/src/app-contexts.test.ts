// The features' routes are registered in the app's own Fastify context (app.ts `inRoot`), so their requests and
// replies are of one class each and the code every request runs through meets one shape of them, not one a feature
// (docs/performance.md "The reply's headers and the handler's promise"). Only files, enrolment and transfer keep a
// context of their own, for the body parsers and hooks of their own routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
/** The prototypes of the request and the reply each route's requests had, by the route's path. */
const classes = new Map<string, { request: object; reply: object }>();

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) =>
      // onResponse: it runs for requests the guards refuse too.
      app.addHook('onResponse', (request, reply, done) => {
        classes.set(request.routeOptions.url ?? '', {
          request: Object.getPrototypeOf(request) as object,
          reply: Object.getPrototypeOf(reply) as object,
        });
        done();
      }),
  });
});
afterAll(() => t.close());

describe("the features' request and reply classes", () => {
  it('are the same for the routes of every feature but files, enrolment and transfer', async () => {
    const shared = [
      ['GET', '/v1/health'],
      ['GET', '/v1/general/data/grades'],
      ['POST', '/v1/auth/login'],
      ['POST', '/v1/train/1/answer'],
      ['GET', '/v1/exam/question/knowledgepoints'],
      ['GET', '/v1/train/scheme/1/stats/answer'],
    ] as const;
    for (const [method, url] of shared) await t.call(method, url, { body: method === 'POST' ? {} : undefined });
    await t.call('GET', '/v1/exam/questions/import/limits');
    const at = (path: string) => classes.get(path);
    const health = at('/v1/health');
    expect(health).toBeDefined();
    for (const path of [
      '/v1/general/data/grades',
      '/v1/auth/login',
      '/v1/train/:id/answer',
      '/v1/exam/question/knowledgepoints',
      '/v1/train/scheme/:id/stats/answer',
    ]) {
      expect(at(path)?.request, path).toBe(health!.request);
      expect(at(path)?.reply, path).toBe(health!.reply);
    }
    // A feature with a context of its own: its classes are its own (so the check above can tell).
    const transfer = [...classes].find(([path]) => path.startsWith('/v1/exam/questions/import'))?.[1];
    expect(transfer).toBeDefined();
    expect(transfer!.request).not.toBe(health!.request);
  });
});
