// Access rules, generated over the contract's route table rather than written route by route:
// every non-public route refuses visitors, and every agency-scoped route refuses a foreign agency.
import { API_ROUTE_TABLE, type ApiRoute } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, expectError, expectOk, type TestApp, anyString } from '../test/test-app.js';

let t: TestApp;
let tokens: Record<'admin' | 'agency' | 'other' | 'student' | 'parent' | 'tutor' | 'teacher', string>;

/** Sample values for path parameters, by route (kp codes vs agency ids) then by parameter name. */
const SAMPLE_PARAMS: Record<string, string> = { id: 'en.g7', agencyId: 'demo' };
const SAMPLE_BY_PATH: Record<string, Record<string, string>> = {
  '/v1/agency/:id': { id: 'demo' },
  '/v1/files/:id': { id: 'no-such-file' },
};

function samplePath(r: ApiRoute): string {
  return r.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = SAMPLE_BY_PATH[r.path]?.[name] ?? SAMPLE_PARAMS[name];
    if (!v) throw new Error(`no sample value for :${name} in ${r.path}: add one to SAMPLE_PARAMS`);
    return v;
  });
}

const label = (r: ApiRoute) => `${r.method} ${r.path}`;
const ALL_ROUTES = [...API_ROUTE_TABLE.values()];
const nonPublic = ALL_ROUTES.filter((r) => r.access.kind !== 'public');
const agencyScoped = ALL_ROUTES.filter((r) => r.access.kind !== 'public' && r.access.agency);

beforeAll(async () => {
  t = await createTestApp();
  const names = ['admin', 'agency', 'other', 'student', 'parent', 'tutor', 'teacher'] as const;
  const list = await Promise.all(names.map((n) => t.login(n)));
  tokens = Object.fromEntries(names.map((n, i) => [n, list[i]])) as typeof tokens;
});
afterAll(() => t.close());

describe('generated over API_ROUTE_TABLE', () => {
  it('has routes of each kind to generate from', () => {
    expect(nonPublic.length).toBeGreaterThan(5);
    expect(agencyScoped.length).toBeGreaterThanOrEqual(3);
  });

  it.each(nonPublic.map((r) => [label(r), r] as const))(
    '%s answers 401 without a token and with a bad one',
    async (_, r) => {
      expectError(await t.call(r.method, samplePath(r), { agency: 'demo' }), 401);
      expectError(await t.call(r.method, samplePath(r), { agency: 'demo', token: 'not-a-token' }), 401);
      expectError(
        await t.call(r.method, samplePath(r), { agency: 'demo', headers: { authorization: 'Basic YWRtaW46eA==' } }),
        401,
      );
    },
  );

  it.each(agencyScoped.map((r) => [label(r), r] as const))(
    '%s answers 403 when acting in a foreign agency',
    async (_, r) => {
      // `other` is admin of agency other, `agency` admin of demo: each is refused in the other's agency.
      expectError(await t.call(r.method, samplePath(r), { token: tokens.other, agency: 'demo' }), 403);
      expectError(await t.call(r.method, samplePath(r), { token: tokens.agency, agency: 'other' }), 403);
      // Unknown agencies are refused like foreign ones, also for the platform admin.
      expectError(await t.call(r.method, samplePath(r), { token: tokens.admin, agency: 'no-such-agency' }), 403);
    },
  );

  it.each(agencyScoped.map((r) => [label(r), r] as const))(
    '%s answers 400 naming X-Agency-Id when the header is missing or malformed',
    async (_, r) => {
      for (const agency of [undefined, 'NOT VALID']) {
        const res = await t.call(r.method, samplePath(r), { token: tokens.agency, agency });
        expectError(res, 400);
        expect(res.body.response).toEqual({ fields: [{ path: 'X-Agency-Id', message: anyString() }] });
      }
    },
  );
});

describe('who may act in which agency', () => {
  const kp = (token: string, agency: string) => t.call('GET', '/v1/exam/question/subjects', { token, agency });

  it('agency roles, the platform admin, a parent through the child, a homework teacher through the assignment', async () => {
    for (const who of ['agency', 'teacher', 'student', 'admin', 'parent', 'tutor'] as const)
      expectOk(await kp(tokens[who], 'demo'));
    expectOk(await kp(tokens.other, 'other'));
    expectOk(await kp(tokens.admin, 'other'));
    for (const who of ['agency', 'teacher', 'student', 'parent', 'tutor'] as const)
      expectError(await kp(tokens[who], 'other'), 403);
  });

  it("login info's agencies are exactly the agencies the user may act in", async () => {
    const agenciesOf = async (token: string) =>
      expectOk(await t.call<{ agencies: { id: string }[] }>('GET', '/v1/auth/me', { token })).agencies.map((a) => a.id);
    expect(await agenciesOf(tokens.admin)).toEqual(['demo', 'other']);
    for (const who of ['agency', 'teacher', 'student', 'parent', 'tutor'] as const)
      expect(await agenciesOf(tokens[who]), who).toEqual(['demo']);
    expect(await agenciesOf(tokens.other)).toEqual(['other']);
  });
});

describe('route registration', () => {
  it('registers every route of the table', () => {
    for (const r of ALL_ROUTES) expect(t.app.hasRoute({ method: r.method, url: r.path }), label(r)).toBe(true);
  });

  it('refuses to build an app with a /v1 route that has no access rule', async () => {
    await expect(
      buildApp({
        db: t.db,
        config: t.config,
        extraRoutes: (app) => {
          app.get('/v1/secret/data', async () => ({ leaked: true }));
        },
      }).then((app) => app.ready()),
    ).rejects.toThrow('route GET /v1/secret/data has no access rule');
  });
});
