// Creating an agency's accounts: one function shared by the user pages and bulk enrolment (docs/users.md).
import { randomInt } from 'node:crypto';
import { agencyRole, type AgencyRoleKind } from '@edu/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { authTokens, grades, subjects, userRoles, users } from '../../db/schema.js';
import { agencyMembers, usernameCounters } from '../../db/schema-users.js';
import { ApiError, invalidField } from '../../lib/api-error.js';
import { checkNewPassword, hashPassword } from '../../lib/password.js';
import { hashInitialPassword } from './initial-password.js';

/** Said of any username already taken, whoever holds it: it names no agency and no account. */
export const USERNAME_TAKEN = '用户名已被使用，请换一个';

/** The part a username may have after the agency prefix (docs/users.md "Usernames"). */
export const USERNAME_PART_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,39}$/;

/** `{agency}_`: every username an agency creates starts with it. */
export const usernamePrefix = (agencyId: string) => `${agencyId}_`;

/** The username stored for `given` in the agency: the prefix is added unless `given` already carries it. */
export const prefixedUsername = (agencyId: string, given: string) =>
  given.startsWith(usernamePrefix(agencyId)) ? given : `${usernamePrefix(agencyId)}${given}`;

// No 0/O, 1/l/I: a generated password is read off a screen or a printout.
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password of 3 groups of 4 characters (about 70 bits) that passes the password rule. */
export function generatePassword(): string {
  for (;;) {
    const groups = Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join(''),
    );
    const password = groups.join('-');
    if (checkNewPassword(password) === null) return password;
  }
}

export interface NewAgencyAccount {
  /** The agency creating the account; it becomes the account's creating agency (createdHere). */
  agencyId: string;
  /** Display name (1–40 characters after trimming). */
  name: string;
  /**
   * The username without or with the agency prefix (`zhang3` → `demo_zhang3`); generated when absent:
   * `{agency}_{letter}{NNNN}`, the letter `s` for a student, `t` a teacher, `p` a parent, `u` anything else.
   */
  username?: string;
  /** The initial password; generated when absent. Checked against the password rule (lib/password.ts). */
  password?: string;
  /**
   * An argon2 hash of `password` made by the caller (bulk enrolment hashes rows in parallel before its
   * transaction). When given, `password` must be given too and must already have passed `checkNewPassword`.
   */
  passwordHash?: string;
  /** Agency role kinds granted in `agencyId` (`student` → `edu:agency:{agencyId}:student`). */
  roles: readonly AgencyRoleKind[];
  /** Also grant the platform role `edu:parent`. */
  parent?: boolean;
  /** Student profile kept on the membership; ids are checked against grades and subjects. */
  gradeId?: string | null;
  subjectIds?: readonly string[];
  /** Defaults to true: whoever set the initial password knows it (docs/users.md "Passwords"). */
  mustChangePassword?: boolean;
  now?: Date;
}

export interface CreatedAgencyAccount {
  userId: number;
  username: string;
  /** The initial password as set (generated or given), to be shown or downloaded once; never stored. */
  password: string;
  generated: boolean;
}

const letterFor = (a: NewAgencyAccount) =>
  a.roles.includes('student') ? 's' : a.roles.includes('teacher') ? 't' : a.parent ? 'p' : 'u';

/** Next free generated username of the agency for `letter`; the counter row stays locked until `tx` ends. */
async function nextUsername(tx: DbOrTx, agencyId: string, letter: string): Promise<string> {
  for (;;) {
    const [row] = await tx
      .insert(usernameCounters)
      .values({ agencyId, letter, last: 1 })
      .onConflictDoUpdate({
        target: [usernameCounters.agencyId, usernameCounters.letter],
        set: { last: sql`${usernameCounters.last} + 1` },
      })
      .returning({ last: usernameCounters.last });
    const username = `${usernamePrefix(agencyId)}${letter}${String(row.last).padStart(4, '0')}`;
    // A name someone chose by hand may already hold the number: skip it.
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    if (!taken) return username;
  }
}

/** Throws 400 unless the grade and every subject exist. */
export async function checkStudentProfile(
  tx: DbOrTx,
  gradeId: string | null | undefined,
  subjectIds: readonly string[] | undefined,
): Promise<void> {
  if (gradeId !== null && gradeId !== undefined) {
    const [g] = await tx.select({ id: grades.id }).from(grades).where(eq(grades.id, gradeId)).limit(1);
    if (!g) throw invalidField('request.gradeId', '年级不存在');
  }
  const wanted = [...new Set(subjectIds ?? [])];
  if (wanted.length > 0) {
    const found = await tx.select({ id: subjects.id }).from(subjects).where(inArray(subjects.id, wanted));
    if (found.length !== wanted.length) throw invalidField('request.subjectIds', '学科不存在');
  }
}

/**
 * Creates a platform account for the agency inside `tx` (the caller's transaction; nothing is committed here):
 * the user row (must change password at next login by default), the agency roles, optionally `edu:parent`, and the
 * membership marked as created by this agency with the student profile. Throws ApiError 400 (`invalid_input`) on
 * a bad name, username, password, grade or subject, and 409 (`conflict`, USERNAME_TAKEN) when the username is
 * taken — the message never names who holds it. Call it once per row; rows share the caller's transaction.
 */
export async function createAgencyAccount(tx: DbOrTx, input: NewAgencyAccount): Promise<CreatedAgencyAccount> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 40) throw invalidField('request.name', '姓名须为 1–40 个字符');
  await checkStudentProfile(tx, input.gradeId, input.subjectIds);

  let username: string;
  if (input.username !== undefined && input.username.trim() !== '') {
    const given = input.username.trim();
    const part = given.startsWith(usernamePrefix(input.agencyId))
      ? given.slice(usernamePrefix(input.agencyId).length)
      : given;
    if (!USERNAME_PART_RE.test(part)) {
      throw invalidField('request.username', '用户名须为 2–40 位字母、数字、下划线、点或连字符，以字母或数字开头');
    }
    username = prefixedUsername(input.agencyId, part);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    if (taken) throw new ApiError('conflict', USERNAME_TAKEN);
  } else {
    username = await nextUsername(tx, input.agencyId, letterFor(input));
  }

  const generated = input.password === undefined;
  const password = input.password ?? generatePassword();
  if (!input.passwordHash) {
    const weakness = checkNewPassword(password, [username, name]);
    if (weakness) throw invalidField('request.password', weakness.replace(/^新密码/, '密码'));
  }
  const mustChange = input.mustChangePassword ?? true;
  // An initial password (changed at the first login) is hashed at the initial cost (./initial-password.ts).
  const passwordHash =
    input.passwordHash ?? (await (mustChange ? hashInitialPassword(password) : hashPassword(password)));
  const now = input.now ?? new Date();

  const [row] = await tx
    .insert(users)
    .values({
      username,
      name,
      passwordHash,
      mustChangePassword: mustChange,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  if (!row) throw new ApiError('conflict', USERNAME_TAKEN);

  const roles = [
    ...new Set(input.roles.map((kind) => agencyRole(kind, input.agencyId))),
    ...(input.parent ? ['edu:parent'] : []),
  ];
  if (roles.length > 0) await tx.insert(userRoles).values(roles.map((role) => ({ userId: row.id, role })));
  await tx.insert(agencyMembers).values({
    agencyId: input.agencyId,
    userId: row.id,
    createdHere: true,
    gradeId: input.gradeId ?? null,
    subjectIds: [...new Set(input.subjectIds ?? [])],
    createdAt: now,
    updatedAt: now,
  });
  return { userId: row.id, username, password, generated };
}

/**
 * Makes an existing account a member of the agency (no-op when it is one); used when an agency grants a role to
 * an account it did not create. The membership is not `createdHere`.
 */
export async function ensureMembership(tx: DbOrTx, agencyId: string, userId: number): Promise<void> {
  await tx.insert(agencyMembers).values({ agencyId, userId }).onConflictDoNothing();
}

/**
 * A new initial password, changed at the next login; every session of the account ends. One place for every
 * reset an agency makes (a member's, a parent's: docs/users.md, docs/parents.md).
 */
export async function resetAccountPassword(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  await resetAccountPasswords(db, [{ id: userId, passwordHash }], now);
}

/** The same for several accounts in one transaction (the bulk resets, docs/users.md "Bulk actions"): all or none. */
export async function resetAccountPasswords(
  db: Db,
  entries: readonly { id: number; passwordHash: string }[],
  now: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction(async (tx) => {
    for (const e of entries)
      await tx
        .update(users)
        .set({ passwordHash: e.passwordHash, mustChangePassword: true, updatedAt: now })
        .where(eq(users.id, e.id));
    const ids = entries.map((e) => e.id);
    await tx
      .update(authTokens)
      .set({ revokedAt: now })
      .where(and(inArray(authTokens.userId, ids), isNull(authTokens.revokedAt)));
  });
}
