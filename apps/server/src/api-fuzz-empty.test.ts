// Empty values in every optional field of every request body of the contract (docs/server.md "Empty
// values"): each route's body with only its required fields, then one optional field at a time set to an empty
// string, a blank one and 0. Whatever the field, the server answers below 500 and in the envelope. One request
// per route, field and value, as the first account whose roles pass the route's rule; one app for the file.
import { API_ROUTES, BLANK_ID_MESSAGE, satisfies, type ApiRoute } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnyEnvelope,
  fuzzOrder,
  fuzzWorld,
  pathOf,
  recordIdsBySegment,
  type FuzzAccount,
  type FuzzWorld,
} from './test/contract-fuzz.js';
import { users } from './db/schema.js';
import { DEMO_ACCOUNTS } from './seed/seed-data.js';
import { sampleOf } from './test/org-access.js';
import { jsonSchemaOf, type JsonSchema } from './test/zod-arbitrary.js';

const EMPTY_VALUES: readonly unknown[] = ['', '   ', 0];

/** The order a caller is chosen in: the broadest in the demo agency first. */
const CALLER_ORDER: readonly FuzzAccount[] = ['agency', 'admin', 'teacher', 'student', 'parent', 'tutor'];
/** Those demo accounts with their seeded roles. */
const ACCOUNTS = CALLER_ORDER.map((name) => ({
  name,
  roles: DEMO_ACCOUNTS.find((a) => a.username === name)!.roles,
}));

/** Who calls the route: nobody for a public one, else the first account its rule lets through. */
function callerOf(route: ApiRoute): FuzzAccount | null | undefined {
  const a = route.access;
  if (a.kind === 'public') return null;
  if (a.kind === 'login') return 'agency';
  return ACCOUNTS.find((acc) => satisfies(acc.roles, a.roles, 'demo'))?.name;
}

/** The object of the body that holds the fields: `request` of an enveloped body, else the body itself. */
function fieldsOf(route: ApiRoute) {
  const body = jsonSchemaOf(route.body!);
  const enveloped = body.properties?.request?.properties !== undefined;
  const schema: JsonSchema = enveloped ? body.properties!.request : body;
  const required = schema.required ?? [];
  return {
    required,
    optional: Object.keys(schema.properties ?? {}).filter((k) => !required.includes(k)),
    unwrap: (sample: unknown): Record<string, unknown> =>
      ((enveloped ? (sample as { request?: Record<string, unknown> }).request : sample) ?? {}) as Record<
        string,
        unknown
      >,
    wrap: (o: object) => (enveloped ? { request: o } : o),
  };
}

/** Routes with a JSON body (raw uploads are the file pipeline's, tested there) and optional fields. */
const ROUTES = [...API_ROUTES].sort(fuzzOrder).filter((r) => r.body && !r.rawBody && fieldsOf(r).optional.length > 0);

let world: FuzzWorld;
let bySegment: Record<string, string> = {};

beforeAll(async () => {
  world = await fuzzWorld(CALLER_ORDER);
  bySegment = await recordIdsBySegment(world.t);
});

afterAll(async () => {
  await world?.t.close();
});

/** Path parameters naming the demo agency's records (by the segment before them), else a known id. */
function paramsOf(route: ApiRoute): Record<string, unknown> {
  const segs = route.path.split('/');
  const params: Record<string, unknown> = {};
  segs.forEach((s, i) => {
    if (!s.startsWith(':')) return;
    const name = s.slice(1);
    params[name] = bySegment[segs[i - 1]] ?? world.hints[name]?.[0] ?? world.hints.id[0];
  });
  return params;
}

describe('an empty grade on the user routes', () => {
  it.each(['student', 'teacher'])(
    '%s: create and edit answer 400 naming request.gradeId, and nothing changes',
    async (kind) => {
      const send = (method: 'PUT' | 'POST', url: string, request: object) =>
        world.t.call(method, url, { token: world.tokens.agency, agency: 'demo', body: { request } });
      for (const gradeId of ['', '  ']) {
        const created = await send('PUT', `/v1/users/${kind}`, { name: '空年级', gradeId });
        expect(created.status).toBe(400);
        expect(created.body.response).toEqual({ fields: [{ path: 'request.gradeId', message: BLANK_ID_MESSAGE }] });
        const edited = await send('POST', `/v1/users/${kind}/${bySegment[kind]}`, { name: '改名', gradeId });
        expect(edited.status).toBe(400);
        expect(edited.body.response).toEqual({ fields: [{ path: 'request.gradeId', message: BLANK_ID_MESSAGE }] });
      }
      const [{ name }] = await world.t.db.select({ name: users.name }).from(users).where(eq(users.username, kind));
      expect(name).not.toBe('改名');
    },
  );
});

describe('empty values in optional body fields', () => {
  it('covers the contract', () => expect(ROUTES.length).toBeGreaterThan(40));

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: "", blank and 0 in each optional field answer below 500, in the envelope',
    async (key, route) => {
      const caller = callerOf(route);
      expect(caller, `${key}: no demo account passes the route's rule`).not.toBeUndefined();
      const token = caller ? world.tokens[caller] : undefined;
      const { required, optional, wrap, unwrap } = fieldsOf(route);
      const sample = unwrap(sampleOf(route.body, world.hints));
      const base = Object.fromEntries(required.map((k) => [k, sample[k]]));
      const problems: string[] = [];
      for (const field of optional) {
        for (const value of EMPTY_VALUES) {
          const res = await world.t.app.inject({
            method: route.method,
            url: pathOf(route, paramsOf(route)),
            headers: {
              'x-agency-id': 'demo',
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            payload: JSON.stringify(wrap({ ...base, [field]: value })),
          });
          const sent = `${field}=${JSON.stringify(value)} as ${caller ?? 'visitor'}`;
          if (res.statusCode >= 500) problems.push(`${sent}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
          if (!route.rawResponse && !AnyEnvelope.safeParse(isJson ? res.json() : undefined).success)
            problems.push(`${sent}: not an envelope: ${res.body.slice(0, 200)}`);
        }
      }
      expect(problems, key).toEqual([]);
    },
  );
});
