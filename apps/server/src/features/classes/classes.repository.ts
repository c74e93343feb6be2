// SQL of classes (docs/classes.md): every query names the agency in context; people are checked against the
// agency's roles (a student of the agency holds edu:agency:{agency}:student, a teacher …:teacher).
import { agencyRole } from '@edu/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classMembers, classTeachers, classes } from '../../db/schema-classes.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type ClassRow = typeof classes.$inferSelect;
export interface ClassListRow extends ClassRow {
  gradeName: string | null;
  subjectName: string | null;
  memberCount: number;
}
export interface PersonRow {
  id: number;
  username: string;
  name: string;
}

/** 'teacher' limits the list to the classes the user teaches. */
export interface ClassListFilter {
  agencyId: string;
  kind?: string;
  keyword?: string;
  archived: boolean;
  teacherId: number | null;
  start: number;
  size: number;
}

const listColumns = sql`c.id, c.agency_id, c.kind, c.name, c.grade_id, c.subject_id, c.description, c.archived_at,
  c.creator_id, c.created_at, c.updated_at, g.name as grade_name, s.name as subject_name,
  (select count(*) from class_members m where m.class_id = c.id)::int as member_count`;

interface RawClass {
  id: number | string;
  agency_id: string;
  kind: string;
  name: string;
  grade_id: string | null;
  subject_id: string | null;
  description: string;
  archived_at: string | Date | null;
  creator_id: number | string | null;
  created_at: string | Date;
  updated_at: string | Date;
  grade_name: string | null;
  subject_name: string | null;
  member_count: number;
}

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const fromRaw = (r: RawClass): ClassListRow => ({
  id: Number(r.id),
  agencyId: r.agency_id,
  kind: r.kind,
  name: r.name,
  gradeId: r.grade_id,
  subjectId: r.subject_id,
  description: r.description,
  archivedAt: r.archived_at === null ? null : toDate(r.archived_at),
  creatorId: r.creator_id === null ? null : Number(r.creator_id),
  createdAt: toDate(r.created_at),
  updatedAt: toDate(r.updated_at),
  gradeName: r.grade_name,
  subjectName: r.subject_name,
  memberCount: Number(r.member_count),
});

export class ClassesRepository {
  constructor(private readonly db: Db) {}

  async list(f: ClassListFilter): Promise<{ total: number; rows: ClassListRow[] }> {
    const conds: SQL[] = [sql`c.agency_id = ${f.agencyId}`];
    conds.push(f.archived ? sql`c.archived_at is not null` : sql`c.archived_at is null`);
    if (f.kind) conds.push(sql`c.kind = ${f.kind}`);
    if (f.keyword) conds.push(sql`c.name ilike ${`%${escapeLike(f.keyword)}%`}`);
    if (f.teacherId !== null)
      conds.push(
        sql`exists (select 1 from class_teachers ct where ct.class_id = c.id and ct.user_id = ${f.teacherId})`,
      );
    const where = sql.join(conds, sql` and `);
    const [{ n }] = rowsOf<{ n: number }>(
      await this.db.execute(sql`select count(*)::int as n from classes c where ${where}`),
    );
    const rows = rowsOf<RawClass>(
      await this.db.execute(sql`select ${listColumns} from classes c
        left join grades g on g.id = c.grade_id left join subjects s on s.id = c.subject_id
        where ${where} order by c.updated_at desc, c.id desc offset ${f.start} limit ${f.size}`),
    );
    return { total: Number(n), rows: rows.map(fromRaw) };
  }

  async get(agencyId: string, id: number): Promise<ClassListRow | undefined> {
    const [row] = rowsOf<RawClass>(
      await this.db.execute(sql`select ${listColumns} from classes c
        left join grades g on g.id = c.grade_id left join subjects s on s.id = c.subject_id
        where c.agency_id = ${agencyId} and c.id = ${id}`),
    );
    return row ? fromRaw(row) : undefined;
  }

  async teachersOf(classIds: number[]): Promise<Map<number, PersonRow[]>> {
    const out = new Map<number, PersonRow[]>();
    if (!classIds.length) return out;
    const rows = rowsOf<{ class_id: number | string; id: number | string; username: string; name: string }>(
      await this.db.execute(sql`select ct.class_id, u.id, u.username, u.name from class_teachers ct
        join users u on u.id = ct.user_id
        where ct.class_id in (${sql.join(
          classIds.map((i) => sql`${i}`),
          sql`, `,
        )}) order by ct.created_at, u.id`),
    );
    for (const r of rows) {
      const list = out.get(Number(r.class_id)) ?? [];
      list.push({ id: Number(r.id), username: r.username, name: r.name });
      out.set(Number(r.class_id), list);
    }
    return out;
  }

  async isTeacher(classId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .select({ c: classTeachers.classId })
      .from(classTeachers)
      .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, userId)));
    return rows.length > 0;
  }

  /** True when a gradeId / subjectId exists. */
  async dictionaryHas(table: 'grades' | 'subjects', id: string): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await this.db.execute(sql`select id from ${sql.identifier(table)} where id = ${id}`),
    );
    return rows.length > 0;
  }

  async insert(v: typeof classes.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(classes).values(v).returning({ id: classes.id });
    return row.id;
  }

  async update(agencyId: string, id: number, v: Partial<typeof classes.$inferInsert>): Promise<void> {
    await this.db
      .update(classes)
      .set(v)
      .where(and(eq(classes.agencyId, agencyId), eq(classes.id, id)));
  }

  async members(classId: number, q: { keyword?: string; start: number; size: number }) {
    const kw = q.keyword
      ? sql` and (u.name ilike ${`%${escapeLike(q.keyword)}%`} or u.username ilike ${`%${escapeLike(q.keyword)}%`})`
      : sql``;
    const [{ n }] = rowsOf<{ n: number }>(
      await this.db.execute(sql`select count(*)::int as n from class_members m join users u on u.id = m.user_id
        where m.class_id = ${classId}${kw}`),
    );
    const rows = rowsOf<{ id: number | string; username: string; name: string; joined: number }>(
      await this.db
        .execute(sql`select u.id, u.username, u.name, (extract(epoch from m.created_at) * 1000)::float8 as joined
        from class_members m join users u on u.id = m.user_id
        where m.class_id = ${classId}${kw} order by u.name, u.id offset ${q.start} limit ${q.size}`),
    );
    return {
      total: Number(n),
      rows: rows.map((r) => ({ id: Number(r.id), username: r.username, name: r.name, joinTime: Math.round(r.joined) })),
    };
  }

  async memberIds(classId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: classMembers.userId })
      .from(classMembers)
      .where(eq(classMembers.classId, classId));
    return rows.map((r) => r.id);
  }

  async memberCount(classId: number): Promise<number> {
    const [{ n }] = rowsOf<{ n: number }>(
      await this.db.execute(sql`select count(*)::int as n from class_members where class_id = ${classId}`),
    );
    return Number(n);
  }

  /** Of `ids`, those holding `role`. */
  async holding(ids: number[], role: string): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = rowsOf<{ user_id: number | string }>(
      await this.db.execute(
        sql`select user_id from user_roles where role = ${role} and user_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    );
    return new Set(rows.map((r) => Number(r.user_id)));
  }

  async addPeople(which: 'members' | 'teachers', classId: number, ids: number[], agencyId: string): Promise<number> {
    const table = which === 'members' ? classMembers : classTeachers;
    return this.db.transaction(async (tx) => {
      const added = await tx
        .insert(table)
        .values(ids.map((userId) => ({ classId, userId })))
        .onConflictDoNothing()
        .returning({ id: table.userId });
      if (added.length)
        await tx
          .update(classes)
          .set({ updatedAt: new Date() })
          .where(and(eq(classes.id, classId), eq(classes.agencyId, agencyId)));
      return added.length;
    });
  }

  async removePeople(which: 'members' | 'teachers', classId: number, ids: number[]): Promise<number> {
    const table = which === 'members' ? classMembers : classTeachers;
    const removed = await this.db
      .delete(table)
      .where(and(eq(table.classId, classId), inArray(table.userId, ids)))
      .returning({ id: table.userId });
    if (removed.length) await this.db.update(classes).set({ updatedAt: new Date() }).where(eq(classes.id, classId));
    return removed.length;
  }

  /** The agency's students or teachers, with whether they are already in the class. */
  async candidates(
    agencyId: string,
    classId: number,
    q: { role: 'student' | 'teacher'; keyword?: string; start: number; size: number },
  ) {
    const role = agencyRole(q.role, agencyId);
    const link = q.role === 'student' ? sql`class_members` : sql`class_teachers`;
    const kw = q.keyword
      ? sql` and (u.name ilike ${`%${escapeLike(q.keyword)}%`} or u.username ilike ${`%${escapeLike(q.keyword)}%`})`
      : sql``;
    const base = sql`from users u join user_roles r on r.user_id = u.id and r.role = ${role} where true${kw}`;
    const [{ n }] = rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n ${base}`));
    const rows = rowsOf<{ id: number | string; username: string; name: string; in_class: boolean }>(
      await this.db.execute(sql`select u.id, u.username, u.name,
        exists (select 1 from ${link} l where l.class_id = ${classId} and l.user_id = u.id) as in_class
        ${base} order by u.name, u.id offset ${q.start} limit ${q.size}`),
    );
    return {
      total: Number(n),
      rows: rows.map((r) => ({ id: Number(r.id), username: r.username, name: r.name, inClass: r.in_class })),
    };
  }

  async person(id: number): Promise<PersonRow | undefined> {
    const rows = rowsOf<{ id: number | string; username: string; name: string }>(
      await this.db.execute(sql`select id, username, name from users where id = ${id}`),
    );
    return rows[0] ? { id: Number(rows[0].id), username: rows[0].username, name: rows[0].name } : undefined;
  }

  /** The agency's classes the student is a member of; with teacherId, only those that teacher teaches. */
  async classesOfStudent(agencyId: string, studentId: number, teacherId: number | null) {
    const t =
      teacherId === null
        ? sql``
        : sql` and exists (select 1 from class_teachers ct where ct.class_id = c.id and ct.user_id = ${teacherId})`;
    const rows = rowsOf<{ id: number | string; name: string; kind: string }>(
      await this.db.execute(sql`select c.id, c.name, c.kind from classes c join class_members m on m.class_id = c.id
        where c.agency_id = ${agencyId} and m.user_id = ${studentId}${t} order by c.archived_at nulls first, c.name`),
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name, kind: r.kind }));
  }

  /**
   * Per scheme, the members' ended trainings: for each member the training with the best score rate (its score,
   * max and rate in %; papers and general trainings of one scheme may have different maxima); running trainings
   * never count (a running paper's score is secret).
   */
  async schemeBests(agencyId: string, userIds: number[]) {
    if (!userIds.length) return [];
    const rows = rowsOf<{
      scheme_id: number | string;
      title: string;
      type: string;
      user_id: number | string;
      trainings: number;
      best: number;
      max_score: number;
      rate: number | null;
    }>(
      await this.db
        .execute(sql`select t.scheme_id, (array_agg(t.scheme->>'title' order by t.started_at desc))[1] as title,
        (array_agg(t.scheme->>'type' order by t.started_at desc))[1] as type, t.user_id,
        count(*)::int as trainings,
        (array_agg(t.score order by case when t.max_score > 0 then t.score / t.max_score end desc nulls last, t.score desc))[1]::float8 as best,
        (array_agg(t.max_score order by case when t.max_score > 0 then t.score / t.max_score end desc nulls last, t.score desc))[1]::float8 as max_score,
        max(case when t.max_score > 0 then t.score / t.max_score * 100 end)::float8 as rate
        from trainings t where t.agency_id = ${agencyId} and t.status <> 'running'
          and t.user_id in (${sql.join(
            userIds.map((i) => sql`${i}`),
            sql`, `,
          )})
        group by t.scheme_id, t.user_id`),
    );
    return rows.map((r) => ({
      schemeId: Number(r.scheme_id),
      title: r.title,
      type: r.type === 'paper' ? ('paper' as const) : ('general' as const),
      userId: Number(r.user_id),
      trainings: Number(r.trainings),
      best: Number(r.best),
      maxScore: Number(r.max_score),
      rate: r.rate === null ? null : Number(r.rate),
    }));
  }

  /** Per scheme, how many members started and finished (ended) a training, and the ended ones' average percent. */
  async schemeFigures(agencyId: string, userIds: number[]) {
    if (!userIds.length) return [];
    const rows = rowsOf<{
      scheme_id: number | string;
      title: string;
      started: number;
      finished: number;
      avg: number | null;
    }>(
      await this.db
        .execute(sql`select t.scheme_id, (array_agg(t.scheme->>'title' order by t.started_at desc))[1] as title,
        count(distinct t.user_id)::int as started,
        count(distinct t.user_id) filter (where t.status <> 'running')::int as finished,
        avg(case when t.max_score > 0 then t.score / t.max_score * 100 end) filter (where t.status <> 'running')::float8 as avg
        from trainings t where t.agency_id = ${agencyId} and t.user_id in (${sql.join(
          userIds.map((i) => sql`${i}`),
          sql`, `,
        )})
        group by t.scheme_id order by max(t.started_at) desc limit 50`),
    );
    return rows.map((r) => ({
      schemeId: String(r.scheme_id),
      title: r.title,
      started: Number(r.started),
      finished: Number(r.finished),
      averagePercent: r.avg === null ? null : Math.round(Number(r.avg) * 10) / 10,
    }));
  }

  /** The members' trainings started or ended in [from, to). */
  async trainingsBetween(agencyId: string, userIds: number[], from: Date, to: Date) {
    if (!userIds.length) return [];
    const rows = rowsOf<{
      user_id: number | string;
      scheme_id: number | string;
      title: string;
      status: string;
      answered: number;
      correct: number;
      at: number;
    }>(
      await this.db.execute(sql`select t.user_id, t.scheme_id, t.scheme->>'title' as title, t.status, t.answered,
        case when t.status = 'running' and t.scheme->>'type' = 'paper' then 0 else t.correct end as correct,
        (extract(epoch from greatest(t.updated_at, t.started_at)) * 1000)::float8 as at
        from trainings t where t.agency_id = ${agencyId} and t.user_id in (${sql.join(
          userIds.map((i) => sql`${i}`),
          sql`, `,
        )}) and ((t.started_at >= ${from} and t.started_at < ${to}) or (t.ended_at >= ${from} and t.ended_at < ${to}))
        order by t.started_at limit 5000`),
    );
    return rows.map((r) => ({
      userId: Number(r.user_id),
      schemeId: String(r.scheme_id),
      title: r.title,
      status: r.status,
      answered: Number(r.answered),
      correct: Number(r.correct),
      at: Math.round(Number(r.at)),
    }));
  }

  async memberPeople(classId: number): Promise<PersonRow[]> {
    const rows = rowsOf<{ id: number | string; username: string; name: string }>(
      await this.db.execute(sql`select u.id, u.username, u.name from class_members m join users u on u.id = m.user_id
        where m.class_id = ${classId} order by u.name, u.id`),
    );
    return rows.map((r) => ({ id: Number(r.id), username: r.username, name: r.name }));
  }

  taskFigures(agencyId: string, classId: number, o: Parameters<typeof classTaskFigures>[3]) {
    return classTaskFigures(this.db, agencyId, classId, o);
  }
}

interface RawTask {
  id: number | string;
  title: string;
  start_at: number;
  deadline: number;
  homework: boolean;
  assigned: number;
  started: number;
  finished: number;
  avg: number | null;
  not_finished: string[] | null;
}

/**
 * The class's tasks (the tasks tables of migration 0027, read with SQL): assigned students, how many started and
 * ended their task training, the ended ones' average score rate; `deadlineFrom/To` narrows to a day.
 */
export async function classTaskFigures(
  db: Db,
  agencyId: string,
  classId: number,
  o: { deadlineFrom?: Date; deadlineTo?: Date; withNames: boolean },
) {
  const day =
    o.deadlineFrom && o.deadlineTo ? sql` and t.deadline >= ${o.deadlineFrom} and t.deadline < ${o.deadlineTo}` : sql``;
  const names = o.withNames
    ? sql`(select array_agg(u.name order by u.name) from task_students s2 join users u on u.id = s2.user_id
        where s2.task_id = t.id and not exists (select 1 from trainings x where x.task_id = t.id
          and x.user_id = s2.user_id and x.status <> 'running'))`
    : sql`null::text[]`;
  const rows = rowsOf<RawTask>(
    await db.execute(sql`select t.id, t.title, t.homework,
      (extract(epoch from t.start_at) * 1000)::float8 as start_at, (extract(epoch from t.deadline) * 1000)::float8 as deadline,
      (select count(*) from task_students s where s.task_id = t.id)::int as assigned,
      (select count(distinct tr.user_id) from trainings tr where tr.task_id = t.id)::int as started,
      (select count(distinct tr.user_id) from trainings tr where tr.task_id = t.id and tr.status <> 'running')::int as finished,
      (select avg(case when tr.max_score > 0 then tr.score / tr.max_score * 100 end) from trainings tr
        where tr.task_id = t.id and tr.status <> 'running')::float8 as avg,
      ${names} as not_finished
      from tasks t where t.agency_id = ${agencyId} and t.class_id = ${classId}${day}
      order by t.deadline desc, t.id desc limit 50`),
  );
  return rows.map((r) => ({
    taskId: String(r.id),
    title: r.title,
    startAt: Math.round(Number(r.start_at)),
    deadline: Math.round(Number(r.deadline)),
    homework: r.homework,
    assigned: Number(r.assigned),
    started: Number(r.started),
    finished: Number(r.finished),
    averagePercent: r.avg === null ? null : Math.round(Number(r.avg) * 10) / 10,
    notFinished: (r.not_finished ?? []).slice(0, 50),
  }));
}
