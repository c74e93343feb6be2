// SQL for the agency's people, homework teachers and teacher profiles (docs/users.md).
import { agencyRole } from '@edu/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { agencies, grades, homeworkTeacherAgencies, subjects, userRoles, users } from '../../db/schema.js';
import { agencyMembers, teacherProfiles } from '../../db/schema-users.js';
import { roleHonoured } from './suspension.js';
import { resetAccountPassword } from './accounts.js';

export type MemberKind = 'student' | 'teacher';

export interface MemberRow {
  id: number;
  username: string;
  name: string;
  avatar: string | null;
  mustChangePassword: boolean;
  createdAt: Date;
  disabledAt: Date | null;
  createdHere: boolean;
  gradeId: string | null;
  gradeName: string | null;
  subjectIds: string[];
  published: boolean;
  roles: string[];
}

export interface ListQuery {
  keyword?: string;
  status: 'all' | 'enabled' | 'disabled';
  gradeId?: string;
  start: number;
  size: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const keywordFilter = (keyword: string | undefined): SQL | undefined => {
  if (!keyword) return undefined;
  const p = `%${escapeLike(keyword)}%`;
  return or(ilike(users.name, p), ilike(users.username, p));
};

export interface ProfileRow {
  id: number;
  username: string;
  name: string;
  avatar: string | null;
  subjectIds: string[];
  introduction: string;
  published: boolean;
}

export class UsersRepository {
  constructor(readonly db: Db) {}

  private memberSelect(agencyId: string) {
    return this.db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        avatar: users.avatar,
        mustChangePassword: users.mustChangePassword,
        createdAt: users.createdAt,
        disabledAt: agencyMembers.disabledAt,
        createdHere: sql<boolean>`coalesce(${agencyMembers.createdHere}, false)`,
        gradeId: agencyMembers.gradeId,
        gradeName: grades.name,
        subjectIds: sql<string[]>`coalesce(${agencyMembers.subjectIds}, '{}'::text[])`,
        published: sql<boolean>`coalesce(${teacherProfiles.published}, false)`,
        roles: sql<
          string[]
        >`coalesce((select array_agg(r2.role order by r2.role) from ${userRoles} r2 where r2.user_id = ${users.id}), '{}')`,
      })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .leftJoin(agencyMembers, and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, users.id)))
      .leftJoin(grades, eq(grades.id, agencyMembers.gradeId))
      .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
      .$dynamic();
  }

  private listWhere(agencyId: string, kind: MemberKind, q: ListQuery) {
    return and(
      eq(userRoles.role, agencyRole(kind, agencyId)),
      keywordFilter(q.keyword),
      q.status === 'enabled' ? isNull(agencyMembers.disabledAt) : undefined,
      q.status === 'disabled' ? isNotNull(agencyMembers.disabledAt) : undefined,
      q.gradeId ? eq(agencyMembers.gradeId, q.gradeId) : undefined,
    );
  }

  async listMembers(agencyId: string, kind: MemberKind, q: ListQuery): Promise<{ total: number; rows: MemberRow[] }> {
    const where = this.listWhere(agencyId, kind, q);
    const [rows, [c]] = await Promise.all([
      this.memberSelect(agencyId)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(q.size)
        .offset(q.start),
      this.db
        .select({ n: count() })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .leftJoin(agencyMembers, and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, users.id)))
        .where(where),
    ]);
    return { total: c?.n ?? 0, rows };
  }

  /** The user as a member of the agency holding its `kind` role (suspended or not), or undefined. */
  async member(agencyId: string, kind: MemberKind, userId: number): Promise<MemberRow | undefined> {
    const [row] = await this.memberSelect(agencyId)
      .where(and(eq(userRoles.role, agencyRole(kind, agencyId)), eq(users.id, userId)))
      .limit(1);
    return row;
  }

  /** The users among `userIds` holding the agency's `kind` role (suspended or not), newest first as the list. */
  async membersByIds(agencyId: string, kind: MemberKind, userIds: readonly number[]): Promise<MemberRow[]> {
    if (userIds.length === 0) return [];
    return this.memberSelect(agencyId)
      .where(and(eq(userRoles.role, agencyRole(kind, agencyId)), inArray(users.id, [...userIds])))
      .orderBy(desc(users.createdAt), desc(users.id));
  }

  async setMembership(
    db: DbOrTx,
    agencyId: string,
    userId: number,
    set: { disabledAt?: Date | null; gradeId?: string | null; subjectIds?: string[] },
    now: Date,
  ) {
    await db
      .insert(agencyMembers)
      .values({ agencyId, userId, ...set, updatedAt: now })
      .onConflictDoUpdate({ target: [agencyMembers.agencyId, agencyMembers.userId], set: { ...set, updatedAt: now } });
  }

  async setUser(db: DbOrTx, userId: number, set: { name?: string; avatar?: string | null }, now: Date) {
    if (set.name === undefined && set.avatar === undefined) return;
    await db
      .update(users)
      .set({ ...set, updatedAt: now })
      .where(eq(users.id, userId));
  }

  /** Replaces which of `among` the user holds with `held` (a subset of `among`). */
  async setAgencyRoles(db: DbOrTx, userId: number, among: string[], held: string[]) {
    await db.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.role, among)));
    if (held.length > 0) await db.insert(userRoles).values(held.map((role) => ({ userId, role })));
  }

  /** New password that must be changed at the next login; every session of the account ends. */
  async resetPassword(userId: number, passwordHash: string, now: Date) {
    await resetAccountPassword(this.db, userId, passwordHash, now);
  }

  // ---- Teacher profiles ----

  async profile(userId: number): Promise<ProfileRow | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        avatar: users.avatar,
        subjectIds: sql<string[]>`coalesce(${teacherProfiles.subjectIds}, '{}'::text[])`,
        introduction: sql<string>`coalesce(${teacherProfiles.introduction}, '')`,
        published: sql<boolean>`coalesce(${teacherProfiles.published}, false)`,
      })
      .from(users)
      .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  async saveProfile(
    db: DbOrTx,
    userId: number,
    set: { subjectIds?: string[]; introduction?: string; published?: boolean },
    now: Date,
  ) {
    await db
      .insert(teacherProfiles)
      .values({ userId, ...set, updatedAt: now })
      .onConflictDoUpdate({ target: teacherProfiles.userId, set: { ...set, updatedAt: now } });
  }

  /** An honoured teacher role: `edu:agency:{agency}:teacher` of a membership the agency has not suspended. */
  private honouredTeacherRole(agencyId?: string) {
    return and(
      agencyId ? eq(userRoles.role, agencyRole('teacher', agencyId)) : like(userRoles.role, 'edu:agency:%:teacher'),
      roleHonoured(userRoles.role, userRoles.userId),
    );
  }

  /** Agencies where the user is an honoured teacher. */
  async teachingAgencies(userIds: number[]): Promise<Map<number, { id: string; name: string }[]>> {
    const out = new Map<number, { id: string; name: string }[]>();
    if (userIds.length === 0) return out;
    const rows = await this.db
      .select({ userId: userRoles.userId, id: agencies.id, name: agencies.name })
      .from(userRoles)
      .innerJoin(agencies, sql`${userRoles.role} = 'edu:agency:' || ${agencies.id} || ':teacher'`)
      .where(and(inArray(userRoles.userId, userIds), this.honouredTeacherRole()))
      .orderBy(asc(agencies.name), asc(agencies.id));
    for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), { id: r.id, name: r.name }]);
    return out;
  }

  /** Published profile of a user who is an honoured teacher somewhere, else undefined. */
  async publishedProfile(userId: number): Promise<ProfileRow | undefined> {
    const [row] = await this.publishedSelect()
      .where(
        and(
          eq(users.id, userId),
          eq(teacherProfiles.published, true),
          sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${this.honouredTeacherRole()})`,
        ),
      )
      .limit(1);
    return row;
  }

  async publishedProfilesOf(agencyId: string, start: number, size: number) {
    const where = and(
      eq(teacherProfiles.published, true),
      sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${this.honouredTeacherRole(agencyId)})`,
    );
    const [rows, [c]] = await Promise.all([
      this.publishedSelect().where(where).orderBy(asc(users.name), asc(users.id)).limit(size).offset(start),
      this.db
        .select({ n: count() })
        .from(users)
        .innerJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
        .where(where),
    ]);
    return { total: c?.n ?? 0, rows };
  }

  private publishedSelect() {
    return this.db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        avatar: users.avatar,
        subjectIds: teacherProfiles.subjectIds,
        introduction: teacherProfiles.introduction,
        published: teacherProfiles.published,
      })
      .from(users)
      .innerJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
      .$dynamic();
  }

  async subjectNames(): Promise<Map<string, string>> {
    const rows = await this.db.select({ id: subjects.id, name: subjects.name }).from(subjects);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async agencyExists(agencyId: string): Promise<boolean> {
    const [a] = await this.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
    return a !== undefined;
  }

  // ---- Homework teachers ----

  async listHomeworkTeachers(q: { keyword?: string; agencyId?: string; start: number; size: number }) {
    const where = and(
      eq(userRoles.role, 'edu:homework:teacher'),
      keywordFilter(q.keyword),
      q.agencyId
        ? sql`exists (select 1 from ${homeworkTeacherAgencies} where ${homeworkTeacherAgencies.userId} = ${users.id} and ${homeworkTeacherAgencies.agencyId} = ${q.agencyId})`
        : undefined,
    );
    const [rows, [c]] = await Promise.all([
      this.db
        .select({
          id: users.id,
          username: users.username,
          name: users.name,
          mustChangePassword: users.mustChangePassword,
          createdAt: users.createdAt,
        })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(q.size)
        .offset(q.start),
      this.db.select({ n: count() }).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId)).where(where),
    ]);
    return { total: c?.n ?? 0, rows };
  }

  async homeworkTeacher(userId: number) {
    const [row] = await this.db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        mustChangePassword: users.mustChangePassword,
        createdAt: users.createdAt,
      })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.role, 'edu:homework:teacher'), eq(users.id, userId)))
      .limit(1);
    return row;
  }

  async assignedAgencies(userIds: number[]): Promise<Map<number, { id: string; name: string }[]>> {
    const out = new Map<number, { id: string; name: string }[]>();
    if (userIds.length === 0) return out;
    const rows = await this.db
      .select({ userId: homeworkTeacherAgencies.userId, id: agencies.id, name: agencies.name })
      .from(homeworkTeacherAgencies)
      .innerJoin(agencies, eq(agencies.id, homeworkTeacherAgencies.agencyId))
      .where(inArray(homeworkTeacherAgencies.userId, userIds))
      .orderBy(asc(agencies.name), asc(agencies.id));
    for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), { id: r.id, name: r.name }]);
    return out;
  }

  async existingAgencies(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: agencies.id }).from(agencies).where(inArray(agencies.id, ids));
    return rows.map((r) => r.id);
  }

  async setAssignments(db: DbOrTx, userId: number, agencyIds: string[]) {
    await db.delete(homeworkTeacherAgencies).where(eq(homeworkTeacherAgencies.userId, userId));
    if (agencyIds.length > 0)
      await db.insert(homeworkTeacherAgencies).values(agencyIds.map((agencyId) => ({ userId, agencyId })));
  }
}
