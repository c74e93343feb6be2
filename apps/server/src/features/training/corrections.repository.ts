// What the review rule (corrections.ts) reads of ended trainings: the options of the paper's scheme as they stand
// now and the deadline of its task (docs/practice-engine.md "Review options"). One statement per read; the reads by
// id arriving together (a class handing in at once) share one.
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ReviewAfter, ShowScore } from '@edu/contract';
import type { Db } from '../../db/client.js';
import { MicroBatch } from '../../lib/micro-batch.js';
import { withPlannedRows } from '../../db/planned-rows.js';
import { schemes, trainings } from '../../db/schema.js';
import { tasks } from '../../db/schema-tasks.js';
import type { PaperReview } from './corrections.js';

const isPaper = sql<boolean>`coalesce(${trainings.scheme}->>'type', 'general') = 'paper'`;

/**
 * The review rule's inputs of a training's paper (its scheme's options now, its task's deadline), read with
 * `trainings` left-joined to `schemes` and `tasks`; the sealing read (sealing.repository.ts) reads them too.
 */
export const REVIEW_INPUTS = {
  reviewAfter: schemes.reviewAfter,
  showScore: schemes.showScore,
  schemeOn: sql<boolean>`coalesce(${schemes.status} = 'on', false)`,
  releasedAt: schemes.releasedAt,
  taskDeadline: tasks.deadline,
};

export class CorrectionsRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .select({
        id: trainings.id,
        paper: isPaper,
        ...REVIEW_INPUTS,
      })
      .from(trainings)
      .leftJoin(schemes, eq(schemes.id, trainings.schemeId))
      .leftJoin(tasks, eq(tasks.id, trainings.taskId));
  }

  private async read(where: SQL | undefined): Promise<Map<number, PaperReview>> {
    return reviewsOf(await this.select().where(where));
  }

  /**
   * The given trainings' review inputs, by id: one prepared statement (an ended paper's every view asks). Reads
   * arriving together share it (lib/micro-batch.ts: each answered by a read started after it asked).
   */
  async byIds(ids: readonly number[]): Promise<Map<number, PaperReview>> {
    if (ids.length === 0) return new Map<number, PaperReview>();
    const all = await this.byIdsBatch.load(ids);
    const mine = new Map<number, PaperReview>();
    for (const id of ids) {
      const r = all.get(id);
      if (r !== undefined) mine.set(id, r);
    }
    return mine;
  }

  /** Every key is answered the whole batch's map: `byIds` keeps its own ids of it. */
  private readonly byIdsBatch = new MicroBatch<readonly number[], Map<number, PaperReview>>(async (keys) => {
    this.byIdsStatement ??= withPlannedRows(
      this.select()
        .where(sql`${trainings.id} = any(${sql.placeholder('ids')}::bigint[])`)
        .prepare('corrections_by_ids'),
    );
    const ids = [...new Set(keys.flat())];
    const all = reviewsOf(await this.byIdsStatement.execute({ ids }));
    return keys.map(() => all);
  });

  private byIdsStatement?: { execute(p: { ids: number[] }): Promise<ReviewRow[]> };

  /** The user's ended papers (in the agencies given, else in all), by id: through `trainings_user_idx` per agency. */
  endedPapersOf(userId: number, agencyIds?: readonly string[]): Promise<Map<number, PaperReview>> {
    if (agencyIds?.length === 0) return Promise.resolve(new Map<number, PaperReview>());
    return this.read(
      and(
        eq(trainings.userId, userId),
        agencyIds ? inArray(trainings.agencyId, [...agencyIds]) : undefined,
        ne(trainings.status, 'running'),
        isPaper,
      ),
    );
  }
}

/** A row of the review inputs' select. */
interface ReviewRow {
  id: number;
  paper: boolean;
  reviewAfter: string | null;
  showScore: string | null;
  schemeOn: boolean;
  releasedAt: Date | null;
  taskDeadline: Date | null;
}

function reviewsOf(rows: ReviewRow[]): Map<number, PaperReview> {
  return new Map(
    rows.map((r) => [
      r.id,
      {
        paper: r.paper === true,
        reviewAfter: r.reviewAfter as ReviewAfter | null,
        showScore: r.showScore as ShowScore | null,
        schemeOn: r.schemeOn === true,
        releasedAt: r.releasedAt?.getTime() ?? null,
        taskDeadline: r.taskDeadline?.getTime() ?? null,
      },
    ]),
  );
}
