// API tests of an agency's admins given by the platform admin (docs/users.md "An agency's first admin").
import { AgencyAdmin, AgencyListItem, CreatedAgencyAdmin, LoginInfo, pageOf } from '@edu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../db/schema.js';
import { agencyMembers } from '../../db/schema-users.js';
import { createTestApp, expectError, expectOk, type TestApp, anyString } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';

let t: TestApp;
let admin: string;

const AgencyPage = pageOf(AgencyListItem);
const createAdmin = (agency: string, request: unknown, token = admin) =>
  t.call('PUT', `/v1/agency/${agency}/admin`, { token, body: { request } });
const addAdmin = (agency: string, request: unknown, token = admin) =>
  t.call('POST', `/v1/agency/${agency}/admins/add`, { token, body: { request } });
const adminsOf = async (agency: string) =>
  AgencyPage.parse(expectOk(await t.call('GET', `/v1/agencies?keyword=${agency}`, { token: admin }))).list.find(
    (a) => a.id === agency,
  )?.admins;
const fields = (r: { body: { response: unknown } }) =>
  (r.body.response as { fields: { path: string }[] }).fields.map((f) => f.path);
const rolesOf = async (userId: number) =>
  (await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const [id, name] of [
    ['north', '北方学校'],
    ['south', '南方学校'],
  ])
    expectOk(await t.call('PUT', '/v1/agency', { token: admin, body: { request: { id, name } } }));
});
afterAll(() => t.close());

describe('PUT /v1/agency/:id/admin (a new account)', () => {
  it('creates the first admin with a one-time password that must be changed, and the agency is usable', async () => {
    expect(await adminsOf('north')).toEqual([]);
    const made = CreatedAgencyAdmin.parse(
      expectOk(await createAdmin('north', { name: ' 北校管理员 ', username: 'boss' })),
    );
    expect(made.admin).toEqual({ id: anyString(), username: 'north_boss', name: '北校管理员' });
    expect(made.password).toMatch(/^\w{4}-\w{4}-\w{4}$/);
    expect(await adminsOf('north')).toEqual([made.admin]);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'north_boss'));
    expect(row.mustChangePassword).toBe(true);
    expect(await rolesOf(row.id)).toEqual(['edu:agency:north:admin']);
    const [member] = await t.db
      .select()
      .from(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, 'north'), eq(agencyMembers.userId, row.id)));
    expect(member.createdHere).toBe(true);

    // The new admin logs in, must change the password first, then works in the agency.
    const login = await t.call<LoginInfo>('POST', '/v1/auth/login', {
      body: { request: { username: 'north_boss', password: made.password } },
    });
    const info = LoginInfo.parse(expectOk(login));
    expect(info.user?.mustChangePassword).toBe(true);
    expect(info.agencies.map((a) => a.id)).toEqual(['north']);
    const token = info.access_token;
    expectError(await t.call('GET', '/v1/users/teachers', { token, agency: 'north' }), 403);
    expectOk(
      await t.call('POST', '/v1/auth/password', {
        token,
        body: { request: { oldPassword: made.password, newPassword: 'Beifang-Xuexiao-2026!' } },
      }),
    );
    const fresh = await t.login('north_boss', 'Beifang-Xuexiao-2026!');
    expect(expectOk(await t.call('GET', '/v1/users/teachers', { token: fresh, agency: 'north' }))).toMatchObject({
      total: 0,
    });
  });

  it('generates the username when none is given', async () => {
    const made = CreatedAgencyAdmin.parse(expectOk(await createAdmin('north', { name: '第二位管理员' })));
    expect(made.admin.username).toMatch(/^north_u\d{4}$/);
    expect((await adminsOf('north'))?.map((a) => a.name).sort()).toEqual(['北校管理员', '第二位管理员'].sort());
  });

  it('answers 409 for a taken username and 400 naming the field for bad input, and creates nothing', async () => {
    const taken = await createAdmin('north', { name: '重名', username: 'north_boss' });
    expectError(taken, 409);
    expect(taken.body.errmsg).toBe('用户名已被使用，请换一个');
    const bad = await createAdmin('north', { name: '  ', username: 'has space' });
    expectError(bad, 400);
    expect(fields(bad).sort()).toEqual(['request.name', 'request.username']);
    expectError(await createAdmin('north', {}), 400);
    expect((await adminsOf('north'))?.length).toBe(2);
    expect(await t.db.select().from(users).where(eq(users.name, '重名'))).toEqual([]);
  });

  it('answers 404 for an unknown agency', async () => {
    expectError(await createAdmin('nowhere', { name: '无' }), 404);
  });
});

describe('POST /v1/agency/:id/admins/add (an existing account)', () => {
  it('gives an existing account the admin role, seen at its next request', async () => {
    const teacher = await t.login('teacher');
    const added = AgencyAdmin.parse(expectOk(await addAdmin('south', { username: ' teacher ' })));
    expect(added).toMatchObject({ username: 'teacher', name: '张老师' });
    expect(await adminsOf('south')).toEqual([added]);
    const me = LoginInfo.parse(expectOk(await t.call('GET', '/v1/auth/me', { token: teacher })));
    expect(me.roles).toEqual(expect.arrayContaining(['edu:agency:demo:teacher', 'edu:agency:south:admin']));
    expect(me.agencies.map((a) => a.id).sort()).toEqual(['demo', 'south']);
    expectOk(await t.call('GET', '/v1/users/students', { token: teacher, agency: 'south' }));
    // The demo agency is untouched.
    expect((await adminsOf('demo'))?.map((a) => a.username)).toEqual(['agency']);
  });

  it('answers 409 when the account already is the admin, or its membership is suspended', async () => {
    const again = await addAdmin('south', { username: 'teacher' });
    expectError(again, 409);
    expect(again.body.errmsg).toContain('已是南方学校的管理员');
    const id = await addUser(t, 'paused', '停用老师', ['edu:agency:south:teacher']);
    await t.db.insert(agencyMembers).values({ agencyId: 'south', userId: id, disabledAt: new Date() });
    const paused = await addAdmin('south', { username: 'paused' });
    expectError(paused, 409);
    expect(paused.body.errmsg).toContain('已被停用');
    expect(await rolesOf(id)).toEqual(['edu:agency:south:teacher']);
  });

  it('answers 400 naming the username for an unknown or empty one, and 404 for an unknown agency', async () => {
    const unknown = await addAdmin('south', { username: 'nobody-here' });
    expectError(unknown, 400);
    expect(unknown.body.response).toEqual({
      fields: [{ path: 'request.username', message: '没有用户名为 nobody-here 的账号' }],
    });
    const empty = await addAdmin('south', { username: '   ' });
    expectError(empty, 400);
    expect(fields(empty)).toEqual(['request.username']);
    expectError(await addAdmin('nowhere', { username: 'teacher' }), 404);
    expect((await adminsOf('south'))?.map((a) => a.username)).toEqual(['teacher']);
  });
});

describe('who may give an agency its admins', () => {
  it('only the platform admin: 403 for agency admins, agency managers and teachers, 401 for visitors', async () => {
    await addUser(t, 'manager', '机构经理', ['edu:agency:admin']);
    const tokens = await Promise.all(['agency', 'manager', 'teacher', 'other'].map((u) => t.login(u)));
    for (const token of tokens) {
      expectError(await createAdmin('north', { name: '越权' }, token), 403);
      expectError(await addAdmin('north', { username: 'student' }, token), 403);
      expectError(await createAdmin('demo', { name: '越权' }, token), 403);
    }
    expectError(await t.call('PUT', '/v1/agency/north/admin', { body: { request: { name: '访客' } } }), 401);
    expect((await adminsOf('north'))?.length).toBe(2);
    expect(await t.db.select().from(users).where(eq(users.name, '越权'))).toEqual([]);
  });
});
