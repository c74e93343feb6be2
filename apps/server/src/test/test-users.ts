// Extra accounts for API tests (the demo seed has one student, and none in agency `other`).
import { userRoles, users } from '../db/schema.js';
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
