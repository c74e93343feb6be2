// What the sealing rule (sealing.ts) reads of a student: their running trainings and their ended papers whose
// corrections may still wait (docs/practice-engine.md "Sealing"), with the review inputs of each paper
// (corrections.ts). One statement; the two arms use the partial indexes `trainings_running_user_idx` (migration
// 0037) and `trainings_ended_paper_user_idx` (migration 0042), so it reads a handful of rows however many papers
// the student has finished.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { ReviewAfter, ShowScore } from '@edu/contract';
import type { Db } from '../../db/client.js';
import { schemes, trainings } from '../../db/schema.js';
import { tasks } from '../../db/schema-tasks.js';
import type { HoldingRow, HoldingSource } from './sealing.js';

/** The training is a paper: the predicate of the partial index, written the same way so the planner can use it. */
const isPaper = sql`coalesce(${trainings.scheme}->>'type', 'general') = 'paper'`;

/**
 * The ended paper's corrections may wait at `now`: the SQL side of `correctionsWait`, a prefilter only (the rule in
 * corrections.ts decides on what it returns). Not released yet, and either waiting for a release or, under
 * `after-close` (a task's paper's default), for the task's deadline or for the scheme to be switched off.
 */
function mayWait(now: Date) {
  const option = sql`coalesce(${schemes.reviewAfter}, case when ${tasks.deadline} is null then 'after-hand-in' else 'after-close' end)`;
  return sql`(${schemes.releasedAt} is null or ${schemes.releasedAt} > ${now})
    and (${option} = 'teacher-release'
      or (${option} = 'after-close'
        and case when ${tasks.deadline} is null then coalesce(${schemes.status} = 'on', false)
                 else ${tasks.deadline} > ${now} end))`;
}

export class SealingRepository implements HoldingSource {
  constructor(private readonly db: Db) {}

  async holdingOf(userId: number, now: number): Promise<HoldingRow[]> {
    const rows = await this.db
      .select({
        id: trainings.id,
        scheme: trainings.scheme,
        state: trainings.state,
        taskId: trainings.taskId,
        reviewAfter: schemes.reviewAfter,
        showScore: schemes.showScore,
        schemeOn: sql<boolean>`coalesce(${schemes.status} = 'on', false)`,
        releasedAt: schemes.releasedAt,
        taskDeadline: tasks.deadline,
      })
      .from(trainings)
      .leftJoin(schemes, eq(schemes.id, trainings.schemeId))
      .leftJoin(tasks, eq(tasks.id, trainings.taskId))
      .where(
        and(
          eq(trainings.userId, userId),
          or(eq(trainings.status, 'running'), and(ne(trainings.status, 'running'), isPaper, mayWait(new Date(now)))),
        ),
      );
    return rows.map((r) => ({
      id: r.id,
      scheme: r.scheme,
      state: r.state,
      taskId: r.taskId,
      review: {
        reviewAfter: r.reviewAfter as ReviewAfter | null,
        showScore: r.showScore as ShowScore | null,
        schemeOn: r.schemeOn === true,
        releasedAt: r.releasedAt?.getTime() ?? null,
        taskDeadline: r.taskDeadline?.getTime() ?? null,
      },
    }));
  }
}
