// The rule of a request's route, read off Fastify's route context, and the one shape the guards read it in.
import { API, type ApiRoute } from '@edu/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import '../fastify-types.js';
import { apiRuleOf, guardedRule, readsRouteContext } from './api-rule.js';

describe('apiRuleOf', () => {
  it("reads the rule the route's config holds, and null where it holds none", async () => {
    expect(readsRouteContext).toBe(true);
    const app = Fastify();
    app.decorateRequest('apiRule', undefined);
    const rule = guardedRule(API.health);
    const seen: unknown[] = [];
    app.addHook('onRequest', (request, _reply, done) => {
      seen.push(apiRuleOf(request), apiRuleOf(request), request.routeOptions.config.api ?? null);
      done();
    });
    app.get('/with', { config: { api: rule } }, async () => 'ok');
    app.get('/without', async () => 'ok');
    try {
      await app.inject({ url: '/with' });
      await app.inject({ url: '/without' });
      await app.inject({ url: '/nowhere' });
      expect(seen).toEqual([rule, rule, rule, null, null, null, null, null, null]);
      expect(seen[0]).toBe(rule);
    } finally {
      await app.close();
    }
  });
});

describe('guardedRule', () => {
  it('gives every entry of the contract the same fields in the same order, their values kept', () => {
    const entries: ApiRoute[] = [
      API.health,
      API.grades,
      API.trainingAnswer,
      API.questionImport,
      API.questionImportTemplate,
      API.enrolmentStart,
    ];
    const shapes = new Set(entries.map((r) => Object.keys(guardedRule(r)).join()));
    expect(shapes.size).toBe(1);
    for (const r of entries) {
      const g = guardedRule(r);
      for (const [key, value] of Object.entries(r)) expect(g[key as keyof typeof g], key).toBe(value);
      expect(g.rawBody).toBe(r.rawBody === true);
      expect(g.rawResponse).toBe(r.rawResponse === true);
    }
  });
});
