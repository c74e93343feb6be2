// Demo tasks (docs/tasks.md "Demo data"): three tasks of the demo adaptive scheme for the demo class 初一（1）班 (or,
// without the class, for the demo students): one finished (its window over, the demo student's training done in
// it), one open (nobody started yet) and one homework (open, late work accepted with a 20 % penalty, done by the demo
// student). Played through the real services on a clock a few days back, after seedDemoPractice; a database that
// already has the first of them is left alone (idempotent; other parts of the demo add tasks of their own).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Task, TaskFields, Training, TrainingAnswerRequest, TrainingAnswerResult } from '@edu/contract';
import { manualClock, type Clock } from '../lib/clock.js';
import type { Db } from '../db/client.js';
import { questions, schemes, userRoles, users } from '../db/schema.js';
import { classes } from '../db/schema-classes.js';
import { tasks } from '../db/schema-tasks.js';
import { typedAnswer, type KeyedQuestion } from './seed-answers.js';
import { DEMO_ADAPTIVE_TITLE } from './seed-schemes.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Safety cap on the answers of one seeded training. */
const MAX_ANSWERS = 60;
/** The first demo task's title: a database that has it was seeded already. */
const FIRST_TITLE = '第一单元练习';

type Trainee = { id: number; agencyId: string };
type Staff = { id: number; roles: readonly string[]; agencyId: string };

/** The services the demo tasks are played through (made by the caller on the clock given). */
export interface DemoTaskServices {
  tasks: {
    create(u: Staff, f: TaskFields): Promise<Task>;
    doTask(user: Trainee, id: string): Promise<Training>;
  };
  training: {
    answer(user: Trainee, trainId: string, req: TrainingAnswerRequest): Promise<TrainingAnswerResult>;
    finish(user: Trainee, trainId: string): Promise<Training>;
  };
}

export async function seedDemoTasks(db: Db, servicesOn: (clock: Clock) => DemoTaskServices): Promise<void> {
  const [existing] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.agencyId, 'demo'), eq(tasks.title, FIRST_TITLE)))
    .limit(1);
  if (existing) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'agency'));
  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'student'));
  const [scheme] = await db.select({ id: schemes.id }).from(schemes).where(eq(schemes.title, DEMO_ADAPTIVE_TITLE));
  if (!admin || !student || !scheme) return;
  const [cls] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.agencyId, 'demo'), eq(classes.kind, 'ordinary'), isNull(classes.archivedAt)))
    .orderBy(asc(classes.id))
    .limit(1);
  const studentIds = cls
    ? []
    : (
        await db
          .select({ id: userRoles.userId })
          .from(userRoles)
          .where(eq(userRoles.role, 'edu:agency:demo:student'))
          .orderBy(asc(userRoles.userId))
          .limit(50)
      ).map((r) => String(r.id));
  const target = { classId: cls ? String(cls.id) : null, studentIds };

  const now = Date.now();
  const clock = manualClock(now - 4 * DAY);
  const { tasks: taskService, training } = servicesOn(clock);
  const staff: Staff = { id: admin.id, roles: ['edu:agency:demo:admin'], agencyId: 'demo' };
  const trainee: Trainee = { id: student.id, agencyId: 'demo' };
  const base = { schemeId: String(scheme.id), ...target };
  const finished = await taskService.create(staff, {
    ...base,
    title: FIRST_TITLE,
    startTime: now - 4 * DAY,
    deadline: now - 2 * DAY,
    latePolicy: 'none',
    latePenalty: 0,
    homework: false,
  });
  await taskService.create(staff, {
    ...base,
    title: '第二单元练习',
    startTime: now - 4 * DAY,
    deadline: now + 5 * DAY,
    latePolicy: 'late',
    latePenalty: 0,
    homework: false,
  });
  const homework = await taskService.create(staff, {
    ...base,
    title: '本周英语作业',
    startTime: now - 4 * DAY,
    deadline: now + 3 * DAY,
    latePolicy: 'penalty',
    latePenalty: 20,
    homework: true,
  });

  const keyOf = async (questionId: string): Promise<KeyedQuestion> => {
    const [q] = await db
      .select({
        type: questions.type,
        answer: questions.answer,
        options: questions.options,
        subs: questions.questionSub,
      })
      .from(questions)
      .where(eq(questions.id, Number(questionId)));
    return { ...q, questionSub: q.subs as unknown as KeyedQuestion['questionSub'] };
  };
  let n = 0;
  const play = async (taskId: string, at: number, pattern: boolean[]) => {
    clock.set(at);
    let tr = await taskService.doTask(trainee, taskId);
    for (let i = 0; tr.status === 'running' && tr.question && i < MAX_ANSWERS; i++) {
      clock.advance(25_000 + (n % 3) * 10_000);
      const questionId = tr.question.id;
      tr = (
        await training.answer(trainee, tr.trainId, {
          clientAnswerId: `demo-task-answer-${++n}`,
          questionId,
          ...typedAnswer(await keyOf(questionId), pattern[i % pattern.length]),
        })
      ).training;
    }
    if (tr.status === 'running') await training.finish(trainee, tr.trainId);
  };
  await play(finished.taskId, now - 3 * DAY + 10 * HOUR, [true, true, false, true]);
  await play(homework.taskId, now - DAY + 19 * HOUR, [true, false, true, true, true]);
}
