// A parent's children list shows, per child, only the agencies where the child is an enabled student: an agency
// that suspended the child's membership is left out, and the parent reads nothing of the child there
// (docs/parents.md "What a parent reads", docs/users.md "Membership").
import { ParentChild } from '@edu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentChildren, userRoles } from '../../db/schema.js';
import { agencyMembers } from '../../db/schema-users.js';
import { createTestApp, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';

let t: TestApp;
let parent: string;
let childId: number;
let sibling: number;

const children = async () =>
  expectOk(await t.call<ParentChild[]>('GET', '/v1/parent/children', { token: parent })).map((c) =>
    ParentChild.parse(c),
  );
const agenciesOf = async (id: number) => (await children()).find((c) => c.id === String(id))?.agencies.map((a) => a.id);
const suspend = (agencyId: string, userId: number, at: Date | null) =>
  t.db
    .update(agencyMembers)
    .set({ disabledAt: at })
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, userId)));

beforeAll(async () => {
  t = await createTestApp();
  // A child who is a student of both agencies, and a sibling in `other` only (the parent acts there through it).
  childId = await addUser(t, 'susp_child', '两校学生', ['edu:agency:demo:student', 'edu:agency:other:student']);
  sibling = await addUser(t, 'susp_sibling', '他校学生', ['edu:agency:other:student']);
  const parentId = await addUser(t, 'susp_parent', '两校家长', ['edu:parent']);
  await t.db.insert(agencyMembers).values([
    { agencyId: 'demo', userId: childId },
    { agencyId: 'other', userId: childId },
    { agencyId: 'other', userId: sibling },
  ]);
  await t.db.insert(parentChildren).values([
    { parentId, childId },
    { parentId, childId: sibling },
  ]);
  parent = await t.login('susp_parent');
});
afterAll(() => t.close());

describe('a child suspended by one of its agencies', () => {
  it('is listed without that agency, and read there by nobody through the parent; enabling brings it back', async () => {
    expect(await agenciesOf(childId)).toEqual(['demo', 'other']);
    const history = () => t.call('GET', `/v1/parent/child/${childId}/history`, { token: parent, agency: 'other' });
    expect((await history()).status).toBe(200);

    await suspend('other', childId, new Date(t.clock.now()));
    expect(await agenciesOf(childId)).toEqual(['demo']);
    expect(await agenciesOf(sibling)).toEqual(['other']);
    // The parent still acts in `other` through the sibling, but reads nothing of the suspended child there.
    expect((await history()).status).toBe(404);
    // The role itself is kept (a suspension removes nothing).
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, childId));
    expect(roles.map((r) => r.role)).toContain('edu:agency:other:student');

    await suspend('other', childId, null);
    expect(await agenciesOf(childId)).toEqual(['demo', 'other']);
  });
});
