// SQL of lessons (docs/lessons.md): the lists per caller, one lesson with its names, the people a lesson of a class
// may have, clashes, and the writes of scheduling, moving, cancelling, opening, closing and the auto-end sweep.
import type { LessonStatus } from '@edu/contract';
import { agencyRole, agencyRolePrefix } from '@edu/contract';
import { aliasedTable, and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { homeworkTeacherAgencies, parentChildren, userRoles, users } from '../../db/schema.js';
import { classMembers, classTeachers, classes } from '../../db/schema-classes.js';
import { lessonPresence, lessons } from '../../db/schema-lessons.js';

export const HOMEWORK_TEACHER = 'edu:homework:teacher';
/** People one options list shows at most (a class holds at most 500 members). */
const OPTIONS_LIMIT = 500;

const teacherUser = aliasedTable(users, 'teacher_user');
const studentUser = aliasedTable(users, 'student_user');

export interface LessonRow {
  id: number;
  agencyId: string;
  classId: number;
  className: string;
  title: string;
  teacherId: number;
  teacherName: string;
  studentId: number;
  studentName: string;
  startsAt: Date;
  minutes: number;
  status: LessonStatus;
  seriesId: number | null;
  openedAt: Date | null;
  closedAt: Date | null;
  endedBy: string | null;
  cancelReason: string;
}

/** Whom a list shows: every lesson of the agency, or the caller's own (taught, taken, or a child's). */
export type ListScope = { all: true } | { all: false; userId: number; student: boolean; parent: boolean };

export interface ListFilter {
  classId?: number;
  status?: LessonStatus;
  /** The week view: lessons starting in [from, to), oldest first. */
  window?: { from: Date; to: Date };
}

/** One lesson to insert (a series is several). */
export interface LessonInsert {
  agencyId: string;
  classId: number;
  teacherId: number;
  studentId: number;
  title: string;
  startsAt: Date;
  minutes: number;
  creatorId: number;
}

export interface Clash {
  /** Whose lesson it is: the teacher's or the student's. */
  who: 'teacher' | 'student';
  title: string;
  startsAt: Date;
}

const columns = {
  id: lessons.id,
  agencyId: lessons.agencyId,
  classId: lessons.classId,
  className: classes.name,
  title: lessons.title,
  teacherId: lessons.teacherId,
  teacherName: teacherUser.name,
  studentId: lessons.studentId,
  studentName: studentUser.name,
  startsAt: lessons.startsAt,
  minutes: lessons.minutes,
  status: lessons.status,
  seriesId: lessons.seriesId,
  openedAt: lessons.openedAt,
  closedAt: lessons.closedAt,
  endedBy: lessons.endedBy,
  cancelReason: lessons.cancelReason,
};

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export class LessonsRepository {
  constructor(readonly db: Db) {}

  private select(db: DbOrTx = this.db) {
    return db
      .select(columns)
      .from(lessons)
      .innerJoin(classes, eq(classes.id, lessons.classId))
      .innerJoin(teacherUser, eq(teacherUser.id, lessons.teacherId))
      .innerJoin(studentUser, eq(studentUser.id, lessons.studentId));
  }

  async get(agencyId: string, id: number, db: DbOrTx = this.db): Promise<LessonRow | undefined> {
    const [row] = await this.select(db).where(and(eq(lessons.id, id), eq(lessons.agencyId, agencyId)));
    return row as LessonRow | undefined;
  }

  async getMany(agencyId: string, ids: number[], db: DbOrTx = this.db): Promise<LessonRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.select(db)
      .where(and(eq(lessons.agencyId, agencyId), inArray(lessons.id, ids)))
      .orderBy(asc(lessons.startsAt), asc(lessons.id));
    return rows as LessonRow[];
  }

  private scopeCondition(agencyId: string, scope: ListScope): SQL | undefined {
    if (scope.all) return undefined;
    const own: SQL[] = [eq(lessons.teacherId, scope.userId)];
    if (scope.student) own.push(eq(lessons.studentId, scope.userId));
    if (scope.parent)
      own.push(sql`exists (select 1 from ${parentChildren} pc join ${userRoles} ur on ur.user_id = pc.child_id
        and ur.role = ${agencyRole('student', agencyId)}
        where pc.parent_id = ${scope.userId} and pc.child_id = ${lessons.studentId})`);
    return or(...own);
  }

  /**
   * A page of the lessons the scope shows. Without a window: live ones first, then the scheduled ones still to
   * end by start (the next first), then the rest (ended, cancelled, never opened) latest first. With a window:
   * those starting in it, by start.
   */
  async page(
    agencyId: string,
    scope: ListScope,
    f: ListFilter,
    now: Date,
    p: { start: number; size: number },
  ): Promise<{ total: number; rows: LessonRow[] }> {
    const where = and(
      eq(lessons.agencyId, agencyId),
      this.scopeCondition(agencyId, scope),
      f.classId === undefined ? undefined : eq(lessons.classId, f.classId),
      f.status === undefined ? undefined : eq(lessons.status, f.status),
      f.window ? and(gte(lessons.startsAt, f.window.from), lt(lessons.startsAt, f.window.to)) : undefined,
    );
    const [{ n }] = await this.db.select({ n: count() }).from(lessons).where(where);
    const nowIso = now.toISOString();
    const upcoming = sql`(${lessons.status} = 'scheduled'
      and ${lessons.startsAt} + ${lessons.minutes} * interval '1 minute' > ${nowIso}::timestamptz)`;
    const order = f.window
      ? [asc(lessons.startsAt), asc(lessons.id)]
      : [
          sql`case when ${lessons.status} = 'live' then 0 when ${upcoming} then 1 else 2 end`,
          sql`case when ${lessons.status} = 'live' or ${upcoming} then ${lessons.startsAt} end asc`,
          desc(lessons.startsAt),
          asc(lessons.id),
        ];
    const rows = await this.select()
      .where(where)
      .orderBy(...order)
      .limit(p.size)
      .offset(p.start);
    return { total: n, rows: rows as LessonRow[] };
  }

  async presence(lessonId: number) {
    return this.db
      .select({
        userId: lessonPresence.userId,
        name: users.name,
        role: lessonPresence.role,
        joinedAt: lessonPresence.joinedAt,
        leftAt: lessonPresence.leftAt,
      })
      .from(lessonPresence)
      .innerJoin(users, eq(users.id, lessonPresence.userId))
      .where(eq(lessonPresence.lessonId, lessonId))
      .orderBy(asc(lessonPresence.joinedAt), asc(lessonPresence.id))
      .limit(500);
  }

  // The people of a class.

  async classOf(agencyId: string, id: number) {
    const [c] = await this.db
      .select({ id: classes.id, kind: classes.kind, name: classes.name, archivedAt: classes.archivedAt })
      .from(classes)
      .where(and(eq(classes.id, id), eq(classes.agencyId, agencyId)));
    return c;
  }

  async teaches(classId: number, userId: number): Promise<boolean> {
    const [r] = await this.db
      .select({ one: sql<number>`1` })
      .from(classTeachers)
      .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, userId)))
      .limit(1);
    return r !== undefined;
  }

  /** The class's teachers (still teachers of the agency) and the homework teachers assigned to the agency. */
  async teacherOptions(agencyId: string, classId: number) {
    const ofClass = this.db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(classTeachers)
      .innerJoin(users, eq(users.id, classTeachers.userId))
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, agencyRole('teacher', agencyId))))
      .where(eq(classTeachers.classId, classId));
    const tutors = this.db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(homeworkTeacherAgencies)
      .innerJoin(users, eq(users.id, homeworkTeacherAgencies.userId))
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, HOMEWORK_TEACHER)))
      .where(eq(homeworkTeacherAgencies.agencyId, agencyId));
    const rows = await ofClass.union(tutors).orderBy(asc(users.name), asc(users.id)).limit(OPTIONS_LIMIT);
    return rows;
  }

  /** The class's members who are still students of the agency. */
  async studentOptions(agencyId: string, classId: number) {
    return this.db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.userId))
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, agencyRole('student', agencyId))))
      .where(eq(classMembers.classId, classId))
      .orderBy(asc(users.name), asc(users.id))
      .limit(OPTIONS_LIMIT);
  }

  /** Whether the user may teach a lesson of the class: its teacher (of the agency), or a homework teacher of it. */
  async mayTeach(agencyId: string, classId: number, userId: number): Promise<boolean> {
    const r = rowsOf<{ ok: boolean }>(
      await this.db.execute(sql`select (
        exists (select 1 from class_teachers ct join user_roles ur on ur.user_id = ct.user_id
                and ur.role = ${agencyRole('teacher', agencyId)} where ct.class_id = ${classId} and ct.user_id = ${userId})
        or exists (select 1 from homework_teacher_agencies h join user_roles ur on ur.user_id = h.user_id
                and ur.role = ${HOMEWORK_TEACHER} where h.agency_id = ${agencyId} and h.user_id = ${userId})
      ) as ok`),
    );
    return r[0]?.ok === true;
  }

  /** Whether the user is a member of the class and a student of the agency. */
  async isMember(agencyId: string, classId: number, userId: number): Promise<boolean> {
    const [r] = await this.db
      .select({ one: sql<number>`1` })
      .from(classMembers)
      .innerJoin(
        userRoles,
        and(eq(userRoles.userId, classMembers.userId), eq(userRoles.role, agencyRole('student', agencyId))),
      )
      .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)))
      .limit(1);
    return r !== undefined;
  }

  async names(ids: number[], db: DbOrTx = this.db): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Whether the user holds an agency role there (a teacher's notice opens the admin area, else the tutor's). */
  async hasAgencyRole(userId: number, agencyId: string, db: DbOrTx = this.db): Promise<boolean> {
    const r = rowsOf<{ one: number }>(
      await db.execute(sql`select 1 as one from user_roles where user_id = ${userId}
        and role like ${`${agencyRolePrefix(agencyId)}%`} and role <> ${agencyRole('student', agencyId)} limit 1`),
    );
    return r.length > 0;
  }

  // Writes (each inside the caller's transaction).

  /**
   * Serialises the scheduling writes of these people (their overlap checks and inserts), so that two requests at
   * once never both book the same hour: a transaction-scoped advisory lock per person, taken in id order.
   */
  async lockPeople(tx: DbOrTx, userIds: number[]) {
    for (const id of [...new Set(userIds)].sort((a, b) => a - b))
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lesson-person:${id}`}, 0))`);
  }

  /**
   * The first scheduled or live lesson of the teacher or the student (as either party) that overlaps one of the
   * intervals, leaving out the lessons being moved.
   */
  async clash(
    tx: DbOrTx,
    people: { teacherId: number; studentId: number },
    intervals: { startsAt: Date; minutes: number }[],
    exceptIds: number[],
  ): Promise<Clash | undefined> {
    if (intervals.length === 0) return undefined;
    const first = Math.min(...intervals.map((i) => i.startsAt.getTime()));
    const last = Math.max(...intervals.map((i) => i.startsAt.getTime() + i.minutes * 60_000));
    const rows = await tx
      .select({
        id: lessons.id,
        teacherId: lessons.teacherId,
        studentId: lessons.studentId,
        title: lessons.title,
        startsAt: lessons.startsAt,
        minutes: lessons.minutes,
      })
      .from(lessons)
      .where(
        and(
          inArray(lessons.status, ['scheduled', 'live']),
          or(
            inArray(lessons.teacherId, [people.teacherId, people.studentId]),
            inArray(lessons.studentId, [people.teacherId, people.studentId]),
          ),
          exceptIds.length ? sql`${lessons.id} <> all(${`{${exceptIds.join(',')}}`}::bigint[])` : undefined,
          // A coarse bound for the index; the exact overlap is checked below (lessons last at most 600 minutes).
          lt(lessons.startsAt, new Date(last)),
          gt(lessons.startsAt, new Date(first - 600 * 60_000)),
        ),
      )
      .orderBy(asc(lessons.startsAt), asc(lessons.id));
    for (const r of rows) {
      const s = r.startsAt.getTime();
      const hit = intervals.some((i) => {
        const a = i.startsAt.getTime();
        return a < s + r.minutes * 60_000 && s < a + i.minutes * 60_000;
      });
      if (!hit) continue;
      const teacherBusy = r.teacherId === people.teacherId || r.studentId === people.teacherId;
      return { who: teacherBusy ? 'teacher' : 'student', title: r.title, startsAt: r.startsAt };
    }
    return undefined;
  }

  /** Inserts the lessons; a series (more than one) gets the first one's id as `series_id`. Answers the ids. */
  async insert(tx: DbOrTx, rows: LessonInsert[], now: Date): Promise<number[]> {
    const made = await tx
      .insert(lessons)
      .values(rows.map((r) => ({ ...r, createdAt: now, updatedAt: now })))
      .returning({ id: lessons.id });
    const ids = made.map((m) => m.id).sort((a, b) => a - b);
    if (ids.length > 1) await tx.update(lessons).set({ seriesId: ids[0] }).where(inArray(lessons.id, ids));
    return ids;
  }

  /** The scheduled lessons of the series from this start on (this one included), by start. */
  async following(tx: DbOrTx, agencyId: string, seriesId: number, from: Date) {
    return tx
      .select({ id: lessons.id, startsAt: lessons.startsAt, minutes: lessons.minutes })
      .from(lessons)
      .where(
        and(
          eq(lessons.agencyId, agencyId),
          eq(lessons.seriesId, seriesId),
          eq(lessons.status, 'scheduled'),
          gte(lessons.startsAt, from),
        ),
      )
      .orderBy(asc(lessons.startsAt), asc(lessons.id));
  }

  /** Re-reads the lesson's status under a row lock (the transaction's moves and cancels see the latest). */
  async lockLesson(tx: DbOrTx, agencyId: string, id: number) {
    const [r] = await tx
      .select({
        id: lessons.id,
        status: lessons.status,
        seriesId: lessons.seriesId,
        startsAt: lessons.startsAt,
        minutes: lessons.minutes,
        teacherId: lessons.teacherId,
        studentId: lessons.studentId,
        title: lessons.title,
      })
      .from(lessons)
      .where(and(eq(lessons.id, id), eq(lessons.agencyId, agencyId)))
      .for('update');
    return r as (typeof r & { status: LessonStatus }) | undefined;
  }

  async move(
    tx: DbOrTx,
    moves: { id: number; startsAt: Date }[],
    fields: { title: string; minutes: number },
    now: Date,
  ) {
    for (const m of moves)
      await tx
        .update(lessons)
        .set({ startsAt: m.startsAt, title: fields.title, minutes: fields.minutes, updatedAt: now })
        .where(and(eq(lessons.id, m.id), eq(lessons.status, 'scheduled')));
  }

  async cancel(tx: DbOrTx, ids: number[], reason: string, now: Date) {
    if (ids.length === 0) return;
    await tx
      .update(lessons)
      .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now })
      .where(and(inArray(lessons.id, ids), eq(lessons.status, 'scheduled')));
  }

  /** scheduled → live; false when it was no longer scheduled. */
  async open(agencyId: string, id: number, now: Date): Promise<boolean> {
    const r = await this.db
      .update(lessons)
      .set({ status: 'live', openedAt: now, updatedAt: now })
      .where(and(eq(lessons.id, id), eq(lessons.agencyId, agencyId), eq(lessons.status, 'scheduled')))
      .returning({ id: lessons.id });
    return r.length > 0;
  }

  /** live → ended by the teacher; false when it was no longer live. */
  async close(agencyId: string, id: number, now: Date): Promise<boolean> {
    const r = await this.db
      .update(lessons)
      .set({ status: 'ended', closedAt: now, endedBy: 'teacher', updatedAt: now })
      .where(and(eq(lessons.id, id), eq(lessons.agencyId, agencyId), eq(lessons.status, 'live')))
      .returning({ id: lessons.id });
    return r.length > 0;
  }

  /**
   * Ends (by `auto`) at most `limit` live lessons whose scheduled end lies `graceMinutes` or more before now;
   * answers them. One statement, so nodes sweeping at once end each lesson once.
   */
  async autoEnd(now: Date, graceMinutes: number, limit: number) {
    const due = sql`${lessons.startsAt} + (${lessons.minutes} + ${graceMinutes}) * interval '1 minute'`;
    const ids = this.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.status, 'live'), lte(due, sql`${now.toISOString()}::timestamptz`)))
      .orderBy(asc(lessons.startsAt))
      .limit(limit);
    return this.db
      .update(lessons)
      .set({ status: 'ended', closedAt: now, endedBy: 'auto', updatedAt: now })
      .where(and(inArray(lessons.id, ids), eq(lessons.status, 'live')))
      .returning({ id: lessons.id, agencyId: lessons.agencyId });
  }
}
