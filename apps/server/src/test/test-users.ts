// Extra accounts for API tests (the demo seed has one student, and none in agency `other`).
import { eq } from 'drizzle-orm';
import { userRoles, users } from '../db/schema.js';
import { classes, classMembers, classTeachers } from '../db/schema-classes.js';
import { DEMO_PASSWORD } from '../seed/seed-data.js';
import { hashPassword } from '../lib/password.js';
import type { TestApp } from './test-app.js';

/** Creates a user with the demo password and the given roles; returns its id. */
export async function addUser(t: TestApp, username: string, name: string, roles: string[]): Promise<number> {
  const [row] = await t.db
    .insert(users)
    .values({ username, name, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  if (roles.length) await t.db.insert(userRoles).values(roles.map((role) => ({ userId: row.id, role })));
  return row.id;
}

/**
 * Makes the user a teacher (or `student`: a member) of the demo's ordinary class 初一（1）班, which holds every
 * demo student: a teacher then reads the demo students' records (docs/classes.md "Whose records a teacher reads").
 */
export async function joinDemoClass(t: TestApp, userId: number, as: 'teacher' | 'student' = 'teacher') {
  const [c] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.name, '初一（1）班')).limit(1);
  if (!c) throw new Error('the demo class 初一（1）班 is missing');
  const table = as === 'teacher' ? classTeachers : classMembers;
  await t.db.insert(table).values({ classId: c.id, userId }).onConflictDoNothing();
}
