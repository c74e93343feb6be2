// The API's access rules against a table written by hand (api-access.table.ts), as the web's routes are checked
// against route-matrix.golden.ts. The other access tests (access.test.ts, org-isolation.test.ts) take their
// expectations from the same rule objects and `satisfies` the server uses, so a wrong rule passes them; here the
// expectation is the table's literal masks, and a rule that differs fails:
//   1. the table lists every route of the contract exactly once;
//   2. each route's declared rule (`API[…].access` in @edu/contract) says what its row says;
//   3. each route, called by one user per role (and a visitor), refuses exactly the users its row refuses.
// Tried when the test was written: giving `GET /v1/exam/repositories/store` the readers' rule instead of the
// authors' (contract api/question.ts, `access: reader`) failed 2 with "the table (TABLE line 44) says "roles agency
// ....... aq......", the server declares "roles agency ....... aqr...T." / the server also lets
// edu:agency:{agency}:train:admin, edu:agency:{agency}:teacher" and 3 with "r (edu:agency:demo:train:admin): the
// table refuses it, the server let it through (200)" and the same for T. A role taken out shows the other way round
// ("the server refuses …, which the table lets through" and "the table lets it through, the server refused it").
// docs/security.md "Who may call which route".
import { API_ROUTE_TABLE, agencyRole, routeKey, type ApiRoute } from '@edu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyMembers } from '../db/schema-users.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { addUser } from '../test/test-users.js';
import { AGENCY_COLUMNS, PLATFORM_COLUMNS, parseTable, type AccessRow } from './api-access.table.js';

const ROWS = parseTable();
const ROW_BY_KEY = new Map(ROWS.map((r) => [r.key, r]));
const ROUTES = [...API_ROUTE_TABLE.values()];
const label = (r: ApiRoute) => routeKey(r.method, r.path);

type PlatformLetter = keyof typeof PLATFORM_COLUMNS;
type AgencyLetter = keyof typeof AGENCY_COLUMNS;
const PLATFORM_LETTERS = Object.keys(PLATFORM_COLUMNS) as PlatformLetter[];
const AGENCY_LETTERS = Object.keys(AGENCY_COLUMNS) as AgencyLetter[];

/** The server's declared rule, written the way the table writes it (or why it cannot be). */
function declared(r: ApiRoute): Omit<AccessRow, 'key' | 'line'> | string {
  const a = r.access;
  if (a.kind === 'public') return { kind: 'public', agency: false, platform: '*******', agencyMask: '********' };
  if (a.kind === 'login') return { kind: 'login', agency: a.agency, platform: '*******', agencyMask: '********' };
  const held = new Set<string>();
  for (const alt of a.roles) {
    if (alt.length !== 1) return `needs several roles at once (${alt.join(' + ')}), which the table cannot write`;
    held.add(alt[0]);
  }
  const known = new Set<string>([
    ...Object.values(PLATFORM_COLUMNS),
    ...Object.values(AGENCY_COLUMNS).map((k) => `edu:agency:{agency}:${k}`),
  ]);
  const unknown = [...held].filter((role) => !known.has(role));
  if (unknown.length) return `names roles the table has no column for: ${unknown.join(', ')}`;
  return {
    kind: a.kind === 'ownCheck' ? 'own' : 'roles',
    agency: a.kind === 'roles' && a.agency,
    platform: PLATFORM_LETTERS.map((l) => (held.has(PLATFORM_COLUMNS[l]) ? l : '.')).join(''),
    agencyMask: AGENCY_LETTERS.map((l) => (held.has(`edu:agency:{agency}:${AGENCY_COLUMNS[l]}`) ? l : '.')).join(''),
  };
}

/** The roles a row's masks let through, as role strings (for messages). */
function rolesOf(platform: string, agencyMask: string): string[] {
  return [
    ...PLATFORM_LETTERS.filter((l, i) => platform[i] === l).map((l) => PLATFORM_COLUMNS[l]),
    ...AGENCY_LETTERS.filter((l, i) => agencyMask[i] === l).map((l) => `edu:agency:{agency}:${AGENCY_COLUMNS[l]}`),
  ];
}

const show = (x: { kind: string; agency: boolean; platform: string; agencyMask: string }) =>
  `${x.kind} ${x.agency ? 'agency' : '-'} ${x.platform} ${x.agencyMask}`;

describe('the table', () => {
  it('lists every route of the contract exactly once, and no other', () => {
    const keys = ROWS.map((r) => r.key);
    const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
    const missing = ROUTES.map(label).filter((k) => !ROW_BY_KEY.has(k));
    const extra = keys.filter((k) => !API_ROUTE_TABLE.has(k));
    expect({ twice, missing, extra }, 'add or remove rows in api-access.table.ts').toEqual({
      twice: [],
      missing: [],
      extra: [],
    });
  });
});

describe("the contract's declared rule of each route", () => {
  it.each(ROUTES.map((r) => [label(r), r] as const))('%s says what its row says', (name, r) => {
    const row = ROW_BY_KEY.get(name);
    if (!row) throw new Error(`${name}: no row in api-access.table.ts`);
    const d = declared(r);
    if (typeof d === 'string') throw new Error(`${name}: the server's rule ${d}`);
    if (show(d) === show(row)) return;
    const tableRoles = rolesOf(row.platform, row.agencyMask);
    const serverRoles = rolesOf(d.platform, d.agencyMask);
    const onlyServer = serverRoles.filter((x) => !tableRoles.includes(x));
    const onlyTable = tableRoles.filter((x) => !serverRoles.includes(x));
    const parts = [
      `${name}: the table (TABLE line ${row.line}) says "${show(row)}", the server declares "${show(d)}"`,
      ...(row.kind !== d.kind ? [`kind: table ${row.kind}, server ${d.kind}`] : []),
      ...(row.agency !== d.agency
        ? [`agency: table ${row.agency ? 'needs' : 'does not need'} X-Agency-Id, the server's rule the opposite`]
        : []),
      ...(onlyServer.length ? [`the server also lets ${onlyServer.join(', ')}`] : []),
      ...(onlyTable.length ? [`the server refuses ${onlyTable.join(', ')}, which the table lets through`] : []),
    ];
    expect.fail(parts.join('\n  '));
  });
});

// --- Behaviour: one user per column, each calling every route.

/** A caller: one role (a column of the table), or a visitor. */
interface Caller {
  column: PlatformLetter | AgencyLetter | 'visitor';
  role: string;
  token?: string;
  /**
   * May act in demo (docs/domain.md "Agencies, users, roles", written out here): every agency role and edu:admin;
   * the demo parent through their child and the demo tutor through their assignment; the other platform roles not.
   */
  actsInDemo: boolean;
}

let t: TestApp;
const callers: Caller[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The demo accounts hold one role each (docs/domain.md "Demo data"); the other roles get a new account.
  const demo: Partial<Record<PlatformLetter | AgencyLetter, string>> = {
    A: 'admin',
    H: 'tutor',
    P: 'parent',
    a: 'agency',
    T: 'teacher',
    S: 'student',
  };
  for (const l of PLATFORM_LETTERS) {
    const role = PLATFORM_COLUMNS[l];
    const username = demo[l] ?? `acc_${l.toLowerCase()}`;
    if (!demo[l]) await addUser(t, username, `权限表 ${role}`, [role]);
    callers.push({ column: l, role, token: await t.login(username), actsInDemo: ['A', 'H', 'P'].includes(l) });
  }
  for (const l of AGENCY_LETTERS) {
    const role = agencyRole(AGENCY_COLUMNS[l], 'demo');
    const username = demo[l] ?? `acc_agency_${AGENCY_COLUMNS[l].replace(':', '_')}`;
    if (!demo[l]) {
      const id = await addUser(t, username, `权限表 ${role}`, [role]);
      await t.db.insert(agencyMembers).values({ agencyId: 'demo', userId: id, createdHere: true });
    }
    callers.push({ column: l, role, token: await t.login(username), actsInDemo: true });
  }
  callers.push({ column: 'visitor', role: 'no login', actsInDemo: false });
});
afterAll(() => t.close());

/** What the row says of this caller in agency demo: let through the guards, or refused. */
function tableLets(row: AccessRow, c: Caller): boolean {
  if (row.kind === 'public') return true;
  if (c.column === 'visitor') return false;
  if (row.agency && !c.actsInDemo) return false;
  if (row.kind === 'login') return true;
  const i = PLATFORM_LETTERS.indexOf(c.column as PlatformLetter);
  return i >= 0
    ? row.platform[i] === c.column
    : row.agencyMask[AGENCY_LETTERS.indexOf(c.column as AgencyLetter)] === c.column;
}

/**
 * A call that the guards decide and nothing after them changes: a write carries a body that is not JSON, so a call
 * let through stops at 400 before its handler; a read runs. Path parameters are `1` (a value a parameter's schema
 * may refuse with 400, which still tells the guards let the call through).
 */
async function callAs(r: ApiRoute, c: Caller) {
  const url = r.path.replace(/:[A-Za-z0-9_]+/g, '1');
  const write = r.method !== 'GET';
  return t.call(r.method, url, {
    token: c.token,
    agency: 'demo',
    ...(write ? { body: '{"request":', headers: { 'content-type': 'application/json' } } : {}),
  });
}

// `own` routes refuse nobody at the guards; their own check is tested with them (OWN_CHECK_TESTS in access.test.ts).
const DRIVEN = ROUTES.filter((r) => ROW_BY_KEY.get(label(r))?.kind !== 'own');

describe('each route called by one user per role and a visitor, in agency demo', () => {
  it('calls every route but the own-check ones', () => {
    expect(DRIVEN.length).toBeGreaterThan(ROUTES.length - 5);
  });

  it.each(DRIVEN.map((r) => [label(r), r] as const))('%s refuses exactly whom its row refuses', async (name, r) => {
    const row = ROW_BY_KEY.get(name);
    if (!row) throw new Error(`${name}: no row in api-access.table.ts`);
    const wrong: string[] = [];
    for (const c of callers) {
      const res = await callAs(r, c);
      expect(res.status, `${name} as ${c.column}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      const refused = res.status === 401 || res.status === 403;
      const lets = tableLets(row, c);
      if (lets === !refused) continue;
      const who = `${c.column} (${c.role})`;
      wrong.push(
        lets
          ? `${who}: the table lets it through, the server refused it (${res.status} ${res.body?.errmsg ?? ''})`
          : `${who}: the table refuses it, the server let it through (${res.status})`,
      );
    }
    expect(wrong, `${name}, TABLE line ${row.line}`).toEqual([]);
  });
});
