// What the enrolment reads before its transaction: grades and subjects by name or id, and which usernames are
// taken (by anyone: the report never says by whom). Accounts are created by features/users/accounts.ts.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { grades, subjects, users } from '../../db/schema.js';
import type { DbOrTx } from '../users/accounts.js';
import type { Dictionaries } from './enrolment-sheet.js';

/** Grades and subjects, each found by its name or its id. */
export async function dictionaries(db: Db): Promise<Dictionaries> {
  const [g, s] = await Promise.all([db.select().from(grades), db.select().from(subjects)]);
  const map = (rows: { id: string; name: string }[]) =>
    new Map(rows.flatMap((r) => [[r.name, r.id] as const, [r.id, r.id] as const]));
  return { grades: map(g), subjects: map(s) };
}

/** Which of `names` an account holds already (500 at a time, through the unique index). */
export async function existingUsernames(tx: DbOrTx, names: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const rows = await tx
      .select({ username: users.username })
      .from(users)
      .where(inArray(users.username, names.slice(i, i + 500)));
    for (const r of rows) out.add(r.username);
  }
  return out;
}
