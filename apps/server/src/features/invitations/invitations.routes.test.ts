// API tests of invitations (docs/users.md "Inviting an existing account"): an agency admin invites an account of
// another agency by username; the person is told (a notice), sees it on their page and only an acceptance makes
// them a member with the invited role; refusing or letting it expire changes nothing; an unknown username is
// answered exactly like a known one; a member answers 409; the open invitations are capped; other agencies' and
// other users' invitations are not found.
import {
  AgencyInvitation,
  INVITATION_SENT,
  INVITATIONS_OPEN_MAX,
  InvitationAnswer,
  InvitationSent,
  MyInvitation,
  type AgencyParent,
  type AgencyUser,
  type LoginInfo,
  type Notice,
} from '@edu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentChildren, userRoles } from '../../db/schema.js';
import { notices } from '../../db/schema-notices.js';
import { agencyInvitations, agencyMembers } from '../../db/schema-users.js';
import { createTestApp, expectError as expectErrorOf, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';

let t: TestApp;
let agency: string;
let other: string;
const DAY = 24 * 3600_000;
type Page<T> = { total: number; list: T[] };
let serial = 0;
/** expectError that hands the response back, to read its errmsg. */
const expectError = <R extends Parameters<typeof expectErrorOf>[0]>(r: R, errno: number): R => {
  expectErrorOf(r, errno);
  return r;
};

/** An account of the other agency (a student there unless told), logged in. */
async function outsider(roles = ['edu:agency:other:student'], name = '他校学生') {
  const username = `inv_${++serial}`;
  const id = await addUser(t, username, name, roles);
  await t.db.insert(agencyMembers).values({ agencyId: 'other', userId: id, createdHere: true });
  return { id, username, token: await t.login(username) };
}

const invite = (username: string, role: string, token = agency, ag = 'demo') =>
  t.call<InvitationSent>('PUT', '/v1/users/invitation', { token, agency: ag, body: { request: { username, role } } });
const sent = async (username: string, role: string) => InvitationSent.parse(expectOk(await invite(username, role)));
const listed = async (query = '', token = agency, ag = 'demo') =>
  expectOk(
    await t.call<Page<AgencyInvitation>>('GET', `/v1/users/invitations${query}`, { token, agency: ag }),
  ).list.map((i) => AgencyInvitation.parse(i));
const mine = async (token: string) =>
  expectOk(await t.call<MyInvitation[]>('GET', '/v1/invitation/mine', { token })).map((i) => MyInvitation.parse(i));
const answer = (token: string, id: string, how: 'accept' | 'refuse') =>
  t.call<InvitationAnswer>('POST', `/v1/invitation/${id}/${how}`, { token });
const me = async (token: string) => expectOk(await t.call<LoginInfo>('GET', '/v1/auth/me', { token }));
const noticesOf = async (token: string) =>
  expectOk(await t.call<Page<Notice>>('GET', '/v1/notice/list?size=50', { token })).list;
const rolesOf = async (userId: number) =>
  (await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);

beforeAll(async () => {
  t = await createTestApp();
  [agency, other] = await Promise.all([t.login('agency'), t.login('other')]);
});
afterAll(() => t.close());

describe('inviting', () => {
  it('tells the invited person and changes nothing until they accept; then they are a student of the agency', async () => {
    const o = await outsider();
    const before = await rolesOf(o.id);
    const r = await sent(o.username, 'student');
    expect(r).toEqual({ message: INVITATION_SENT, expiresAt: t.clock.now() + 7 * DAY });

    const [row] = await listed();
    expect(row).toMatchObject({
      username: o.username,
      role: 'student',
      status: 'pending',
      invitedBy: '演示机构管理员',
    });
    const [waiting] = await mine(o.token);
    expect(waiting).toMatchObject({ id: row.id, agency: { id: 'demo', name: '演示机构' }, role: 'student' });
    const notice = (await noticesOf(o.token)).find((n) => n.kind === 'agency_invitation');
    expect(notice).toMatchObject({ agencyId: 'demo', link: '/invitations', readAt: null });
    expect(notice?.title).toContain('演示机构');
    expect(notice?.body).toContain('学生');
    // Nothing changed yet: no role, no agency, not on the agency's list.
    expect(await rolesOf(o.id)).toEqual(before);
    expect((await me(o.token)).agencies.map((a) => a.id)).toEqual(['other']);
    expectError(await t.call('GET', '/v1/train/history', { token: o.token, agency: 'demo' }), 403);

    const accepted = InvitationAnswer.parse(expectOk(await answer(o.token, row.id, 'accept')));
    expect(accepted).toEqual({
      id: row.id,
      agency: { id: 'demo', name: '演示机构' },
      role: 'student',
      status: 'accepted',
    });
    expect(await rolesOf(o.id)).toEqual(expect.arrayContaining([...before, 'edu:agency:demo:student']));
    expect((await me(o.token)).agencies.map((a) => a.id).sort()).toEqual(['demo', 'other']);
    expectOk(await t.call('GET', '/v1/train/history', { token: o.token, agency: 'demo' }));
    const students = expectOk(
      await t.call<Page<AgencyUser>>('GET', `/v1/users/students?keyword=${o.username}`, {
        token: agency,
        agency: 'demo',
      }),
    );
    // A member the agency did not create: it may not reset the password (docs/users.md "Passwords").
    expect(students.list).toEqual([expect.objectContaining({ username: o.username, canResetPassword: false })]);
    expect((await listed()).find((i) => i.id === row.id)).toMatchObject({ status: 'accepted' });
    expect(await mine(o.token)).toEqual([]);
    // Answered once: a second answer changes nothing.
    expect(expectError(await answer(o.token, row.id, 'refuse'), 409).body.errmsg).toContain('已经处理过');
  });

  it('gives the invited role: a teacher, or a parent listed among the agency parents it did not create', async () => {
    const teacher = await outsider(['edu:agency:other:teacher'], '他校老师');
    await sent(teacher.username, 'teacher');
    const [ti] = await mine(teacher.token);
    expectOk(await answer(teacher.token, ti.id, 'accept'));
    expect(await rolesOf(teacher.id)).toContain('edu:agency:demo:teacher');
    const teachers = expectOk(
      await t.call<Page<AgencyUser>>('GET', `/v1/users/teachers?keyword=${teacher.username}`, {
        token: agency,
        agency: 'demo',
      }),
    );
    expect(teachers.total).toBe(1);

    const parent = await outsider(['edu:parent'], '他校家长');
    const child = await outsider();
    await t.db.insert(parentChildren).values({ parentId: parent.id, childId: child.id });
    await sent(parent.username, 'parent');
    const [pi] = await mine(parent.token);
    expect(pi.role).toBe('parent');
    expectOk(await answer(parent.token, pi.id, 'accept'));
    const parents = expectOk(
      await t.call<Page<AgencyParent>>('GET', `/v1/admin/parents?keyword=${parent.username}`, {
        token: agency,
        agency: 'demo',
      }),
    );
    expect(parents.list).toEqual([expect.objectContaining({ username: parent.username, canResetPassword: false })]);
    // The reset is refused too (the agency did not create the account).
    expectError(
      await t.call('POST', `/v1/admin/parent/${parents.list[0].id}/password`, { token: agency, agency: 'demo' }),
      403,
    );
  });

  it('answers an unknown username exactly as a known one, and nobody is told', async () => {
    const known = await outsider();
    const told = async () => (await t.db.select().from(notices).where(eq(notices.kind, 'agency_invitation'))).length;
    const before = await told();
    const a = await invite(known.username, 'student');
    expect(await told()).toBe(before + 1);
    const b = await invite('inv_nobody_has_this', 'student');
    expect(await told()).toBe(before + 1);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    const rows = await listed('?status=pending');
    const unknown = rows.find((i) => i.username === 'inv_nobody_has_this');
    const knownRow = rows.find((i) => i.username === known.username);
    // Listed alike: the list does not tell either which usernames exist.
    expect(Object.keys(unknown!).sort()).toEqual(Object.keys(knownRow!).sort());
    expect(unknown).toMatchObject({ status: 'pending', role: 'student' });
    const [stored] = await t.db
      .select()
      .from(agencyInvitations)
      .where(eq(agencyInvitations.username, 'inv_nobody_has_this'));
    expect(stored.userId).toBeNull();
  });

  it('refuses a member of the agency with 409, whatever role the invitation offers', async () => {
    const parentOfStudent = 'parent';
    for (const [username, role] of [
      ['student', 'teacher'],
      ['teacher', 'student'],
      ['agency', 'teacher'],
      [parentOfStudent, 'parent'],
    ] as const) {
      const r = expectError(await invite(username, role), 409);
      expect(r.body.errmsg).toBe(`${username} 已是本机构的成员，无需邀请`);
    }
    expect((await listed()).some((i) => ['student', 'teacher', 'agency', 'parent'].includes(i.username))).toBe(false);
  });

  it('lets a refusal or an expiry change nothing; inviting again renews the invitation and its notice', async () => {
    const o = await outsider();
    await sent(o.username, 'teacher');
    const [first] = await mine(o.token);
    expect(InvitationAnswer.parse(expectOk(await answer(o.token, first.id, 'refuse'))).status).toBe('refused');
    expect(await rolesOf(o.id)).not.toContain('edu:agency:demo:teacher');
    expect((await listed()).find((i) => i.id === first.id)?.status).toBe('refused');
    expect(expectError(await answer(o.token, first.id, 'accept'), 409).body.errmsg).toContain('已经处理过');

    // A new invitation after a refusal is a new one; left alone it expires.
    await sent(o.username, 'student');
    const [second] = await mine(o.token);
    expect(second.id).not.toBe(first.id);
    t.clock.advance(7 * DAY);
    // Sessions idle out over a week: log in again.
    [agency, other, o.token] = await Promise.all([t.login('agency'), t.login('other'), t.login(o.username)]);
    expect(await mine(o.token)).toEqual([]);
    expect((await listed()).find((i) => i.id === second.id)?.status).toBe('expired');
    expect(expectError(await answer(o.token, second.id, 'accept'), 409).body.errmsg).toContain('已过期');
    expect(await rolesOf(o.id)).not.toContain('edu:agency:demo:student');

    // Inviting again renews the open (expired) one: a new expiry, the notice unread again.
    const notice = (await noticesOf(o.token)).find((n) => n.kind === 'agency_invitation')!;
    expectOk(await t.call('POST', `/v1/notice/${notice.id}/read`, { token: o.token }));
    const renewed = await sent(o.username, 'teacher');
    expect(renewed.expiresAt).toBe(t.clock.now() + 7 * DAY);
    const [again] = await mine(o.token);
    expect(again).toMatchObject({ id: second.id, role: 'teacher' });
    const fresh = (await noticesOf(o.token)).filter((n) => n.kind === 'agency_invitation');
    expect(fresh.find((n) => n.id === notice.id)).toMatchObject({ readAt: null });
    expectOk(await answer(o.token, again.id, 'accept'));
    expect(await rolesOf(o.id)).toContain('edu:agency:demo:teacher');
  });

  it('makes a student who had left the agency a member again', async () => {
    const o = await outsider();
    await t.db.insert(agencyMembers).values({ agencyId: 'demo', userId: o.id, leftAt: new Date(t.clock.now()) });
    await sent(o.username, 'student');
    const [i] = await mine(o.token);
    expectOk(await answer(o.token, i.id, 'accept'));
    const [m] = await t.db
      .select()
      .from(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, 'demo'), eq(agencyMembers.userId, o.id)));
    expect(m).toMatchObject({ leftAt: null, createdHere: false });
  });

  it('withdraws an unanswered invitation: the person no longer sees it nor can accept it', async () => {
    const o = await outsider();
    await sent(o.username, 'student');
    const [i] = await mine(o.token);
    expectOk(await t.call('DELETE', `/v1/users/invitation/${i.id}`, { token: agency, agency: 'demo' }));
    expect(await mine(o.token)).toEqual([]);
    expectError(await answer(o.token, i.id, 'accept'), 404);
    expectError(await t.call('DELETE', `/v1/users/invitation/${i.id}`, { token: agency, agency: 'demo' }), 404);
  });

  it(`caps the open invitations of an agency at ${INVITATIONS_OPEN_MAX}; renewing one still works`, async () => {
    const now = new Date(t.clock.now());
    const open = (await listed('?status=pending&size=200')).length;
    await t.db.insert(agencyInvitations).values(
      Array.from({ length: INVITATIONS_OPEN_MAX - open }, (_, k) => ({
        agencyId: 'demo',
        username: `inv_cap_${k}`,
        role: 'student',
        createdAt: now,
        expiresAt: new Date(now.getTime() + DAY),
      })),
    );
    expect(expectError(await invite('inv_cap_new', 'student'), 409).body.errmsg).toContain(
      String(INVITATIONS_OPEN_MAX),
    );
    expectOk(await invite('inv_cap_0', 'teacher'));
    await t.db.delete(agencyInvitations).where(eq(agencyInvitations.agencyId, 'demo'));
  });
});

describe('who', () => {
  it('lets only the agency admin invite, list and withdraw', async () => {
    const [teacher, student, admin, parent] = await Promise.all(
      ['teacher', 'student', 'admin', 'parent'].map((u) => t.login(u)),
    );
    for (const token of [teacher, student, admin]) {
      expectError(await invite('inv_x', 'student', token), 403);
      expectError(await t.call('GET', '/v1/users/invitations', { token, agency: 'demo' }), 403);
    }
    expectError(await invite('inv_x', 'student', parent), 403);
    expectError(
      await t.call('PUT', '/v1/users/invitation', { body: { request: { username: 'x', role: 'student' } } }),
      401,
    );
  });

  it("keeps each agency's invitations and each person's to themselves (404)", async () => {
    const o = await outsider();
    const stranger = await outsider();
    await sent(o.username, 'student');
    const [i] = await mine(o.token);
    // The other agency lists none of demo's, and may not withdraw one.
    expect((await listed('', other, 'other')).some((x) => x.id === i.id)).toBe(false);
    expectError(await t.call('DELETE', `/v1/users/invitation/${i.id}`, { token: other, agency: 'other' }), 404);
    // Another user may not answer it, nor the inviting admin.
    expectError(await answer(stranger.token, i.id, 'accept'), 404);
    expectError(await answer(agency, i.id, 'accept'), 404);
    expectError(await answer(o.token, 'abc', 'accept'), 404);
    expect(await mine(stranger.token)).toEqual([]);
    expect(await rolesOf(stranger.id)).not.toContain('edu:agency:demo:student');
  });

  it('refuses a bad role or an empty username with 400 naming the field', async () => {
    const bad = expectError(await invite('someone', 'admin'), 400);
    expect(JSON.stringify(bad.body)).toContain('request.role');
    const empty = expectError(await invite('   ', 'student'), 400);
    expect(JSON.stringify(empty.body)).toContain('request.username');
  });
});

describe('INVITATION_DAYS', () => {
  it('sets how long an invitation waits', async () => {
    const short = await createTestApp({ config: { invitationValidMs: 2 * DAY } });
    try {
      const token = await short.login('agency');
      const r = await short.call<InvitationSent>('PUT', '/v1/users/invitation', {
        token,
        agency: 'demo',
        body: { request: { username: 'other', role: 'teacher' } },
      });
      expect(InvitationSent.parse(expectOk(r)).expiresAt).toBe(short.clock.now() + 2 * DAY);
    } finally {
      await short.close();
    }
  });
});
