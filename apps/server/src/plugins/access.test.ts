// Access rules, generated over the contract's route table rather than written route by route:
// every non-public route refuses visitors, and every agency-scoped route refuses a foreign agency. Routes
// that check access themselves (`ownCheck`) must each be listed with the tests of their own check.
import { readFileSync } from 'node:fs';
import { API, API_ROUTE_TABLE, needsAgency, type ApiRoute } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, expectError, expectOk, type TestApp, anyString } from '../test/test-app.js';

let t: TestApp;
let tokens: Record<'admin' | 'agency' | 'other' | 'student' | 'parent' | 'tutor' | 'teacher', string>;

/** Sample values for path parameters, by route (kp codes vs agency ids) then by parameter name. */
const SAMPLE_PARAMS: Record<string, string> = {
  id: 'en.g7',
  agencyId: 'demo',
  jobId: 'no-such-job',
  questionId: '1',
  questionSubId: 'no-such-sub',
};
const SAMPLE_BY_PATH: Record<string, Record<string, string>> = {
  '/v1/agency/:id': { id: 'demo' },
  '/v1/files/:id': { id: 'no-such-file' },
  // Export jobs are named by random ids; part numbers start at 1.
  '/v1/exam/questions/export/:id/parts/:part': { id: 'no-such-job', part: '1' },
  // Question bank ids are numeric: 1 names a real demo question, repository and tag.
  '/v1/exam/question/:id': { id: '1' },
  '/v1/exam/question/:id/editable': { id: '1' },
  '/v1/exam/question/:id/test': { id: '1' },
  '/v1/exam/question/:id/public': { id: '1' },
  '/v1/exam/repository/:id': { id: '1' },
  '/v1/exam/repository/:id/subscribe': { id: '1' },
  '/v1/exam/repository/:id/unsubscribe': { id: '1' },
  '/v1/exam/tag/:id': { id: '1' },
  '/v1/exam/tag/:id/merge': { id: '1' },
  // Train repository 1 is demo's; schemes are numeric too (features/schemes tests cover foreign scheme ids).
  '/v1/train/scheme/:id': { id: '1' },
  '/v1/train/scheme/:id/on': { id: '1' },
  '/v1/train/scheme/:id/off': { id: '1' },
  '/v1/train/scheme/:id/release': { id: '1' },
  '/v1/train/scheme/:id/stats/user': { id: '1' },
  '/v1/train/scheme/:id/stats/answer': { id: '1' },
  '/v1/train/repository/:id': { id: '1' },
  '/v1/train/repository/:id/subscribe': { id: '1' },
  '/v1/train/repository/:id/unsubscribe': { id: '1' },
  // The store (docs/store.md): demo's repository 1 is private, so only its own agency previews it.
  '/v1/store/question-repository/:id/questions': { id: '1' },
  '/v1/store/train-repository/:id/schemes': { id: '1' },
  '/v1/store/admin/question-repository/:id/questions': { id: '1' },
  '/v1/store/admin/train-repository/:id/schemes': { id: '1' },
  '/v1/store/admin/:kind/:id/withdraw': { kind: 'question', id: '1' },
  '/v1/store/admin/:kind/:id/restore': { kind: 'question', id: '1' },
  // Wrong-book questions and answer records are numeric (student-own: wrong-book.routes.test.ts).
  '/v1/wrong/:id/review': { id: '1' },
  '/v1/answer/record/:id': { id: '1' },
  // Parents: user and training ids are numeric (a parent's own children: parents.routes.test.ts).
  '/v1/parent/child/:childId/report/:id': { childId: '1', id: '1' },
  '/v1/admin/parent/:id/child/:childId': { id: '1', childId: '1' },
  '/v1/marking/training/:taskId/:trainId': { taskId: '0', trainId: '1' },
  // Class 1 is demo's first class (classes.routes.test.ts covers the rest); user 1 is a demo account.
  '/v1/class/:classId/student/:id/scores': { classId: '1', id: '1' },
  // Knowledge graph views (graph-views.routes.test.ts covers who sees which student and class).
  '/v1/class/student/:id/knowledgegraph': { id: '1' },
  '/v1/class/:id/knowledgegraph/stats': { id: '1' },
  '/v1/train/student/:id/knowledgegraph': { id: '1' },
  '/v1/parent/child/:id/knowledgegraph': { id: '1' },
};
/** Query strings a route needs to pass validation (then its access and record checks decide). */
const SAMPLE_QUERY: Record<string, string> = {
  '/v1/class/:id/candidates': 'role=student',
};

function samplePath(r: ApiRoute): string {
  const path = r.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = SAMPLE_BY_PATH[r.path]?.[name] ?? SAMPLE_PARAMS[name];
    if (!v) throw new Error(`no sample value for :${name} in ${r.path}: add one to SAMPLE_PARAMS`);
    return v;
  });
  const query = SAMPLE_QUERY[r.path];
  return query ? `${path}?${query}` : path;
}

const label = (r: ApiRoute) => `${r.method} ${r.path}`;
const ALL_ROUTES = [...API_ROUTE_TABLE.values()];
const nonPublic = ALL_ROUTES.filter((r) => r.access.kind !== 'public');
const agencyScoped = ALL_ROUTES.filter((r) => needsAgency(r.access));
const ownChecked = ALL_ROUTES.filter((r) => r.access.kind === 'ownCheck');

/**
 * Routes that decide access themselves (public records for anyone, the rest for the rule's roles), each
 * with the test file (under src/) that covers its own check; that file must have a describe named after
 * the route ("POST /v1/exam/question/:id/test").
 */
const OWN_CHECK_TESTS: Record<string, string> = {
  'POST /v1/exam/question/:id/test': 'features/questions/question-publication.routes.test.ts',
};

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

describe('routes with their own access check', () => {
  it('has one to generate from, and lists no route that does not check itself', () => {
    expect(ownChecked.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(OWN_CHECK_TESTS).sort()).toEqual(ownChecked.map(label).sort());
  });

  it.each(ownChecked.map((r) => [label(r), r] as const))('%s is covered by its own tests', (name) => {
    const file = OWN_CHECK_TESTS[name];
    expect(file, `add ${name} to OWN_CHECK_TESTS with the file testing its own check`).toBeDefined();
    expect(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')).toContain(`describe('${name}'`);
  });

  it.each(ownChecked.map((r) => [label(r), r] as const))(
    '%s lets staff of the record agency through, and answers 404 (not 403) to other users',
    async (name, r) => {
      // Demo's record 1 is not public: demo's admin passes the rule there; other's admin, whether naming
      // its own agency or demo (ignored, not refused), and a student of demo are turned away alike.
      const body = VALID_BODY[name];
      const req = (token: string, agency: string) =>
        t.call(r.method, samplePath(r), { token, agency, ...(body === undefined ? {} : { body: { request: body } }) });
      expectOk(await req(tokens.agency, 'demo'));
      for (const [token, agency] of [
        [tokens.other, 'other'],
        [tokens.other, 'demo'],
        [tokens.student, 'demo'],
      ]) {
        const res = await req(token, agency);
        expectError(res, 404);
        expect(res.body.response).toBeNull();
      }
    },
  );
});

/** Bodies that pass validation, so a foreign id is what the route answers to. */
const VALID_BODY: Record<string, unknown> = {
  'POST /v1/exam/question/:id': {
    type: 'trueFalse',
    judgeType: 'auto',
    question: '<p>x</p>',
    knowledgeId: 'en',
    answer: ['T'],
  },
  'POST /v1/exam/question/:id/test': { answer: ['A'] },
  'POST /v1/exam/repository/:id': { name: 'x' },
  'POST /v1/exam/tag/:id': { name: 'x' },
  'POST /v1/exam/tag/:id/merge': { into: '1' },
  'POST /v1/train/scheme/:id': {
    title: 'x',
    type: 'general',
    initPhase: 'p',
    initPoint: 'a',
    phases: [
      {
        phase: 'p',
        points: [
          { name: 'a', onOK: '@end', onError: '@end', selectors: {}, repeat: 1, judgeWay: 'once', requireCorrect: 0 },
        ],
      },
    ],
  },
  'POST /v1/train/repository/:id': { name: 'x' },
  'POST /v1/marking/record/:id': { score: 1 },
  'POST /v1/users/student/:id': { name: 'x' },
  'POST /v1/users/teacher/:id': { name: 'x' },
  'POST /v1/users/teacher/:id/profile': { introduction: 'x' },
  'POST /v1/class/:id': { name: 'x' },
  'POST /v1/class/:id/members/add': { userIds: ['1'] },
  'POST /v1/class/:id/members/remove': { userIds: ['1'] },
  'POST /v1/class/:id/teachers/add': { userIds: ['1'] },
  'POST /v1/class/:id/teachers/remove': { userIds: ['1'] },
  'POST /v1/task/:id': { title: 'x', schemeId: '1', classId: '1', startTime: 0, deadline: 1 },
  'POST /v1/task/:id/weight': { weight: 1 },
  'POST /v1/reading/question/:id/sub/:questionSubId': { action: 'accept' },
  'POST /v1/recitation/:id': { title: 'x', text: 'x.' },
  'POST /v1/store/admin/:kind/:id/withdraw': { reason: 'x' },
  'POST /v1/lesson/:id': { title: 'x', startsAt: 0, minutes: 60 },
  'POST /v1/lesson/:id/cancel': {},
  'POST /v1/lesson/:id/push': { questionId: '1' },
  'POST /v1/lesson/:id/withdraw': { questionId: '1' },
  'POST /v1/train/scheme/:id/simulate': { students: 10, spread: 'mix' },
};
// Agency-scoped routes naming a record of the bank by id (not knowledge points, which all agencies share).
// A student's training calls act on the caller's own trainings; training.routes.test.ts checks them with
// another agency's and another student's ids (wrong-book.routes.test.ts likewise for the wrong-book calls, and
// parents.routes.test.ts for a parent's calls on their own children, tasks.routes.test.ts for a student's task,
// reading-steps.routes.test.ts for a reading question's steps in a student's own training).
const studentOwn = new Set<ApiRoute>(
  Object.entries(API).flatMap(([name, r]) =>
    /^(training|wrong|parentChild|studentTask|readingProcess|readingStep)/.test(name) ? [r] : [],
  ),
);
const recordRoutes = [...agencyScoped, ...ownChecked].filter(
  (r) => r.path.includes(':id') && !r.path.includes('knowledgepoint') && !studentOwn.has(r),
);

describe("another agency's records", () => {
  it('has record routes to generate from', () => {
    expect(recordRoutes.length).toBeGreaterThanOrEqual(12);
  });

  it.each(recordRoutes.map((r) => [label(r), r] as const))(
    "%s answers 404 for another agency's id, never the record",
    async (_, r) => {
      // Id 1 is demo's first question, repository and tag; `other` acts in its own agency.
      const body = VALID_BODY[label(r)];
      const res = await t.call(r.method, samplePath(r), {
        token: tokens.other,
        agency: 'other',
        ...(body === undefined ? {} : { body: { request: body } }),
      });
      expectError(res, 404);
      expect(res.body.response).toBeNull();
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
  it('registers every route of the table (no entry without a handler)', () => {
    const missing = ALL_ROUTES.filter((r) => !t.app.hasRoute({ method: r.method, url: r.path })).map(label);
    expect(missing).toEqual([]);
    expect(ALL_ROUTES.length).toBe(API_ROUTE_TABLE.size);
    // The question bank's calls are in the table (issue 3).
    for (const key of [
      'POST /v1/exam/question/list',
      'PUT /v1/exam/question',
      'POST /v1/exam/question/match/selectors',
      // Scheme calls of docs/product.md §7 (issue 4).
      'GET /v1/train/control/schemes',
      'GET /v1/train/control/schemes/byme',
      'GET /v1/train/scheme/:id',
      'PUT /v1/train/scheme',
      'POST /v1/train/scheme/:id',
      'POST /v1/train/scheme/:id/on',
      'POST /v1/train/scheme/:id/off',
      'POST /v1/train/scheme/ordered/submit',
    ])
      expect(API_ROUTE_TABLE.has(key), key).toBe(true);
  });

  it('refuses to build an app with a /v1 route that has no access rule', async () => {
    // The features' timers (the sweeps) start as they register: the refused app is closed, so they stop with it
    // instead of running on against the database the other tests close.
    let scope: FastifyInstance | undefined;
    try {
      await expect(
        buildApp({
          db: t.db,
          config: t.config,
          extraRoutes: (app) => {
            scope = app;
            app.get('/v1/secret/data', async () => ({ leaked: true }));
          },
        }).then((app) => app.ready()),
      ).rejects.toThrow('route GET /v1/secret/data has no access rule');
    } finally {
      await scope?.close();
    }
  });
});
