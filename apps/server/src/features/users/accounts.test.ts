// Agency account creation (the function bulk enrolment shares) and suspension of one agency's roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { agencyMembers } from '../../db/schema-users.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { ApiError } from '../../lib/api-error.js';
import { createAgencyAccount, generatePassword, USERNAME_TAKEN } from './accounts.js';
import { checkNewPassword } from '../../lib/password.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('createAgencyAccount', () => {
  it('generates prefixed usernames and passwords that pass the rule, and must change at first login', async () => {
    const [a, b] = await t.db.transaction(async (tx) => [
      await createAgencyAccount(tx, {
        agencyId: 'demo',
        name: '甲',
        roles: ['student'],
        gradeId: 'g7',
        subjectIds: ['en'],
      }),
      await createAgencyAccount(tx, { agencyId: 'demo', name: '乙', roles: ['student'] }),
    ]);
    expect(a.username).toMatch(/^demo_s\d{4}$/);
    expect(b.username).not.toBe(a.username);
    expect(a.generated).toBe(true);
    expect(checkNewPassword(a.password)).toBeNull();
    const [u] = await t.db.select().from(users).where(eq(users.id, a.userId));
    expect(u.mustChangePassword).toBe(true);
    const [m] = await t.db.select().from(agencyMembers).where(eq(agencyMembers.userId, a.userId));
    expect(m).toMatchObject({ agencyId: 'demo', createdHere: true, gradeId: 'g7', subjectIds: ['en'] });
    const token = await t.login(a.username, a.password);
    const me = expectOk(await t.call<{ roles: string[] }>('GET', '/v1/auth/me', { token }));
    expect(me.roles).toEqual(['edu:agency:demo:student']);
  });

  it('prefixes a given username, refuses a taken one without naming anyone, and a weak password', async () => {
    const made = await createAgencyAccount(t.db, {
      agencyId: 'other',
      name: '丙',
      username: 'zhang3',
      roles: ['teacher'],
    });
    expect(made.username).toBe('other_zhang3');
    await expect(
      createAgencyAccount(t.db, { agencyId: 'other', name: '丁', username: 'other_zhang3', roles: ['teacher'] }),
    ).rejects.toMatchObject({ code: 'conflict', errmsg: USERNAME_TAKEN });
    await expect(
      createAgencyAccount(t.db, { agencyId: 'demo', name: '戊', password: 'password123', roles: ['student'] }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(
      createAgencyAccount(t.db, { agencyId: 'demo', name: '己', roles: ['student'], gradeId: 'nope' }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it("rolls back with the caller's transaction", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await createAgencyAccount(tx, { agencyId: 'demo', name: '庚', username: 'rollback1', roles: ['student'] });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await t.db.select().from(users).where(eq(users.username, 'demo_rollback1'))).toEqual([]);
  });

  it('generated passwords differ', () => {
    expect(generatePassword()).not.toBe(generatePassword());
  });
});

describe('a suspended membership', () => {
  it('stops the agency honouring its roles while the other agency keeps its own', async () => {
    const made = await createAgencyAccount(t.db, {
      agencyId: 'demo',
      name: '两机构学生',
      roles: ['student'],
      password: 'kite-harbour-velvet-91',
      mustChangePassword: false,
    });
    await t.db.transaction(async (tx) => {
      const { userRoles } = await import('../../db/schema.js');
      await tx.insert(userRoles).values({ userId: made.userId, role: 'edu:agency:other:student' });
    });
    const token = await t.login(made.username, 'kite-harbour-velvet-91');
    expectOk(await t.call('GET', '/v1/wrong/list?start=0&size=10', { token, agency: 'demo' }));

    await t.db.update(agencyMembers).set({ disabledAt: new Date() }).where(eq(agencyMembers.userId, made.userId));
    const fresh = await t.login(made.username, 'kite-harbour-velvet-91');
    const me = expectOk(
      await t.call<{ roles: string[]; agencies: { id: string }[] }>('GET', '/v1/auth/me', { token: fresh }),
    );
    expect(me.roles).toEqual(['edu:agency:other:student']);
    expect(me.agencies.map((a) => a.id)).toEqual(['other']);
    expectError(await t.call('GET', '/v1/wrong/list?start=0&size=10', { token: fresh, agency: 'demo' }), 403);
    expectOk(await t.call('GET', '/v1/wrong/list?start=0&size=10', { token: fresh, agency: 'other' }));
  });
});
