// Demo data of the users part (docs/users.md "Demo data"): memberships for the seeded accounts, the demo students'
// grades and subjects, three more demo students created as the agency creates them, and the demo teacher's
// published profile. Runs inside the demo seed's transaction after the accounts exist and before the classes, which
// take every demo student (the demo seed runs only on an empty database, so it runs once).
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema.js';
import { agencyMembers, teacherProfiles } from '../db/schema-users.js';
import { createAgencyAccount } from '../features/users/accounts.js';
import { DEMO_PASSWORD } from './seed-data.js';

/** Students added by the agency (usernames generated: demo_s0001 …), all with the demo password. */
export const DEMO_EXTRA_STUDENTS = [
  { name: '赵一鸣', gradeId: 'g8', subjectIds: ['math', 'en'] },
  { name: '钱多多', gradeId: 'g7', subjectIds: ['en'] },
  { name: '孙悦', gradeId: 'g9', subjectIds: ['en', 'physics'] },
];

const PROFILES: Record<string, { gradeId: string; subjectIds: string[] }> = {
  student: { gradeId: 'g7', subjectIds: ['en', 'math'] },
  xiaohong: { gradeId: 'g7', subjectIds: ['en'] },
};

export async function seedDemoUsers(tx: Tx, passwordHash: string) {
  // Every agency role of the seeded accounts is a membership the agency did not create (like the migration's).
  await tx.execute(sql`
    insert into agency_members (agency_id, user_id)
    select distinct substring(r.role from '^edu:agency:([a-z0-9-]{2,32}):'), r.user_id
      from user_roles r
      join agencies a on a.id = substring(r.role from '^edu:agency:([a-z0-9-]{2,32}):')
    on conflict do nothing`);
  for (const [username, profile] of Object.entries(PROFILES)) {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (u)
      await tx
        .insert(agencyMembers)
        .values({ agencyId: 'demo', userId: u.id, ...profile })
        .onConflictDoUpdate({ target: [agencyMembers.agencyId, agencyMembers.userId], set: profile });
  }
  for (const s of DEMO_EXTRA_STUDENTS) {
    await createAgencyAccount(tx, {
      agencyId: 'demo',
      roles: ['student'],
      password: DEMO_PASSWORD,
      passwordHash,
      mustChangePassword: false,
      ...s,
    });
  }
  const [teacher] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'teacher'));
  if (teacher)
    await tx
      .insert(teacherProfiles)
      .values({
        userId: teacher.id,
        subjectIds: ['en'],
        introduction:
          '英语教师，从事初中英语教学十年，擅长阅读理解与写作训练。课堂注重方法：先读懂文章结构，再练习精读和表达。',
        published: true,
      })
      .onConflictDoNothing();
}
