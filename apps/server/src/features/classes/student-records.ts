// Whose records a teacher reads (docs/classes.md "Whose records a teacher reads"): the one check behind every route
// that shows a student's trainings, reports, answers, comments or per-student statistics to staff. The agency-wide
// roles read every student of the agency; a plain teacher reads the students of the classes they teach and the
// trainings of the tasks they see (that they gave, or given to a class they teach). A record outside answers 404.
// The rule is written once, as SQL: a single training is checked with it, and lists filter by it.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recordsReach, type RecordsReach } from './classes.policy.js';

/** The caller in the agency in context (an AuthUser with the agency fits). */
export interface RecordsViewer {
  userId: number;
  roles: readonly string[];
  agencyId: string;
}

/** A training as the check needs it: its student and its task (null outside tasks). */
export interface TrainingOwner {
  userId: number;
  taskId: number | null;
}

type Operand = AnyColumn | SQL;

/** SQL: the teacher teaches a class of the agency that the student is in (archived classes included). */
export const teachesStudent = (agencyId: string, teacherId: number, student: Operand): SQL =>
  sql`exists (select 1 from class_members rm join class_teachers rt on rt.class_id = rm.class_id
    join classes rc on rc.id = rm.class_id
    where rm.user_id = ${student} and rt.user_id = ${teacherId} and rc.agency_id = ${agencyId})`;

/** SQL: the teacher sees the task (docs/tasks.md): they gave it, or it was given to a class they teach. */
export const seesTask = (agencyId: string, teacherId: number, task: Operand): SQL =>
  sql`exists (select 1 from tasks rk where rk.id = ${task} and rk.agency_id = ${agencyId}
    and (rk.creator_id = ${teacherId}
      or exists (select 1 from class_teachers rkt where rkt.class_id = rk.class_id and rkt.user_id = ${teacherId})))`;

export class StudentRecords {
  constructor(private readonly db: Db) {}

  reach(v: RecordsViewer): RecordsReach {
    return recordsReach(v.roles, v.agencyId);
  }

  /**
   * SQL true for the trainings (of the agency in context) whose records the caller reads, over the columns of a
   * training's student and task: `true` for the agency-wide roles, the teacher's rule, `false` for anyone else.
   * The caller's own trainings are each route's own business (a student reads their own).
   */
  trainings(v: RecordsViewer, cols: { student: Operand; task: Operand }): SQL {
    const reach = this.reach(v);
    if (reach === 'all') return sql`true`;
    if (reach === 'none') return sql`false`;
    return sql`(${teachesStudent(v.agencyId, v.userId, cols.student)} or ${seesTask(v.agencyId, v.userId, cols.task)})`;
  }

  /** SQL true for the students whose records (all of them) the caller reads. */
  students(v: RecordsViewer, student: Operand): SQL {
    const reach = this.reach(v);
    if (reach === 'all') return sql`true`;
    if (reach === 'none') return sql`false`;
    return teachesStudent(v.agencyId, v.userId, student);
  }

  /** Whether the caller reads this training of the agency in context (their own aside). */
  async readsTraining(v: RecordsViewer, t: TrainingOwner): Promise<boolean> {
    const reach = this.reach(v);
    if (reach !== 'teaching') return reach === 'all';
    const cond = this.trainings(v, { student: sql`${t.userId}::bigint`, task: sql`${t.taskId}::bigint` });
    return this.holds(cond);
  }

  /** Whether the caller reads every record of this student of the agency in context. */
  async readsStudent(v: RecordsViewer, studentId: number): Promise<boolean> {
    const reach = this.reach(v);
    if (reach !== 'teaching') return reach === 'all';
    return this.holds(this.students(v, sql`${studentId}::bigint`));
  }

  private async holds(cond: SQL): Promise<boolean> {
    const res = await this.db.execute(sql`select (${cond}) as ok`);
    return (res as { rows: { ok: boolean }[] }).rows[0]?.ok === true;
  }
}
