// SQL of the class gradebook (docs/gradebook.md): the class, its members (paged), the tasks given to it with their
// weights (bounded by GRADEBOOK_MAX_TASKS), and the members' trainings of those tasks (bounded by page × tasks).
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trainings, users } from '../../db/schema.js';
import { classes, classMembers, classTeachers } from '../../db/schema-classes.js';
import { taskWeights } from '../../db/schema-gradebook.js';
import { tasks, taskStudents } from '../../db/schema-tasks.js';

export interface GradebookClassRow {
  id: number;
  name: string;
  kind: string;
  archivedAt: Date | null;
}

export interface GradebookTaskRow {
  id: number;
  title: string;
  startAt: Date;
  deadline: Date;
  homework: boolean;
  latePolicy: string;
  latePenalty: number;
  /** null: never set (the default weight). */
  weight: number | null;
}

export interface MemberRow {
  id: number;
  name: string;
  username: string;
}

/** A (task, student) pair the task was given to, with the student's training of it if any. */
export interface ResultRow {
  taskId: number;
  userId: number;
  trainId: number | null;
  status: string | null;
  score: number | null;
  maxScore: number | null;
  startedAt: Date | null;
  endedAt: Date | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class GradebookRepository {
  constructor(private readonly db: Db) {}

  /** The agency's class (archived ones too: their history stays readable). */
  async classOf(agencyId: string, classId: number): Promise<GradebookClassRow | undefined> {
    const [row] = await this.db
      .select({ id: classes.id, name: classes.name, kind: classes.kind, archivedAt: classes.archivedAt })
      .from(classes)
      .where(and(eq(classes.id, classId), eq(classes.agencyId, agencyId)));
    return row;
  }

  async teaches(classId: number, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(classTeachers)
      .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, userId)));
    return row.n > 0;
  }

  /** The latest `limit` tasks given to the class (by deadline), and how many it has in all. */
  async tasksOf(agencyId: string, classId: number, limit: number) {
    const where = and(eq(tasks.agencyId, agencyId), eq(tasks.classId, classId));
    const [{ n }] = await this.db.select({ n: count() }).from(tasks).where(where);
    const rows: GradebookTaskRow[] = await this.db
      .select({
        id: tasks.id,
        title: tasks.title,
        startAt: tasks.startAt,
        deadline: tasks.deadline,
        homework: tasks.homework,
        latePolicy: tasks.latePolicy,
        latePenalty: tasks.latePenalty,
        weight: taskWeights.weight,
      })
      .from(tasks)
      .leftJoin(taskWeights, eq(taskWeights.taskId, tasks.id))
      .where(where)
      .orderBy(desc(tasks.deadline), desc(tasks.id))
      .limit(limit);
    return { total: n, rows };
  }

  /** A page of the class's members by name (`keyword`: part of the name or username). */
  async members(classId: number, keyword: string | undefined, page: { start: number; size: number }) {
    const like = keyword ? `%${escapeLike(keyword)}%` : undefined;
    const where = and(
      eq(classMembers.classId, classId),
      like ? or(ilike(users.name, like), ilike(users.username, like)) : undefined,
    );
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.userId))
      .where(where);
    const rows: MemberRow[] = await this.db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.userId))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(page.size)
      .offset(page.start);
    return { total: n, rows };
  }

  /** The pairs of these tasks given to these students, with their trainings of the task. */
  async results(taskIds: number[], userIds: number[]): Promise<ResultRow[]> {
    if (taskIds.length === 0 || userIds.length === 0) return [];
    return this.resultQuery().where(and(inArray(taskStudents.taskId, taskIds), inArray(taskStudents.userId, userIds)));
  }

  /** Every ended training of these tasks by a student they were given to (the tasks' averages). */
  async ended(taskIds: number[]): Promise<ResultRow[]> {
    if (taskIds.length === 0) return [];
    return this.resultQuery().where(
      and(
        inArray(taskStudents.taskId, taskIds),
        sql`${trainings.id} is not null`,
        sql`${trainings.status} <> 'running'`,
      ),
    );
  }

  private resultQuery() {
    return this.db
      .select({
        taskId: taskStudents.taskId,
        userId: taskStudents.userId,
        trainId: trainings.id,
        status: trainings.status,
        score: trainings.score,
        maxScore: trainings.maxScore,
        startedAt: trainings.startedAt,
        endedAt: trainings.endedAt,
      })
      .from(taskStudents)
      .leftJoin(trainings, and(eq(trainings.taskId, taskStudents.taskId), eq(trainings.userId, taskStudents.userId)));
  }

  /** The agency's task with its class (null for chosen students) and whether that class is archived. */
  async taskOf(agencyId: string, taskId: number) {
    const [row] = await this.db
      .select({ id: tasks.id, classId: tasks.classId, archivedAt: classes.archivedAt })
      .from(tasks)
      .leftJoin(classes, eq(classes.id, tasks.classId))
      .where(and(eq(tasks.id, taskId), eq(tasks.agencyId, agencyId)));
    return row;
  }

  async setWeight(taskId: number, weight: number, userId: number, now: Date): Promise<void> {
    await this.db
      .insert(taskWeights)
      .values({ taskId, weight, updatedBy: userId, updatedAt: now })
      .onConflictDoUpdate({ target: taskWeights.taskId, set: { weight, updatedBy: userId, updatedAt: now } });
  }
}
