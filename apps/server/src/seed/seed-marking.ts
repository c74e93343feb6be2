// Demo marking (docs/marking.md "Demo data"): a short paper of the demo bank's manually judged short answers, which
// the demo student hands in twice a few days back, each as a homework task's training: one answer is left pending
// in the queue (of the agency's teachers and of the homework teacher), and one is marked by 张老师 (score, comment,
// an annotation), so the marking pages, the history, the report and the wrong-answer book show a teacher's verdict
// on first start. The paper is switched off afterwards (its trainings
// stay), so students are not offered it. Runs after seedDemoPractice; a database that has the paper is left alone.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MarkingClaim, MarkingItem, MarkRequest } from '@edu/contract';
import { paperScheme } from '../features/schemes/schemes.policy.js';
import { manualClock, type Clock } from '../lib/clock.js';
import type { Db } from '../db/client.js';
import { questions, schemes, trainRepos, users } from '../db/schema.js';
import type { DemoTrainer } from './seed-trainings.js';

const DAY = 86_400_000;
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
export const DEMO_MARKING_TITLE = '七年级英语简答练习';

type Caller = { id: number; roles: readonly string[] };

/** The services the demo marking is played through (made by the caller on the clock given). */
export interface DemoMarkingServices {
  training: DemoTrainer;
  marking: {
    claim(user: Caller, agencyId: string, recordId: string): Promise<MarkingClaim>;
    mark(user: Caller, agencyId: string, recordId: string, req: MarkRequest): Promise<MarkingItem>;
  };
}

const ANSWERS = [
  'I usually get up at seven and walk to school with my friends.',
  'My favourite subject is English because our teacher tell interesting stories.',
];

export async function seedDemoMarking(db: Db, servicesOn: (clock: Clock) => DemoMarkingServices): Promise<void> {
  const [existing] = await db.select({ id: schemes.id }).from(schemes).where(eq(schemes.title, DEMO_MARKING_TITLE));
  if (existing) return;
  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'student'));
  const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'teacher'));
  const manual = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.agencyId, 'demo'), eq(questions.type, 'shortAnswer')))
    .orderBy(asc(questions.id))
    .limit(1);
  const [repo] = await db
    .select({ id: trainRepos.id })
    .from(trainRepos)
    .where(eq(trainRepos.agencyId, 'demo'))
    .orderBy(asc(trainRepos.id))
    .limit(1);
  if (!student || !teacher || manual.length === 0 || !repo) return;
  const paper = paperScheme({ kpRange: ['en.g7'], timeLimit: 0, questionIds: manual.map((q) => String(q.id)) });
  const [scheme] = await db
    .insert(schemes)
    .values({
      agencyId: 'demo',
      trainRepoId: repo.id,
      creatorId: teacher.id,
      status: 'on',
      title: DEMO_MARKING_TITLE,
      ...paper,
      phases: paper.phases as unknown as Record<string, unknown>[],
    })
    .returning({ id: schemes.id });

  const base = Date.now() - 3 * DAY;
  const clock = manualClock(base);
  const { training, marking } = servicesOn(clock);
  const trainee = { id: student.id, agencyId: 'demo' };
  const recordIds: string[] = [];
  const trains: { trainId: string; day: number }[] = [];
  for (const [i, text] of ANSWERS.entries()) {
    const day = base + i * DAY;
    clock.set(day + 17 * 3_600_000);
    const tr = await training.start(trainee, String(scheme.id));
    for (const q of tr.paper?.questions ?? []) {
      clock.advance(90_000);
      const r = await training.answer(trainee, tr.trainId, {
        clientAnswerId: `demo-marking-${i}-${q.id}`,
        questionId: q.id,
        answer: [text],
      });
      recordIds.push(r.recordId);
    }
    await training.finish(trainee, tr.trainId);
    trains.push({ trainId: tr.trainId, day });
  }
  // The second hand-in is marked: the tense slip costs half the mark.
  const marked = recordIds[recordIds.length - 1];
  if (marked) {
    clock.advance(3_600_000);
    const staff = { id: teacher.id, roles: ['edu:agency:demo:teacher'] };
    await marking.claim(staff, 'demo', marked);
    const at = ANSWERS[1].indexOf('tell');
    await marking.mark(staff, 'demo', marked, {
      score: 0.5,
      comment: '内容完整，注意第三人称单数：teacher tells。',
      annotations: [{ start: at, end: at + 4, note: '应为 tells' }],
    });
  }
  for (const [i, { trainId, day }] of trains.entries()) {
    // Each hand-in is a homework task's (no class: the agency's teachers and its homework teachers mark it).
    const title = `${DEMO_MARKING_TITLE}（作业 ${i + 1}）`;
    const task = rowsOf<{ id: number }>(
      await db.execute(sql`insert into tasks (agency_id, title, scheme_id, scheme_type, start_at, deadline,
            late_policy, homework, creator_id, created_at, updated_at)
          values ('demo', ${title}, ${scheme.id}, 'paper',
            ${new Date(day).toISOString()}::timestamptz, ${new Date(day + DAY).toISOString()}::timestamptz, 'none', true,
            ${teacher.id}, ${new Date(day).toISOString()}::timestamptz, ${new Date(day).toISOString()}::timestamptz)
          returning id::float8 as id`),
    )[0];
    await db.execute(sql`insert into task_students (task_id, user_id) values (${task.id}, ${student.id})`);
    // A task's training carries the task's title, as one started from the task does (docs/tasks.md).
    await db.execute(sql`update trainings set task_id = ${task.id},
          scheme = jsonb_set(scheme::jsonb, '{title}', to_jsonb(${title}::text))
        where id = ${Number(trainId)}`);
  }
  await db.update(schemes).set({ status: 'off' }).where(eq(schemes.id, scheme.id));
}
