// Every route of the contract's table, fuzzed from its own zod schemas (test/zod-arbitrary.ts) as the demo
// agency's admin, its student and a visitor: valid-shaped params, query and body mixed with hostile values
// (U+0000, lone surrogates, huge numbers, very long strings, deep nesting). Whatever arrives, the server
// answers below 500, in the envelope, and a 2xx answer matches the route's response schema
// (docs/server.md "Input"). Deterministic: each route's values come from a fixed seed.
import { API_ROUTES } from '@edu/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnyEnvelope, fuzzOrder, fuzzWorld, pathOf, queryOf } from './test/contract-fuzz.js';
import type { TestApp } from './test/test-app.js';
import { inputArbitrary } from './test/zod-arbitrary.js';

/** Requests per route and role; FUZZ_RUNS raises it for a longer local run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_105);

/** The platform admin, the demo agency's admin (who may do most there), its student, and no login at all. */
type Role = 'admin' | 'agency' | 'student' | 'visitor';
const ROLES: readonly Role[] = ['admin', 'agency', 'student', 'visitor'];

const ordered = [...API_ROUTES].sort(fuzzOrder);

/** A stable per-route seed, so adding a route does not change the values of the others. */
const seedOf = (key: string) => [...key].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

interface Sample {
  params: unknown;
  query: unknown;
  body: unknown;
}

let t: TestApp;
let tokens: Partial<Record<Role, string>> = {};
let hints: Record<string, unknown[]> = {};

beforeAll(async () => {
  ({ t, tokens, hints } = await fuzzWorld(['admin', 'agency', 'student']));
});

afterAll(async () => {
  await t?.close();
});

describe('every route, fuzzed from its contract schemas', () => {
  it.each(ordered.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: no 5xx, envelope, valid 2xx',
    async (key, route) => {
      const opts = { hints, maxItems: 3, maxLength: 16 };
      const arb = fc.record({
        params: route.params ? inputArbitrary(route.params, opts) : fc.constant(undefined),
        query: route.query ? inputArbitrary(route.query, opts) : fc.constant(undefined),
        // Raw bodies are the file and import pipelines' bytes, tested there; their params and query are fuzzed here.
        body: route.body && !route.rawBody ? inputArbitrary(route.body, opts) : fc.constant(undefined),
      }) as fc.Arbitrary<Sample>;
      const samples = fc.sample(arb, { seed: seedOf(key), numRuns: RUNS * ROLES.length });
      const problems: string[] = [];
      for (const [i, s] of samples.entries()) {
        const role = ROLES[i % ROLES.length];
        const res = await t.app.inject({
          method: route.method,
          url: pathOf(route, s.params) + queryOf(s.query),
          headers: {
            'x-agency-id': 'demo',
            ...(tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {}),
            ...(s.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(s.body !== undefined ? { payload: JSON.stringify(s.body) } : {}),
        });
        const sent = JSON.stringify(s).slice(0, 300);
        if (res.statusCode >= 500) problems.push(`${role} ${res.statusCode} ${res.body.slice(0, 200)} ← ${sent}`);
        const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
        // Raw answers (file bytes, exports) are the route's own format when they succeed.
        if (route.rawResponse && res.statusCode < 300 && !isJson) continue;
        const envelope = AnyEnvelope.safeParse(isJson ? res.json() : undefined);
        if (!envelope.success) {
          problems.push(`${role} ${res.statusCode} not an envelope: ${res.body.slice(0, 200)} ← ${sent}`);
          continue;
        }
        if (envelope.data.errno !== (res.statusCode === 200 ? 0 : res.statusCode))
          problems.push(`${role} status ${res.statusCode} but errno ${envelope.data.errno} ← ${sent}`);
        if (res.statusCode < 300 && !route.rawResponse) {
          const parsed = route.response.safeParse(envelope.data.response);
          if (!parsed.success)
            problems.push(`${role} 2xx off its schema: ${parsed.error.message.slice(0, 300)} ← ${sent}`);
        }
      }
      expect(problems, key).toEqual([]);
    },
  );
});
