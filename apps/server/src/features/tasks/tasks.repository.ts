// SQL of tasks (docs/tasks.md): the tasks, the students they are given to, and each student's training of a task
// (trainings.task_id). Every list is paged or bounded by a task's students (at most TASK_MAX_STUDENTS).
import { agencyRole } from '@edu/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { MicroBatch } from '../../lib/micro-batch.js';
import { schemes, trainings, userRoles, users } from '../../db/schema.js';
import { classes, classMembers, classTeachers } from '../../db/schema-classes.js';
import { tasks, taskStudents } from '../../db/schema-tasks.js';

export type TaskRow = typeof tasks.$inferSelect & {
  schemeTitle: string | null;
  className: string | null;
  creatorName: string | null;
  studentCount: number;
};
export type TaskWrite = Omit<typeof tasks.$inferInsert, 'id' | 'agencyId' | 'creatorId' | 'createdAt'>;

/** One assigned student and their training of the task (if any). */
export interface AssignedRow {
  taskId: number;
  userId: number;
  name: string;
  username: string;
  trainId: number | null;
  status: string | null;
  score: number | null;
  maxScore: number | null;
  startedAt: Date | null;
  endedAt: Date | null;
}

/** Which tasks a user sees: all of the agency's, or (a teacher) those of their classes and those they created. */
export type Visibility = { all: true } | { all: false; userId: number };

const studentCount = sql<number>`(select count(*) from ${taskStudents} where ${taskStudents.taskId} = ${tasks.id})::int`;

const taskColumns = {
  id: tasks.id,
  agencyId: tasks.agencyId,
  title: tasks.title,
  schemeId: tasks.schemeId,
  schemeType: tasks.schemeType,
  classId: tasks.classId,
  startAt: tasks.startAt,
  deadline: tasks.deadline,
  latePolicy: tasks.latePolicy,
  latePenalty: tasks.latePenalty,
  homework: tasks.homework,
  creatorId: tasks.creatorId,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
  schemeTitle: schemes.title,
  className: classes.name,
  creatorName: users.name,
  studentCount,
};

export class TasksRepository {
  constructor(private readonly db: Db) {}

  private visible(agencyId: string, v: Visibility): SQL {
    const agency = eq(tasks.agencyId, agencyId);
    if (v.all) return agency;
    return and(
      agency,
      or(
        eq(tasks.creatorId, v.userId),
        sql`exists (select 1 from ${classTeachers} where ${classTeachers.classId} = ${tasks.classId}
                     and ${classTeachers.userId} = ${v.userId})`,
      ),
    )!;
  }

  private select() {
    return this.db
      .select(taskColumns)
      .from(tasks)
      .leftJoin(schemes, eq(schemes.id, tasks.schemeId))
      .leftJoin(classes, eq(classes.id, tasks.classId))
      .leftJoin(users, eq(users.id, tasks.creatorId));
  }

  async get(agencyId: string, id: number, v: Visibility = { all: true }): Promise<TaskRow | undefined> {
    const [row] = await this.select().where(and(eq(tasks.id, id), this.visible(agencyId, v)));
    return row;
  }

  async page(
    agencyId: string,
    v: Visibility,
    f: { classId?: number; homework?: boolean },
    page: { start: number; size: number },
  ): Promise<{ total: number; rows: TaskRow[] }> {
    const where = and(
      this.visible(agencyId, v),
      f.classId === undefined ? undefined : eq(tasks.classId, f.classId),
      f.homework === undefined ? undefined : eq(tasks.homework, f.homework),
    );
    const [{ n }] = await this.db.select({ n: count() }).from(tasks).where(where);
    const rows = await this.select()
      .where(where)
      .orderBy(desc(tasks.deadline), desc(tasks.id))
      .limit(page.size)
      .offset(page.start);
    return { total: n, rows };
  }

  /** Inserts a task and its students; answers its id. */
  async insert(agencyId: string, creatorId: number, w: TaskWrite, studentIds: number[], now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tasks)
        .values({ ...w, agencyId, creatorId, createdAt: now, updatedAt: now })
        .returning({ id: tasks.id });
      if (studentIds.length)
        await tx.insert(taskStudents).values(studentIds.map((userId) => ({ taskId: row.id, userId })));
      return row.id;
    });
  }

  /**
   * Replaces a task's fields and students. A student who already has a training of the task stays assigned
   * (their work is kept and still counts).
   */
  async update(id: number, w: TaskWrite, studentIds: number[], now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(tasks)
        .set({ ...w, updatedAt: now })
        .where(eq(tasks.id, id));
      await tx.execute(sql`delete from ${taskStudents} where ${taskStudents.taskId} = ${id}
        and not (${taskStudents.userId} = any(${`{${studentIds.join(',')}}`}::bigint[]))
        and not exists (select 1 from ${trainings} where ${trainings.taskId} = ${id}
                        and ${trainings.userId} = ${taskStudents.userId})`);
      if (studentIds.length)
        await tx
          .insert(taskStudents)
          .values(studentIds.map((userId) => ({ taskId: id, userId })))
          .onConflictDoNothing();
    });
  }

  /** The task's students with their trainings of it, by name. */
  async assigned(taskIds: number[]): Promise<AssignedRow[]> {
    if (taskIds.length === 0) return [];
    return this.assignedQuery()
      .where(inArray(taskStudents.taskId, taskIds))
      .orderBy(asc(taskStudents.taskId), asc(users.name), asc(users.id));
  }

  private assignedQuery() {
    return this.db
      .select({
        taskId: taskStudents.taskId,
        userId: taskStudents.userId,
        name: users.name,
        username: users.username,
        trainId: trainings.id,
        status: trainings.status,
        score: trainings.score,
        maxScore: trainings.maxScore,
        startedAt: trainings.startedAt,
        endedAt: trainings.endedAt,
      })
      .from(taskStudents)
      .innerJoin(users, eq(users.id, taskStudents.userId))
      .leftJoin(trainings, and(eq(trainings.taskId, taskStudents.taskId), eq(trainings.userId, taskStudents.userId)));
  }

  /** A page of (homework task, student) rows the user sees, latest deadline first; `size` 0 = all (bounded). */
  async homeworkRows(
    agencyId: string,
    v: Visibility,
    classId: number | undefined,
    page: { start: number; size: number },
  ): Promise<{ total: number; rows: (AssignedRow & { task: TaskRow })[] }> {
    const where = and(
      this.visible(agencyId, v),
      eq(tasks.homework, true),
      classId === undefined ? undefined : eq(tasks.classId, classId),
    );
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(taskStudents)
      .innerJoin(tasks, eq(tasks.id, taskStudents.taskId))
      .where(where);
    const pairs = await this.db
      .select({ taskId: taskStudents.taskId, userId: taskStudents.userId })
      .from(taskStudents)
      .innerJoin(tasks, eq(tasks.id, taskStudents.taskId))
      .innerJoin(users, eq(users.id, taskStudents.userId))
      .where(where)
      .orderBy(desc(tasks.deadline), desc(tasks.id), asc(users.name), asc(users.id))
      .limit(page.size)
      .offset(page.start);
    if (pairs.length === 0) return { total: n, rows: [] };
    const taskIds = [...new Set(pairs.map((p) => p.taskId))];
    const taskRows = await this.select().where(inArray(tasks.id, taskIds));
    const byTask = new Map(taskRows.map((t) => [t.id, t]));
    const assigned = await this.assignedQuery().where(
      and(
        inArray(taskStudents.taskId, taskIds),
        inArray(
          taskStudents.userId,
          pairs.map((p) => p.userId),
        ),
      ),
    );
    const byPair = new Map(assigned.map((a) => [`${a.taskId}/${a.userId}`, a]));
    return {
      total: n,
      rows: pairs.map((p) => ({ ...byPair.get(`${p.taskId}/${p.userId}`)!, task: byTask.get(p.taskId)! })),
    };
  }

  /**
   * The student's tasks that are open now: started, and before the deadline, or after it under a late policy
   * while not done (or still running). Soonest deadline first.
   */
  async todo(agencyId: string, userId: number, now: Date, page: { start: number; size: number }) {
    const where = and(
      eq(taskStudents.userId, userId),
      eq(tasks.agencyId, agencyId),
      sql`${tasks.startAt} <= ${now}`,
      or(
        sql`${tasks.deadline} > ${now}`,
        eq(trainings.status, 'running'),
        and(sql`${tasks.latePolicy} <> 'none'`, isNull(trainings.id)),
      ),
    );
    const base = () =>
      this.db
        .select({
          task: tasks,
          trainId: trainings.id,
          status: trainings.status,
          score: trainings.score,
          maxScore: trainings.maxScore,
          startedAt: trainings.startedAt,
          endedAt: trainings.endedAt,
        })
        .from(taskStudents)
        .innerJoin(tasks, eq(tasks.id, taskStudents.taskId))
        .leftJoin(trainings, and(eq(trainings.taskId, tasks.id), eq(trainings.userId, userId)));
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(taskStudents)
      .innerJoin(tasks, eq(tasks.id, taskStudents.taskId))
      .leftJoin(trainings, and(eq(trainings.taskId, tasks.id), eq(trainings.userId, userId)))
      .where(where);
    const rows = await base()
      .where(where)
      .orderBy(asc(tasks.deadline), asc(tasks.id))
      .limit(page.size)
      .offset(page.start);
    return { total: n, rows };
  }

  /** The task if the student is given it (else undefined: 404), with `trainId`: the student's training of it, or null. */
  ofStudent(agencyId: string, taskId: number, userId: number) {
    return this.ofStudentBatch.load({ agencyId, taskId, userId });
  }

  /** Reads arriving together (a class starting its exam at once) share one statement (lib/micro-batch.ts). */
  private readonly ofStudentBatch = new MicroBatch<
    { agencyId: string; taskId: number; userId: number },
    (typeof tasks.$inferSelect & { trainId: number | null }) | undefined
  >(async (keys) => {
    this.ofStudentStatement ??= buildOfStudent(this.db);
    const rows = await this.ofStudentStatement.execute({
      agencies: [...new Set(keys.map((k) => k.agencyId))],
      tasks: [...new Set(keys.map((k) => k.taskId))],
      users: [...new Set(keys.map((k) => k.userId))],
    });
    const found = new Map(rows.map((r) => [`${r.task.agencyId}/${r.task.id}/${r.userId}`, r]));
    return keys.map((k) => {
      const row = found.get(`${k.agencyId}/${k.taskId}/${k.userId}`);
      return row && { ...row.task, trainId: row.trainId };
    });
  });

  private ofStudentStatement?: ReturnType<typeof buildOfStudent>;

  /**
   * Of these paper schemes, those some task of the agency gives (reachable only through their task). A paper's every
   * start and the student's scheme list ask: asks arriving together (a class starting an exam) share one statement
   * (lib/micro-batch.ts), each answered by a read started after it asked.
   */
  async heldPapers(agencyId: string, schemeIds: number[]): Promise<Set<number>> {
    if (schemeIds.length === 0) return new Set();
    return this.heldPapersBatch.load({ agencyId, schemeIds });
  }

  private readonly heldPapersBatch = new MicroBatch<{ agencyId: string; schemeIds: number[] }, Set<number>>(
    async (keys) => {
      this.heldPapersStatement ??= buildHeldPapers(this.db);
      const rows = await this.heldPapersStatement.execute({
        agencyIds: [...new Set(keys.map((k) => k.agencyId))],
        schemeIds: [...new Set(keys.flatMap((k) => k.schemeIds))],
      });
      const held = new Set(rows.map((r) => `${r.agencyId}/${r.schemeId}`));
      return keys.map((k) => new Set(k.schemeIds.filter((id) => held.has(`${k.agencyId}/${id}`))));
    },
  );

  private heldPapersStatement?: ReturnType<typeof buildHeldPapers>;

  /** The class if it is the agency's and not archived. */
  async classOf(agencyId: string, classId: number) {
    const [row] = await this.db
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(and(eq(classes.id, classId), eq(classes.agencyId, agencyId), isNull(classes.archivedAt)));
    return row;
  }

  async teaches(classId: number, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(classTeachers)
      .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, userId)));
    return row.n > 0;
  }

  async classMembers(classId: number): Promise<number[]> {
    const rows = await this.db
      .select({ userId: classMembers.userId })
      .from(classMembers)
      .where(eq(classMembers.classId, classId));
    return rows.map((r) => r.userId);
  }

  /** The agency's classes the user may give tasks to (`userId`: only those they teach), by name. */
  async classOptions(agencyId: string, userId: number | null) {
    return this.db
      .select({
        id: classes.id,
        name: classes.name,
        kind: classes.kind,
        studentCount: sql<number>`(select count(*) from ${classMembers} where ${classMembers.classId} = ${classes.id})::int`,
      })
      .from(classes)
      .where(
        and(
          eq(classes.agencyId, agencyId),
          isNull(classes.archivedAt),
          userId === null
            ? undefined
            : sql`exists (select 1 from ${classTeachers} where ${classTeachers.classId} = ${classes.id}
                           and ${classTeachers.userId} = ${userId})`,
        ),
      )
      .orderBy(asc(classes.name), asc(classes.id))
      .limit(500);
  }

  /** Of these user ids, the students of the agency. */
  async agencyStudents(agencyId: string, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.role, agencyRole('student', agencyId)), inArray(userRoles.userId, ids)));
    return new Set(rows.map((r) => r.userId));
  }

  async searchStudents(agencyId: string, keyword: string, size: number) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, agencyRole('student', agencyId))))
      .where(keyword ? or(ilike(users.name, like), ilike(users.username, like)) : undefined)
      .orderBy(asc(users.name), asc(users.id))
      .limit(size);
  }

  async students(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.name), asc(users.id));
  }

  async studentIdsOf(taskId: number): Promise<number[]> {
    const rows = await this.db
      .select({ userId: taskStudents.userId })
      .from(taskStudents)
      .where(eq(taskStudents.taskId, taskId));
    return rows.map((r) => r.userId);
  }
}

/**
 * The schemes, of those given, that some task of the given agencies gives as a paper, with the task's agency (array
 * parameters: one statement for a batch; the caller picks each asker's own pairs).
 */
function buildHeldPapers(db: Db) {
  return db
    .selectDistinct({ agencyId: tasks.agencyId, schemeId: tasks.schemeId })
    .from(tasks)
    .where(
      and(
        sql`${tasks.agencyId} = any(${sql.placeholder('agencyIds')}::text[])`,
        eq(tasks.schemeType, 'paper'),
        sql`${tasks.schemeId} = any(${sql.placeholder('schemeIds')}::bigint[])`,
      ),
    )
    .prepare('tasks_held_papers');
}

/**
 * The tasks given to the students, of the agencies (array parameters: one statement for a batch; the caller picks
 * each asker's own row), each with the student's training of it (its id, null before the first start).
 */
function buildOfStudent(db: Db) {
  return db
    .select({ task: tasks, userId: taskStudents.userId, trainId: trainings.id })
    .from(taskStudents)
    .innerJoin(tasks, eq(tasks.id, taskStudents.taskId))
    .leftJoin(trainings, and(eq(trainings.taskId, taskStudents.taskId), eq(trainings.userId, taskStudents.userId)))
    .where(
      and(
        sql`${taskStudents.taskId} = any(${sql.placeholder('tasks')}::bigint[])`,
        sql`${taskStudents.userId} = any(${sql.placeholder('users')}::bigint[])`,
        sql`${tasks.agencyId} = any(${sql.placeholder('agencies')}::text[])`,
      ),
    )
    .prepare('tasks_of_student');
}
