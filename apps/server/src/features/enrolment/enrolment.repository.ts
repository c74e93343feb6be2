// The enrolment's SQL: grades and subjects by name or id, which usernames are taken (by anyone: the report never
// says by whom), and the students' accounts written in bulk inside the job's one transaction.
import { agencyRole } from '@edu/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { grades, subjects, userRoles, users } from '../../db/schema.js';
import { agencyMembers, usernameCounters } from '../../db/schema-users.js';
import { ApiError } from '../../lib/api-error.js';
import { USERNAME_TAKEN, usernamePrefix } from '../users/accounts.js';
import type { Dictionaries } from './enrolment-sheet.js';
import { GRADE_ALIASES } from './grade-aliases.js';

/** Grades and subjects, each found by its name or its id; grades also by their aliases. */
export async function dictionaries(db: Db): Promise<Dictionaries> {
  const [g, s] = await Promise.all([db.select().from(grades), db.select().from(subjects)]);
  const map = (rows: { id: string; name: string }[]) =>
    new Map(rows.flatMap((r) => [[r.name, r.id] as const, [r.id, r.id] as const]));
  const gradeIds = map(g);
  // 七年级 is read as 初一 (grade-aliases.ts); an alias never hides a grade's own name or id.
  for (const [alias, name] of GRADE_ALIASES) {
    const id = gradeIds.get(name);
    if (id !== undefined && !gradeIds.has(alias)) gradeIds.set(alias, id);
  }
  return { grades: gradeIds, subjects: map(s) };
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

/** A checked row ready to be written: the username null when it is to be generated. */
export interface NewStudent {
  username: string | null;
  name: string;
  passwordHash: string;
  gradeId: string;
  subjectIds: string[];
}

/** Rows per insert statement: each statement holds PGlite's (single) connection and the event loop while it runs. */
export const WRITE_CHUNK = 250;

/**
 * `count` generated usernames `{agency}_s{NNNN}` (docs/users.md "Usernames"): numbers reserved from the agency's
 * counter in one statement per round, skipping those an account or `reserved` already holds.
 */
async function generatedUsernames(
  tx: DbOrTx,
  agencyId: string,
  count: number,
  reserved: ReadonlySet<string>,
): Promise<string[]> {
  const out: string[] = [];
  while (out.length < count) {
    const need = count - out.length;
    const [row] = await tx
      .insert(usernameCounters)
      .values({ agencyId, letter: 's', last: need })
      .onConflictDoUpdate({
        target: [usernameCounters.agencyId, usernameCounters.letter],
        set: { last: sql`${usernameCounters.last} + ${need}` },
      })
      .returning({ last: usernameCounters.last });
    const names = Array.from(
      { length: need },
      (_, i) => `${usernamePrefix(agencyId)}s${String(row.last - need + 1 + i).padStart(4, '0')}`,
    );
    const taken = await existingUsernames(tx, names);
    out.push(...names.filter((n) => !taken.has(n) && !reserved.has(n)));
  }
  return out;
}

/**
 * Creates the students inside `tx` as features/users/accounts.ts `createAgencyAccount` does for one account —
 * the account (must change its password at the first login), `edu:agency:{id}:student`, the membership created
 * here with grade and subjects — but WRITE_CHUNK rows per statement, yielding between statements: one call per
 * row is about seven statements, and 14,000 statements in one transaction held PGlite for a minute
 * (docs/performance.md "Enrolment"). Rows were checked before (docs/enrolment.md "The job"); a username taken
 * meanwhile throws USERNAME_TAKEN (409) and the caller's transaction rolls back. Answers the usernames in order.
 */
export async function createStudents(
  tx: DbOrTx,
  agencyId: string,
  rows: readonly NewStudent[],
  pause: () => Promise<unknown>,
): Promise<string[]> {
  const chosen = new Set(rows.flatMap((r) => (r.username ? [r.username] : [])));
  if ((await existingUsernames(tx, [...chosen])).size > 0) throw new ApiError('conflict', USERNAME_TAKEN);
  const generated = await generatedUsernames(tx, agencyId, rows.length - chosen.size, chosen);
  let g = 0;
  const names = rows.map((r) => r.username ?? generated[g++]);
  const role = agencyRole('student', agencyId);
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    const part = rows.slice(i, i + WRITE_CHUNK);
    const created = await tx
      .insert(users)
      .values(
        part.map((r, j) => ({
          username: names[i + j],
          name: r.name,
          passwordHash: r.passwordHash,
          mustChangePassword: true,
        })),
      )
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id, username: users.username });
    if (created.length !== part.length) throw new ApiError('conflict', USERNAME_TAKEN);
    const idOf = new Map(created.map((c) => [c.username, c.id]));
    const ids = part.map((_, j) => idOf.get(names[i + j])!);
    await tx.insert(userRoles).values(ids.map((userId) => ({ userId, role })));
    await tx.insert(agencyMembers).values(
      part.map((r, j) => ({
        agencyId,
        userId: ids[j],
        createdHere: true,
        gradeId: r.gradeId,
        subjectIds: r.subjectIds,
      })),
    );
    await pause();
  }
  return names;
}
