// SQL for parents (docs/parents.md): links, pairing codes, the agency's parent list and parent accounts.
import { agencyRole } from '@edu/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencies, parentChildren, trainings, userRoles, users } from '../../db/schema.js';
import { agencyParents, pairingCodes } from '../../db/schema-parents.js';
import { resetAccountPassword, resetAccountPasswords } from '../users/accounts.js';
import { roleHonoured } from '../users/suspension.js';
import type { ParentResetFacts } from './parents.policy.js';

export const PARENT_ROLE = 'edu:parent';
const studentRole = (agencyId: string) => agencyRole('student', agencyId);
/** `%` and `_` typed in a keyword are searched for as themselves. */
const likeText = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface PersonRow {
  id: number;
  username: string;
  name: string;
}

export class ParentsRepository {
  constructor(readonly db: Db) {}

  /**
   * The parent's children, each with the agencies where the child is a student (bounded by the link cap): an agency
   * that suspended the child's membership is not one of them (docs/users.md "Membership").
   */
  async children(parentId: number, limit: number) {
    const kids = await this.db
      .select({ id: users.id, username: users.username, name: users.name })
      .from(parentChildren)
      .innerJoin(users, eq(users.id, parentChildren.childId))
      .where(eq(parentChildren.parentId, parentId))
      .orderBy(asc(users.id))
      .limit(limit);
    if (kids.length === 0) return [];
    const memberships = await this.db
      .select({
        userId: userRoles.userId,
        agencyId: sql<string>`split_part(${userRoles.role}, ':', 3)`,
        name: agencies.name,
      })
      .from(userRoles)
      .innerJoin(agencies, eq(agencies.id, sql`split_part(${userRoles.role}, ':', 3)`))
      .where(
        and(
          inArray(
            userRoles.userId,
            kids.map((k) => k.id),
          ),
          like(userRoles.role, 'edu:agency:%:student'),
          roleHonoured(userRoles.role, userRoles.userId),
        ),
      )
      .orderBy(asc(agencies.id));
    return kids.map((k) => ({
      ...k,
      agencies: memberships.filter((m) => m.userId === k.id).map((m) => ({ id: m.agencyId, name: m.name })),
    }));
  }

  async countChildren(parentId: number): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(parentChildren).where(eq(parentChildren.parentId, parentId));
    return r?.n ?? 0;
  }

  async isLinked(parentId: number, childId: number): Promise<boolean> {
    const [r] = await this.db
      .select({ one: sql<number>`1` })
      .from(parentChildren)
      .where(and(eq(parentChildren.parentId, parentId), eq(parentChildren.childId, childId)))
      .limit(1);
    return r !== undefined;
  }

  async hasRole(userId: number, role: string): Promise<boolean> {
    const [r] = await this.db
      .select({ one: sql<number>`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
      .limit(1);
    return r !== undefined;
  }

  /** A student of the agency (suspended or not: the agency's own link calls act on its suspended students too). */
  isStudentOf(userId: number, agencyId: string) {
    return this.hasRole(userId, studentRole(agencyId));
  }

  /**
   * A student of the agency whose membership the agency has not suspended (docs/users.md "Membership"): what a
   * parent reads a child through.
   */
  async isActiveStudentOf(userId: number, agencyId: string): Promise<boolean> {
    const [r] = await this.db
      .select({ one: sql<number>`1` })
      .from(userRoles)
      .where(
        and(
          eq(userRoles.userId, userId),
          eq(userRoles.role, studentRole(agencyId)),
          roleHonoured(userRoles.role, userRoles.userId),
        ),
      )
      .limit(1);
    return r !== undefined;
  }

  /** True when the user is a student of some agency (a pairing code's owner). */
  async isStudent(userId: number): Promise<boolean> {
    const [r] = await this.db
      .select({ one: sql<number>`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), like(userRoles.role, 'edu:agency:%:student')))
      .limit(1);
    return r !== undefined;
  }

  async link(db: Db, parentId: number, childId: number) {
    await db.insert(parentChildren).values({ parentId, childId }).onConflictDoNothing();
  }

  async unlink(parentId: number, childId: number): Promise<boolean> {
    const rows = await this.db
      .delete(parentChildren)
      .where(and(eq(parentChildren.parentId, parentId), eq(parentChildren.childId, childId)))
      .returning({ id: parentChildren.childId });
    return rows.length > 0;
  }

  async person(id: number): Promise<PersonRow | undefined> {
    const [u] = await this.db
      .select({ id: users.id, username: users.username, name: users.name })
      .from(users)
      .where(eq(users.id, id));
    return u;
  }

  async mustChangePassword(id: number): Promise<boolean> {
    const [u] = await this.db.select({ must: users.mustChangePassword }).from(users).where(eq(users.id, id));
    return u?.must ?? false;
  }

  async usernameTaken(username: string): Promise<boolean> {
    const [r] = await this.db
      .select({ one: sql<number>`1` })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return r !== undefined;
  }

  /** The owner of a training of the agency, when it is one of the parent's children. */
  async childOwning(parentId: number, agencyId: string, trainingId: number): Promise<number | null> {
    const [r] = await this.db
      .select({ userId: trainings.userId })
      .from(trainings)
      .innerJoin(
        parentChildren,
        and(eq(parentChildren.childId, trainings.userId), eq(parentChildren.parentId, parentId)),
      )
      .where(and(eq(trainings.id, trainingId), eq(trainings.agencyId, agencyId)));
    return r?.userId ?? null;
  }

  // Pairing codes (docs/parents.md "Pairing codes").

  async currentCode(studentId: number, now: Date) {
    const [r] = await this.db
      .select({ code: pairingCodes.code, expiresAt: pairingCodes.expiresAt })
      .from(pairingCodes)
      .where(and(eq(pairingCodes.studentId, studentId), gt(pairingCodes.expiresAt, now)));
    return r;
  }

  /** The student holding a live code, without taking it (the sign-up checks the code before anything else). */
  async codeHolder(code: string, now: Date): Promise<number | null> {
    const [r] = await this.db
      .select({ studentId: pairingCodes.studentId })
      .from(pairingCodes)
      .where(and(eq(pairingCodes.code, code), gt(pairingCodes.expiresAt, now)))
      .limit(1);
    return r?.studentId ?? null;
  }

  /** Replaces the student's code; throws a unique violation when another student holds the same code. */
  async putCode(studentId: number, code: string, now: Date, expiresAt: Date) {
    await this.db
      .insert(pairingCodes)
      .values({ studentId, code, createdAt: now, expiresAt })
      .onConflictDoUpdate({ target: pairingCodes.studentId, set: { code, createdAt: now, expiresAt } });
  }

  /**
   * Uses a code up: deletes it and answers its student when it was still valid. One statement, so two
   * parents typing the same code never both get it; an expired code found on the way is deleted as well.
   */
  async takeCode(db: Db, code: string, now: Date): Promise<number | null> {
    const rows = await db
      .delete(pairingCodes)
      .where(eq(pairingCodes.code, code))
      .returning({ studentId: pairingCodes.studentId, expiresAt: pairingCodes.expiresAt });
    const r = rows[0];
    return r && r.expiresAt.getTime() > now.getTime() ? r.studentId : null;
  }

  // The agency's parents (docs/parents.md "The agency's parents").

  /** Parents the agency created, or linked to one of its students. */
  private visibleIds(agencyId: string): SQL {
    return sql`(select ${agencyParents.parentId} from ${agencyParents} where ${agencyParents.agencyId} = ${agencyId}
      union select ${parentChildren.parentId} from ${parentChildren}
      join ${userRoles} on ${userRoles.userId} = ${parentChildren.childId} and ${userRoles.role} = ${studentRole(agencyId)})`;
  }

  async isVisibleParent(agencyId: string, parentId: number): Promise<boolean> {
    const [r] = await this.db
      .select({ one: sql<number>`1` })
      .from(users)
      .where(and(eq(users.id, parentId), sql`${users.id} in ${this.visibleIds(agencyId)}`))
      .limit(1);
    return r !== undefined;
  }

  async listParents(agencyId: string, q: { keyword?: string; start: number; size: number }) {
    const where = and(
      sql`${users.id} in ${this.visibleIds(agencyId)}`,
      q.keyword ? or(ilike(users.username, likeText(q.keyword)), ilike(users.name, likeText(q.keyword))) : undefined,
    );
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const rows = await this.db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        mustChangePassword: users.mustChangePassword,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .offset(q.start)
      .limit(q.size);
    return { total: total?.n ?? 0, rows };
  }

  /** For each parent, its children among the agency's students. */
  async agencyChildren(agencyId: string, parentIds: number[]) {
    if (parentIds.length === 0) return new Map<number, PersonRow[]>();
    const rows = await this.db
      .select({ parentId: parentChildren.parentId, id: users.id, username: users.username, name: users.name })
      .from(parentChildren)
      .innerJoin(users, eq(users.id, parentChildren.childId))
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, studentRole(agencyId))))
      .where(inArray(parentChildren.parentId, parentIds))
      .orderBy(asc(users.id));
    const byParent = new Map<number, PersonRow[]>();
    for (const { parentId, ...child } of rows) byParent.set(parentId, [...(byParent.get(parentId) ?? []), child]);
    return byParent;
  }

  async createdHere(agencyId: string, parentIds: number[]): Promise<Set<number>> {
    if (parentIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: agencyParents.parentId })
      .from(agencyParents)
      .where(and(eq(agencyParents.agencyId, agencyId), inArray(agencyParents.parentId, parentIds)));
    return new Set(rows.map((r) => r.id));
  }

  async searchStudents(agencyId: string, keyword: string | undefined, size: number): Promise<PersonRow[]> {
    return this.db
      .select({ id: users.id, username: users.username, name: users.name })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, studentRole(agencyId))))
      .where(keyword ? or(ilike(users.username, likeText(keyword)), ilike(users.name, likeText(keyword))) : undefined)
      .orderBy(asc(users.name), asc(users.id))
      .limit(size);
  }

  /** A new parent account with the parent role; `agencyId` records the agency that created it. */
  async createParent(
    db: Db,
    u: { username: string; name: string; passwordHash: string; mustChangePassword: boolean },
    agencyId: string | null,
  ): Promise<number> {
    const [row] = await db.insert(users).values(u).returning({ id: users.id });
    await db.insert(userRoles).values({ userId: row.id, role: PARENT_ROLE });
    if (agencyId) await db.insert(agencyParents).values({ agencyId, parentId: row.id });
    return row.id;
  }

  /** For each parent: its roles, its children's roles and the agencies that created it (three reads). */
  async resetFacts(parentIds: number[]): Promise<Map<number, ParentResetFacts>> {
    const facts = new Map(
      parentIds.map((id) => [
        id,
        { roles: [] as string[], children: [] as string[][], creators: [] as string[], joined: [] as string[] },
      ]),
    );
    if (parentIds.length === 0) return facts;
    const [roles, kids, creators] = await Promise.all([
      this.db
        .select({ userId: userRoles.userId, role: userRoles.role })
        .from(userRoles)
        .where(inArray(userRoles.userId, parentIds)),
      this.db
        .select({ parentId: parentChildren.parentId, childId: parentChildren.childId, role: userRoles.role })
        .from(parentChildren)
        .leftJoin(userRoles, eq(userRoles.userId, parentChildren.childId))
        .where(inArray(parentChildren.parentId, parentIds)),
      this.db
        .select({
          parentId: agencyParents.parentId,
          agencyId: agencyParents.agencyId,
          createdHere: agencyParents.createdHere,
        })
        .from(agencyParents)
        .where(inArray(agencyParents.parentId, parentIds)),
    ]);
    for (const r of roles) facts.get(r.userId)?.roles.push(r.role);
    for (const c of creators) {
      const f = facts.get(c.parentId);
      if (c.createdHere) f?.creators.push(c.agencyId);
      else f?.joined.push(c.agencyId);
    }
    const childRoles = new Map<string, string[]>();
    for (const k of kids) {
      const key = `${k.parentId}:${k.childId}`;
      let list = childRoles.get(key);
      if (!list) {
        list = [];
        childRoles.set(key, list);
        facts.get(k.parentId)?.children.push(list);
      }
      if (k.role) list.push(k.role);
    }
    return facts;
  }

  /** A new initial password, changed at the next login; every session of the account ends. */
  async resetPassword(userId: number, passwordHash: string, now: Date) {
    await resetAccountPassword(this.db, userId, passwordHash, now);
  }

  /** The parents among `ids` the agency sees, as the list shows them (docs/parents.md "Bulk actions"). */
  async visibleParents(agencyId: string, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        mustChangePassword: users.mustChangePassword,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(and(inArray(users.id, [...ids]), sql`${users.id} in ${this.visibleIds(agencyId)}`))
      .orderBy(desc(users.id));
  }

  /** New initial passwords for several accounts in one transaction: all change or none; their sessions end. */
  resetPasswords(entries: readonly { id: number; passwordHash: string }[], now: Date) {
    return resetAccountPasswords(this.db, entries, now);
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx as unknown as Db));
  }
}
