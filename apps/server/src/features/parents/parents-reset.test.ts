// An agency resets a parent's password (docs/parents.md "Forgotten passwords"): only when every child is a student
// of this agency alone, the account holds no role but the parent's and no other agency created it; the new password
// is an initial one (changed at the next login) and every session ends. Refusals are 403 saying who can; ids the
// agency cannot see are 404; nothing changes on a refusal.
import { AgencyParent, type PasswordReset } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentChildren, users } from '../../db/schema.js';
import { agencyParents } from '../../db/schema-parents.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';
import { RESET_REFUSED } from './parents.service.js';

let t: TestApp;
let agency: string;
let parentAdmin: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  agency = await t.login('agency');
  await addUser(t, 'reset-padmin', '家长管理员', ['edu:agency:demo:parent:admin']);
  parentAdmin = await t.login('reset-padmin');
  ids.kidHere = await addUser(t, 'reset-kid', '本机构学生', ['edu:agency:demo:student']);
  ids.kidBoth = await addUser(t, 'reset-kid2', '两机构学生', ['edu:agency:demo:student', 'edu:agency:other:student']);
  const parent = async (username: string, roles: string[], kids: number[]) => {
    ids[username] = await addUser(t, username, `${username} 家长`, ['edu:parent', ...roles]);
    for (const k of kids) await t.db.insert(parentChildren).values({ parentId: ids[username], childId: k });
  };
  await parent('reset-ok', [], [ids.kidHere]);
  await parent('reset-two', [], [ids.kidHere, ids.kidBoth]);
  await parent('reset-staff', ['edu:agency:other:teacher'], [ids.kidHere]);
  await parent('reset-foreign', [], [ids.kidHere]);
  await t.db.insert(agencyParents).values({ agencyId: 'other', parentId: ids['reset-foreign'] });
});
afterAll(() => t.close());

const reset = (token: string, id: number | string, agencyId = 'demo') =>
  t.call<PasswordReset>('POST', `/v1/admin/parent/${id}/password`, { token, agency: agencyId });
const hashOf = async (id: number) =>
  (await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0].h;

describe('resetting a parent’s password', () => {
  it('resets a parent whose children are this agency’s alone: initial password, sessions ended', async () => {
    const old = await t.login('reset-ok');
    const r = expectOk(await reset(agency, ids['reset-ok']));
    expect(r.username).toBe('reset-ok');
    expect(r.password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    expectError(await t.call('GET', '/v1/auth/me', { token: old }), 401);
    const login = await t.call<{ user: { mustChangePassword: boolean } }>('POST', '/v1/auth/login', {
      body: { request: { username: 'reset-ok', password: r.password } },
    });
    expect(expectOk(login).user.mustChangePassword).toBe(true);
    expect(await hashOf(ids['reset-ok'])).toMatch(/^\$argon2id\$v=19\$m=4096,t=1,p=1\$/);
    // The agency's parent admin may too; the list says so.
    expectOk(await reset(parentAdmin, ids['reset-ok']));
    const page = expectOk(
      await t.call<{ list: AgencyParent[] }>('GET', '/v1/admin/parents?size=200&keyword=reset-', {
        token: agency,
        agency: 'demo',
      }),
    );
    const can = Object.fromEntries(page.list.map((p) => [AgencyParent.parse(p).username, p.canResetPassword]));
    expect(can).toEqual({ 'reset-ok': true, 'reset-two': false, 'reset-staff': false, 'reset-foreign': false });
  });

  it.each([
    ['reset-two', RESET_REFUSED.children],
    ['reset-staff', RESET_REFUSED.roles],
    ['reset-foreign', RESET_REFUSED.creator],
  ])('refuses %s with 403 saying who can, and changes nothing', async (username, message) => {
    const before = await hashOf(ids[username]);
    const r = await reset(agency, ids[username]);
    expectError(r, 403);
    expect(r.body.errmsg).toBe(message);
    expect(await hashOf(ids[username])).toBe(before);
    expect(await t.login(username)).toBeTruthy();
  });

  it('is for the agency’s admins: others 403, another agency and unknown ids 404', async () => {
    expectError(await reset(await t.login('teacher'), ids['reset-ok']), 403);
    expectError(await reset(await t.login('other'), ids['reset-ok'], 'other'), 404);
    expectError(await reset(agency, 99_999_999), 404);
    expectError(await reset(agency, 'abc'), 404);
    // A student of the agency is no parent of it.
    expectError(await reset(agency, ids.kidHere), 404);
  });
});
