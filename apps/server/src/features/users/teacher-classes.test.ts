// GET /v1/users/teacher/{id}/classes (docs/users.md "Pages"): the classes in use a teacher teaches in the agency,
// by name and paged past 200; archived classes, classes they do not teach and other agencies' are left out; an id
// that is no teacher of the agency answers 404; the teacher list's roles only.
import { TeacherClass } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { classes, classMembers, classTeachers } from '../../db/schema-classes.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';

let t: TestApp;
let agency: string;
let teacherId: number;
const TAUGHT = 205;

beforeAll(async () => {
  t = await createTestApp();
  agency = await t.login('agency');
  teacherId = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'teacher')))[0].id;
  const made = await t.db
    .insert(classes)
    .values([
      ...Array.from({ length: TAUGHT }, (_, i) => ({
        agencyId: 'demo',
        kind: i % 2 ? 'event' : 'ordinary',
        name: `TC ${String(i).padStart(3, '0')}`,
        gradeId: 'g7',
      })),
      { agencyId: 'demo', kind: 'ordinary', name: 'TC 已归档', archivedAt: new Date() },
      { agencyId: 'demo', kind: 'ordinary', name: 'TC 不教的班' },
      { agencyId: 'other', kind: 'ordinary', name: 'TC 他校班' },
    ])
    .returning({ id: classes.id, name: classes.name });
  const notTaught = made.find((c) => c.name === 'TC 不教的班')!.id;
  await t.db
    .insert(classTeachers)
    .values(made.filter((c) => c.id !== notTaught).map((c) => ({ classId: c.id, userId: teacherId })));
  const student = await addUser(t, 'tc-student', '班级学生', ['edu:agency:demo:student']);
  await t.db.insert(classMembers).values({ classId: made[0].id, userId: student });
});
afterAll(() => t.close());

const page = (token: string, query: string, id: number | string = teacherId, agencyId = 'demo') =>
  t.call<{ total: number; list: TeacherClass[] }>('GET', `/v1/users/teacher/${id}/classes${query}`, {
    token,
    agency: agencyId,
  });

describe('a teacher’s classes', () => {
  it('pages every class in use the teacher teaches, by name', async () => {
    const first = expectOk(await page(agency, '?start=0&size=200'));
    const tc = first.list.filter((c) => c.name.startsWith('TC '));
    expect(first.list).toHaveLength(200);
    expect(Number(first.total)).toBeGreaterThanOrEqual(TAUGHT);
    expect(TeacherClass.parse(tc[0])).toMatchObject({
      name: 'TC 000',
      kind: 'ordinary',
      gradeName: '初一',
      memberCount: 1,
    });
    const rest = expectOk(await page(agency, '?start=200&size=200'));
    const names = [...first.list, ...rest.list].map((c) => c.name);
    const taught = names.filter((n) => n.startsWith('TC '));
    expect(taught).toEqual(Array.from({ length: TAUGHT }, (_, i) => `TC ${String(i).padStart(3, '0')}`));
    expect(names).not.toContain('TC 已归档');
    expect(names).not.toContain('TC 不教的班');
    expect(names).not.toContain('TC 他校班');
    // Past the end: no rows, the count still.
    const past = expectOk(await page(agency, '?start=1000&size=20'));
    expect(past.list).toEqual([]);
    expect(past.total).toBe(first.total);
  });

  it('answers 404 for an id that is no teacher of the agency, and refuses other roles', async () => {
    expectError(await page(agency, '', 99_999_999), 404);
    expectError(
      await page(agency, '', (await t.db.select().from(users).where(eq(users.username, 'student')))[0].id),
      404,
    );
    expectError(await page(await t.login('other'), '', teacherId, 'other'), 404);
    expectError(await page(await t.login('teacher'), ''), 403);
    expectError(await page(agency, '?size=201'), 400);
  });
});
