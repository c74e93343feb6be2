// The marking queue's class filter (docs/marking.md "The queue"): GET /v1/marking/classes answers the classes whose
// tasks' answers the caller may mark — all the agency's for its admin, the taught ones for a teacher, those given
// homework tasks for a homework teacher assigned to the agency — and never another agency's.
import { MarkingClass } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { classes, classTeachers } from '../../db/schema-classes.js';
import { tasks } from '../../db/schema-tasks.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';

let t: TestApp;

async function addClass(agencyId: string, name: string, archived = false) {
  const [c] = await t.db
    .insert(classes)
    .values({ agencyId, kind: 'ordinary', name, archivedAt: archived ? new Date() : null })
    .returning({ id: classes.id });
  return c.id;
}
const userId = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const task = (agencyId: string, classId: number, homework: boolean) =>
  t.db.insert(tasks).values({
    agencyId,
    title: '作业',
    schemeId: 1,
    schemeType: 'paper',
    classId,
    startAt: new Date(Date.UTC(2026, 0, 1)),
    deadline: new Date(Date.UTC(2026, 0, 8)),
    latePolicy: 'none',
    homework,
  });

beforeAll(async () => {
  t = await createTestApp();
  const taught = await addClass('demo', 'MK 甲班');
  const homework = await addClass('demo', 'MK 乙班');
  await addClass('demo', 'MK 丙班（已归档）', true);
  const foreign = await addClass('other', 'MK 他校班');
  await t.db.insert(classTeachers).values({ classId: taught, userId: await userId('teacher') });
  await task('demo', homework, true);
  await task('demo', taught, false);
  await task('other', foreign, true);
});
afterAll(() => t.close());

const names = async (username: string, agencyId = 'demo') => {
  const r = await t.call<MarkingClass[]>('GET', '/v1/marking/classes', {
    token: await t.login(username),
    agency: agencyId,
  });
  return expectOk(r)
    .map((c) => MarkingClass.parse(c))
    .filter((c) => c.name.startsWith('MK '))
    .map((c) => `${c.name}${c.archived ? ' archived' : ''}`);
};

describe('GET /v1/marking/classes', () => {
  it('gives the agency admin every class, archived ones last', async () => {
    expect(await names('agency')).toEqual(['MK 乙班', 'MK 甲班', 'MK 丙班（已归档） archived']);
  });

  it('gives a teacher the classes they teach, a homework teacher those with homework tasks', async () => {
    expect(await names('teacher')).toEqual(['MK 甲班']);
    expect(await names('tutor')).toEqual(['MK 乙班']);
  });

  it('never answers another agency’s classes; others are refused', async () => {
    expect(await names('other', 'other')).toEqual(['MK 他校班']);
    expectError(await t.call('GET', '/v1/marking/classes', { token: await t.login('student'), agency: 'demo' }), 403);
    expectError(await t.call('GET', '/v1/marking/classes', { token: await t.login('tutor'), agency: 'other' }), 403);
  });
});
