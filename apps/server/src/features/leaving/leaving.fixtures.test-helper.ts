// Fixtures of the leaving tests: one agency's records of a student, written straight to the database (trainings,
// events, answers with a mark, a wrong-book card, a task and a class place), and counting them again.
import { and, count, eq, inArray } from 'drizzle-orm';
import { answerRecords, trainingEvents, trainings, wrongCards } from '../../db/schema.js';
import { answerMarks } from '../../db/schema-marking.js';
import { classes, classMembers } from '../../db/schema-classes.js';
import { tasks, taskStudents } from '../../db/schema-tasks.js';
import { agencyMembers } from '../../db/schema-users.js';
import type { TestApp } from '../../test/test-app.js';

let schemeCounter = 0;

export interface Seeded {
  trainingId: number;
  recordId: number;
  classId: number;
  taskId: number;
}

/** A finished general training with one marked answer, a card, a task place and a class place in `agencyId`. */
export async function seedRecords(
  t: TestApp,
  agencyId: string,
  userId: number,
  o: { title: string; questionId: number; type?: 'general' | 'paper'; status?: 'running' | 'finished' },
): Promise<Seeded> {
  const now = new Date(t.clock.now());
  const running = o.status === 'running';
  const [tr] = await t.db
    .insert(trainings)
    .values({
      agencyId,
      schemeId: 900_000 + ++schemeCounter,
      userId,
      scheme: { title: o.title, type: o.type ?? 'general' },
      seed: 1,
      status: o.status ?? 'finished',
      state: {},
      answered: 1,
      correct: 1,
      score: 1,
      maxScore: 1,
      startedAt: new Date(now.getTime() - 600_000),
      endedAt: running ? null : now,
    })
    .returning({ id: trainings.id });
  await t.db.insert(trainingEvents).values({ trainingId: tr.id, seq: 0, event: { type: 'start' } });
  const [rec] = await t.db
    .insert(answerRecords)
    .values({
      agencyId,
      questionId: o.questionId,
      version: 1,
      userId,
      trainingId: tr.id,
      clientAnswerId: `c-${tr.id}`,
      submission: { answer: ['我的作答'] },
      score: 1,
      isCorrect: true,
      first: true,
    })
    .returning({ id: answerRecords.id });
  await t.db.insert(answerMarks).values({ recordId: rec.id, agencyId, score: 1, isCorrect: true, markedAt: now });
  await t.db
    .insert(wrongCards)
    .values({
      agencyId,
      userId,
      questionId: o.questionId,
      due: now,
      state: 0,
      stability: 0,
      difficulty: 0,
      elapsedDays: 0,
      scheduledDays: 0,
      learningSteps: 0,
      reps: 0,
      lapses: 0,
    })
    .onConflictDoNothing();
  const [cls] = await t.db
    .insert(classes)
    .values({ agencyId, kind: 'ordinary', name: `${o.title}班` })
    .returning({ id: classes.id });
  await t.db.insert(classMembers).values({ classId: cls.id, userId });
  const [task] = await t.db
    .insert(tasks)
    .values({
      agencyId,
      title: `${o.title}任务`,
      schemeId: 1,
      schemeType: 'general',
      startAt: now,
      deadline: new Date(now.getTime() + 7 * 24 * 3600_000),
      latePolicy: 'none',
    })
    .returning({ id: tasks.id });
  await t.db.insert(taskStudents).values({ taskId: task.id, userId });
  return { trainingId: tr.id, recordId: rec.id, classId: cls.id, taskId: task.id };
}

/** How many rows of each kind the agency keeps of the user. */
export async function countRecords(t: TestApp, agencyId: string, userId: number) {
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  const own = (table: typeof trainings | typeof answerRecords | typeof wrongCards) =>
    and(eq(table.agencyId, agencyId), eq(table.userId, userId));
  const agencyTasks = t.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.agencyId, agencyId));
  const agencyClasses = t.db.select({ id: classes.id }).from(classes).where(eq(classes.agencyId, agencyId));
  return {
    trainings: await n(t.db.select({ n: count() }).from(trainings).where(own(trainings))),
    records: await n(t.db.select({ n: count() }).from(answerRecords).where(own(answerRecords))),
    marks: await n(
      t.db
        .select({ n: count() })
        .from(answerMarks)
        .innerJoin(answerRecords, eq(answerRecords.id, answerMarks.recordId))
        .where(own(answerRecords)),
    ),
    cards: await n(t.db.select({ n: count() }).from(wrongCards).where(own(wrongCards))),
    taskPlaces: await n(
      t.db
        .select({ n: count() })
        .from(taskStudents)
        .where(and(eq(taskStudents.userId, userId), inArray(taskStudents.taskId, agencyTasks))),
    ),
    classPlaces: await n(
      t.db
        .select({ n: count() })
        .from(classMembers)
        .where(and(eq(classMembers.userId, userId), inArray(classMembers.classId, agencyClasses))),
    ),
    membership: await n(
      t.db
        .select({ n: count() })
        .from(agencyMembers)
        .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, userId))),
    ),
  };
}
