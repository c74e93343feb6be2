// The enrolment's SQL: grades and subjects by name or id, which usernames are taken (by anyone: the report never
// says by whom), the agency's students a parent row names, and the accounts written in bulk inside the job's one
// transaction (students and teachers here; parents through the parents feature's functions).
import { agencyRole } from '@edu/contract';
import { and, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { grades, subjects, userRoles, users } from '../../db/schema.js';
import { agencyMembers, usernameCounters } from '../../db/schema-users.js';
import { ApiError } from '../../lib/api-error.js';
import { USERNAME_TAKEN, usernamePrefix } from '../users/accounts.js';
import type { NoticeHooks } from '../notices/notice-hooks.js';
import type { ParentWrites } from '../parents/parent-writes.js';
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

/**
 * Which of `names` an account holds already (500 at a time, through the unique index). `ignoreCase` (parents, as
 * the parent create dialog checks): compared in lower case, and the set holds the lower-case names.
 */
export async function existingUsernames(
  tx: DbOrTx,
  names: readonly string[],
  ignoreCase = false,
): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const part = names.slice(i, i + 500);
    const rows = ignoreCase
      ? await tx
          .select({ username: users.username })
          .from(users)
          .where(
            inArray(
              sql`lower(${users.username})`,
              part.map((n) => n.toLowerCase()),
            ),
          )
      : await tx.select({ username: users.username }).from(users).where(inArray(users.username, part));
    for (const r of rows) out.add(ignoreCase ? r.username.toLowerCase() : r.username);
  }
  return out;
}

/** The agency's students among `names` (usernames as stored), by username: whom a parent row may link. */
export async function agencyStudentsByUsername(
  db: DbOrTx,
  agencyId: string,
  names: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const unique = [...new Set(names)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .innerJoin(userRoles, sql`${userRoles.userId} = ${users.id}`)
      .where(
        and(
          inArray(users.username, unique.slice(i, i + 500)),
          sql`${userRoles.role} = ${agencyRole('student', agencyId)}`,
        ),
      );
    for (const r of rows) out.set(r.username, r.id);
  }
  return out;
}

/** A checked row ready to be written: the username null when it is to be generated. */
export interface NewStudent {
  username: string | null;
  name: string;
  passwordHash: string;
  /** Null for teachers. */
  gradeId: string | null;
  subjectIds: string[];
}

/** Rows per insert statement: each statement holds PGlite's (single) connection and the event loop while it runs. */
export const WRITE_CHUNK = 250;

/**
 * `count` generated usernames `{agency}_{letter}{NNNN}` (docs/users.md "Usernames"; `s` students, `t` teachers,
 * `p` parents): numbers reserved from the agency's counter in one statement per round, skipping those an account
 * or `reserved` already holds.
 */
async function generatedUsernames(
  tx: DbOrTx,
  agencyId: string,
  count: number,
  reserved: ReadonlySet<string>,
  letter = 's',
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
      (_, i) => `${usernamePrefix(agencyId)}${letter}${String(row.last - need + 1 + i).padStart(4, '0')}`,
    );
    const taken = await existingUsernames(tx, names);
    out.push(...names.filter((n) => !taken.has(n) && !reserved.has(n)));
  }
  return out;
}

/**
 * Creates the students (or, `kind` teacher, the teachers: `edu:agency:{id}:teacher`, no grade) inside `tx` as features/users/accounts.ts `createAgencyAccount` does for one account —
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
  kind: 'student' | 'teacher' = 'student',
): Promise<string[]> {
  const chosen = new Set(rows.flatMap((r) => (r.username ? [r.username] : [])));
  if ((await existingUsernames(tx, [...chosen])).size > 0) throw new ApiError('conflict', USERNAME_TAKEN);
  const generated = await generatedUsernames(tx, agencyId, rows.length - chosen.size, chosen, kind[0]);
  let g = 0;
  const names = rows.map((r) => r.username ?? generated[g++]);
  const role = agencyRole(kind, agencyId);
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

/** A checked parent row ready to be written: the username null when it is to be generated. */
export interface NewParent {
  username: string | null;
  name: string;
  passwordHash: string;
  childIds: number[];
}

/**
 * Creates the parents inside `tx` with the parents feature's own writes (`repo`, ../parents/parent-writes.ts), as its
 * create dialog does
 * (docs/parents.md): `createParent` (account, `edu:parent`, created by this agency), `link` to each child and the
 * notices of a new link (docs/notices.md). One row after the other (a parent is a few statements), pausing every
 * WRITE_CHUNK rows. A username taken meanwhile throws USERNAME_TAKEN (409); the caller's transaction rolls back.
 * Answers the usernames in order.
 */
export async function createParents(
  tx: DbOrTx,
  agencyId: string,
  rows: readonly NewParent[],
  pause: () => Promise<unknown>,
  repo: ParentWrites,
  notices: NoticeHooks | undefined,
): Promise<string[]> {
  const chosen = new Set(rows.flatMap((r) => (r.username ? [r.username] : [])));
  if ((await existingUsernames(tx, [...chosen], true)).size > 0) throw new ApiError('conflict', USERNAME_TAKEN);
  const generated = await generatedUsernames(tx, agencyId, rows.length - chosen.size, chosen, 'p');
  let g = 0;
  const names = rows.map((r) => r.username ?? generated[g++]);
  const db = tx as Db;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const parentId = await repo.createParent(
      db,
      // The agency chose the password: its owner replaces it at the first login (docs/security.md).
      { username: names[i], name: r.name, passwordHash: r.passwordHash, mustChangePassword: true },
      agencyId,
    );
    for (const c of r.childIds) await repo.link(db, parentId, c);
    for (const c of r.childIds) await notices?.parentPaired(db, parentId, c);
    if ((i + 1) % WRITE_CHUNK === 0) await pause();
  }
  return names;
}
