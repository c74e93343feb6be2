// Every route of the contract's table, fuzzed from its own zod schemas (test/zod-arbitrary.ts) as the demo
// agency's admin, its student and a visitor: valid-shaped params, query and body mixed with hostile values
// (U+0000, lone surrogates, huge numbers, very long strings, deep nesting). Whatever arrives, the server
// answers below 500, in the envelope, and a 2xx answer matches the route's response schema
// (docs/server.md "Input"). Deterministic: each route's values come from a fixed seed.
import { API, API_ROUTES, envelopeOf, type ApiRoute, type Scheme } from '@edu/contract';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agencies,
  files,
  knowledgePoints,
  questionRepos,
  questions,
  schemes,
  tags,
  trainingComments,
  trainings,
  trainRepos,
} from './db/schema.js';
import { createTestBank, generalScheme, schemeCalls } from './features/schemes/scheme-fixtures.test-helper.js';
import { createTestApp, expectOk, type TestApp } from './test/test-app.js';
import { inputArbitrary } from './test/zod-arbitrary.js';

/** Requests per route and role; FUZZ_RUNS raises it for a longer local run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_105);

/** The platform admin, the demo agency's admin (who may do most there), its student, and no login at all. */
type Role = 'admin' | 'agency' | 'student' | 'visitor';
const ROLES: readonly Role[] = ['admin', 'agency', 'student', 'visitor'];

const AnyEnvelope = envelopeOf(z.unknown());

/** Calls that end the caller's session, or change its password, run last so the others keep their login. */
const LAST = new Set<ApiRoute>([API.logout, API.changePassword]);
const METHOD_ORDER = { GET: 0, PUT: 1, POST: 2, DELETE: 3 } as const;
const ordered = [...API_ROUTES].sort(
  (a, b) => Number(LAST.has(a)) - Number(LAST.has(b)) || METHOD_ORDER[a.method] - METHOD_ORDER[b.method],
);

/** A stable per-route seed, so adding a route does not change the values of the others. */
const seedOf = (key: string) => [...key].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

/**
 * Percent-encoding that also carries what encodeURIComponent refuses: a lone surrogate goes out as the
 * bytes a careless client would send (its WTF-8 form), not as an exception in the test.
 */
function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
      out +=
        `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function pathOf(route: ApiRoute, params: unknown): string {
  const p = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  return route.path.replace(/:(\w+)/g, (_, name: string) => encode(text(p[name] ?? '')));
}

function queryOf(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query))
    return query === undefined ? '' : `?${encode(text(query))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v]) parts.push(`${encode(k)}=${encode(text(item))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

interface Sample {
  params: unknown;
  query: unknown;
  body: unknown;
}

/** Ids that exist in the demo data, by the field names that carry them, so that handlers get past lookups. */
async function knownIds(t: TestApp): Promise<Record<string, unknown[]>> {
  const pick = async <T>(rows: Promise<{ id: T }[]>) => (await rows).map((r) => r.id);
  const [q, repos, tagIds, kps, schemeIds, trainingIds, commentIds, fileIds, agencyIds, trainRepoIds] =
    await Promise.all([
      pick(t.db.select({ id: questions.id }).from(questions).limit(6)),
      pick(t.db.select({ id: questionRepos.id }).from(questionRepos).limit(4)),
      pick(t.db.select({ id: tags.id }).from(tags).limit(4)),
      pick(t.db.select({ id: knowledgePoints.code }).from(knowledgePoints).limit(6)),
      pick(t.db.select({ id: schemes.id }).from(schemes).limit(4)),
      pick(t.db.select({ id: trainings.id }).from(trainings).limit(4)),
      pick(t.db.select({ id: trainingComments.id }).from(trainingComments).limit(2)),
      pick(t.db.select({ id: files.id }).from(files).limit(2)),
      pick(t.db.select({ id: agencies.id }).from(agencies).limit(2)),
      pick(t.db.select({ id: trainRepos.id }).from(trainRepos).limit(4)),
    ]);
  const asText = (xs: unknown[]) => xs.map(String);
  const all = [...q, ...repos, ...tagIds, ...schemeIds, ...trainingIds, ...commentIds, ...trainRepoIds];
  return {
    id: [...asText(all), ...kps, ...fileIds],
    agencyId: agencyIds,
    questionId: q,
    questionIds: [q],
    repoId: [...repos, ...trainRepoIds],
    repositoryId: repos,
    tagId: tagIds,
    schemeId: schemeIds,
    trainingId: trainingIds,
    parent: kps,
    knowledgePoints: [kps.slice(0, 2)],
    logo: fileIds,
  };
}

let t: TestApp;
const tokens: Partial<Record<Role, string>> = {};
let hints: Record<string, unknown[]> = {};

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin');
  tokens.student = await t.login('student');
  // A switched-on scheme with a running training, so that training and comment routes find something.
  const call = schemeCalls(() => t);
  const agency = (tokens.agency = await t.login('agency'));
  const scheme = expectOk(
    await call<Scheme>('PUT', '/v1/train/scheme', agency, generalScheme(await createTestBank(t, tokens.admin, agency))),
  );
  expectOk(await call('POST', `/v1/train/scheme/${scheme.schemeId}/on`, agency));
  expectOk(await call('PUT', `/v1/train/scheme/${scheme.schemeId}/start`, tokens.student));
  hints = await knownIds(t);
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
