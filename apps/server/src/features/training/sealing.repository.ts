// What the sealing rule (sealing.ts) reads of a student: their running trainings and their ended papers whose
// corrections may still wait (docs/practice-engine.md "Sealing"), with the review inputs of each paper
// (corrections.ts). One prepared statement, leaving out plain practice and the asking training (they hold nothing
// for it); `othersMayHold` lets the answer's own statement skip it when nothing can hold. The two arms use the
// partial indexes `trainings_running_holding_user_idx` (migration 0054: running trainings that may hold, so a
// student's running practice is not read at all) and `trainings_ended_paper_user_idx` (migration 0042), so it reads
// a handful of rows however many papers the student has finished.
import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReviewAfter, ShowScore } from '@edu/contract';
import type { Db } from '../../db/client.js';
import { schemes, trainings } from '../../db/schema.js';
import { tasks } from '../../db/schema-tasks.js';
import type { HoldingRow, HoldingSource } from './sealing.js';
import { fullState } from './training-state.js';
import { REVIEW_INPUTS } from './corrections.repository.js';
import { withPlannedRows } from '../../db/planned-rows.js';
import { MicroBatch } from '../../lib/micro-batch.js';

/** The columns the predicates read, of the tables or of their aliases. */
type TrainingsTable = Record<'scheme' | 'taskId' | 'status', AnyPgColumn>;
type SchemesTable = Record<'reviewAfter' | 'releasedAt' | 'status', AnyPgColumn>;
type TasksTable = Record<'deadline', AnyPgColumn>;
/** The moment the rule is read at: a bound parameter, or a column of a batch's rows (one `now` per answer). */
type When = Placeholder<'now'> | SQL;

/** The training is a paper: the predicate of the partial index, written the same way so the planner can use it. */
const isPaper = (t: TrainingsTable) => sql`coalesce(${t.scheme}->>'type', 'general') = 'paper'`;

/**
 * The ended paper's corrections may wait at `now`: the SQL side of `correctionsWait`, a prefilter only (the rule in
 * corrections.ts decides on what it returns). Not released yet, and either waiting for a release or, under
 * `after-close` (a task's paper's default), for the task's deadline or for the scheme to be switched off.
 */
function mayWait(now: When, s: SchemesTable, k: TasksTable) {
  const option = sql`coalesce(${s.reviewAfter}, case when ${k.deadline} is null then 'after-hand-in' else 'after-close' end)`;
  return sql`(${s.releasedAt} is null or ${s.releasedAt} > ${now})
    and (${option} = 'teacher-release'
      or (${option} = 'after-close'
        and case when ${k.deadline} is null then coalesce(${s.status} = 'on', false)
                 else ${k.deadline} > ${now} end))`;
}

/**
 * A running training may hold questions only as a paper, a task's training or a lesson's (sealing.ts `heldBy`): plain
 * practice holds nothing, so its rows — scheme and state, the largest of the table — are not read at all. With
 * `isRunning`, the predicate of `trainings_running_holding_user_idx` (migration 0054), written the same way so that
 * the planner can use it.
 */
const mayHold = (t: TrainingsTable) => sql`(${isPaper(t)} or ${t.taskId} is not null or ${t.scheme} ? 'lessonId')`;

/**
 * The training runs (or not), as SQL literals: drizzle's `eq` binds its value as a parameter, and a generic plan (what a
 * prepared statement runs on once PostgreSQL has planned it five times) can use a partial index only when the query
 * states the index's predicate itself (as question-page.query.ts does for `status = 'active'`). With 'running' bound,
 * the answer's statement read the student's trainings through `trainings_user_idx` by its second column — every entry
 * of that index — and with 100,000 trainings in the table PostgreSQL planned it again on every answer instead, 1.6 ms
 * each (docs/performance.md "Request path").
 */
export const isRunning = (t: Pick<TrainingsTable, 'status'>) => sql`${t.status} = 'running'`;
const hasEnded = (t: Pick<TrainingsTable, 'status'>) => sql`${t.status} <> 'running'`;

/** The rows the rule reads: running trainings that may hold, ended papers whose corrections may wait. */
const holding = (now: When, t: TrainingsTable, s: SchemesTable, k: TasksTable) =>
  or(and(isRunning(t), mayHold(t)), and(hasEnded(t), isPaper(t), mayWait(now, s, k)));

const h = alias(trainings, 'holding');
const hs = alias(schemes, 'holding_scheme');
const hk = alias(tasks, 'holding_task');

/**
 * For a statement reading `trainings`: whether another training of the same student may hold questions at `now` (the
 * rows `holdingOf` would read, less the training itself). When it may not, nothing is sealed for that training's
 * answer and the rule need not read anything (the answer's statement carries this, docs/performance.md "Request
 * path"). `now` only moves the answer from true to false, so a check made a moment early errs on the safe side.
 */
export const othersMayHold = (now: When) =>
  sql<boolean>`exists (select 1 from ${trainings} ${h}
    left join ${schemes} ${hs} on ${hs.id} = ${h.schemeId}
    left join ${tasks} ${hk} on ${hk.id} = ${h.taskId}
    where ${h.userId} = ${trainings.userId} and ${h.id} <> ${trainings.id} and ${holding(now, h, hs, hk)})`;

/**
 * The statement, built once and prepared (named on PostgreSQL): it runs on every start and on answers whose
 * `othersMayHold` is true (docs/performance.md "Request path"). It answers a batch of reads (`users` and `excepts`,
 * one pair per read): the rows of those students, less a training that every read of its student leaves out. The
 * earliest `now` of the batch is the prefilter's moment: an earlier moment lets more rows through, never fewer, and
 * the rule (corrections.ts) decides on each row at its read's own moment.
 */
function buildHoldingOf(db: Db) {
  const p = sql.placeholder;
  return withPlannedRows(
    db
      .select({
        id: trainings.id,
        userId: trainings.userId,
        scheme: trainings.scheme,
        state: fullState,
        taskId: trainings.taskId,
        ...REVIEW_INPUTS,
      })
      .from(trainings)
      .leftJoin(schemes, eq(schemes.id, trainings.schemeId))
      .leftJoin(tasks, eq(tasks.id, trainings.taskId))
      .where(
        and(
          sql`${trainings.userId} = any(${p('users')}::bigint[])`,
          // The asking training's own holdings never seal its questions (sealing.ts `sealedQuestions`); 0 names none.
          sql`exists (select 1 from unnest(${p('users')}::bigint[], ${p('excepts')}::bigint[]) as k (user_id, except_id)
                       where k.user_id = ${trainings.userId} and k.except_id <> ${trainings.id})`,
          holding(p('now'), trainings, schemes, tasks),
        ),
      )
      .prepare('sealing_holding_of'),
  );
}

/** One read of the batch: whose holdings, at what moment, leaving out which training (0: none). */
type HoldingRead = { userId: number; now: number; exceptId: number };

export class SealingRepository implements HoldingSource {
  private readonly holdingStatement: ReturnType<typeof buildHoldingOf>;

  constructor(private readonly db: Db) {
    this.holdingStatement = buildHoldingOf(db);
  }

  /**
   * Reads arriving together (an exam start: every student's start reads their holdings) share one statement
   * (lib/micro-batch.ts).
   */
  holdingOf(userId: number, now: number, exceptId?: number): Promise<HoldingRow[]> {
    return this.holdingBatch.load({ userId, now, exceptId: exceptId ?? 0 });
  }

  private readonly holdingBatch = new MicroBatch<HoldingRead, HoldingRow[]>(async (reads) => {
    const rows = await this.holdingStatement.execute({
      users: reads.map((r) => r.userId),
      excepts: reads.map((r) => r.exceptId),
      now: new Date(Math.min(...reads.map((r) => r.now))),
    });
    const byUser = new Map<number, HoldingRow[]>();
    for (const r of rows) {
      const row: HoldingRow = {
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
      };
      const list = byUser.get(r.userId);
      if (list) list.push(row);
      else byUser.set(r.userId, [row]);
    }
    // A student's rows may include a training another read of theirs asked for: each read leaves out its own.
    return reads.map((r) => (byUser.get(r.userId) ?? []).filter((h) => h.id !== r.exceptId));
  });
}
