// Creating agency accounts inside a transaction (docs/enrolment.md "Accounts"): the account, its agency role and
// its membership of the agency (created here, with the student's grade and subjects), and generated usernames
// `{agency}_{letter}{NNNN}` from the agency's counter. Stands in for the users feature's account creation until
// the enrolment uses that one.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoles, users } from '../../db/schema.js';
import { agencyMembers, usernameCounters } from '../../db/schema-users.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface NewAgencyAccount {
  agencyId: string;
  username: string;
  name: string;
  passwordHash: string;
  /** The agency role's last part: `edu:agency:{agencyId}:{role}`. */
  role: string;
  mustChangePassword: boolean;
  gradeId: string | null;
  subjectIds: string[];
}

/** Creates the accounts (several at once: three statements whatever their number); answers their ids in order. */
export async function createAgencyAccounts(tx: DbOrTx, accounts: readonly NewAgencyAccount[]): Promise<number[]> {
  if (accounts.length === 0) return [];
  const rows = await tx
    .insert(users)
    .values(
      accounts.map((a) => ({
        username: a.username,
        name: a.name,
        passwordHash: a.passwordHash,
        mustChangePassword: a.mustChangePassword,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(rows.map((r) => [r.username, r.id]));
  const ids = accounts.map((a) => idOf.get(a.username)!);
  await tx
    .insert(userRoles)
    .values(accounts.map((a, i) => ({ userId: ids[i], role: `edu:agency:${a.agencyId}:${a.role}` })));
  await tx.insert(agencyMembers).values(
    accounts.map((a, i) => ({
      agencyId: a.agencyId,
      userId: ids[i],
      createdHere: true,
      gradeId: a.gradeId,
      subjectIds: a.subjectIds,
    })),
  );
  return ids;
}

/**
 * `count` new usernames `{agency}_{letter}{NNNN}` (at least 4 digits) from the agency's counter, skipping any an
 * account already holds. Inside the transaction that creates the accounts, so the counter and the accounts move
 * together.
 */
export async function generateUsernames(
  tx: DbOrTx,
  agencyId: string,
  letter: string,
  count: number,
  taken: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const out: string[] = [];
  while (out.length < count) {
    const need = count - out.length;
    const [row] = await tx
      .insert(usernameCounters)
      .values({ agencyId, letter, last: need })
      .onConflictDoUpdate({
        target: [usernameCounters.agencyId, usernameCounters.letter],
        set: { last: sql`${usernameCounters.last} + ${need}` },
      })
      .returning({ last: usernameCounters.last });
    const names = Array.from(
      { length: need },
      (_, i) => `${agencyId}_${letter}${String(row.last - need + 1 + i).padStart(4, '0')}`,
    );
    const existing = await existingUsernames(tx, names);
    out.push(...names.filter((n) => !existing.has(n) && !taken.has(n)));
  }
  return out;
}

/** Which of `names` an account holds already (compared in lower case). */
export async function existingUsernames(tx: DbOrTx, names: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const part = names.slice(i, i + 500).map((n) => n.toLowerCase());
    const rows = await tx
      .select({ username: sql<string>`lower(${users.username})` })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, part));
    for (const r of rows) out.add(r.username);
  }
  return out;
}

/** Whether the membership exists (tests). */
export async function isMember(tx: DbOrTx, agencyId: string, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ userId: agencyMembers.userId })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, userId)));
  return rows.length > 0;
}
