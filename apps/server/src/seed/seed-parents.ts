// Demo parents (docs/parents.md "Demo data"): besides `parent` → `student`, a second family — `parent2`, parent of
// the second demo student `xiaohong` — so that pages listing parents and children show more than one. Runs in the
// demo seed's transaction on an empty database; an account already there is left as it is.
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { parentChildren, userRoles, users } from '../db/schema.js';

export const DEMO_FAMILY_2 = {
  child: { username: 'xiaohong', name: '王小红', roles: ['edu:agency:demo:student'] },
  parent: { username: 'parent2', name: '王小红家长', roles: ['edu:parent'] },
} as const;

async function ensureUser(tx: Tx, u: { username: string; name: string; roles: readonly string[] }, hash: string) {
  const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.username, u.username));
  if (found) return found.id;
  const [row] = await tx
    .insert(users)
    .values({ username: u.username, name: u.name, passwordHash: hash })
    .returning({ id: users.id });
  await tx.insert(userRoles).values(u.roles.map((role) => ({ userId: row.id, role })));
  return row.id;
}

/** `passwordHash`: the demo password's hash (every demo account shares it). */
export async function seedDemoParents(tx: Tx, passwordHash: string) {
  const childId = await ensureUser(tx, DEMO_FAMILY_2.child, passwordHash);
  const parentId = await ensureUser(tx, DEMO_FAMILY_2.parent, passwordHash);
  await tx.insert(parentChildren).values({ parentId, childId }).onConflictDoNothing();
}
