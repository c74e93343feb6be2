// SQL of the student home (docs/student-home.md): lean reads of the student's own trainings — the running ones
// whose time is not up, and the latest ended ones — through trainings_user_idx (agency, user), never the
// trainings' whole state.
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trainings } from '../../db/schema.js';
import type { Owner } from '../wrong-book/book-rows.js';

const title = sql<string>`coalesce(${trainings.scheme} ->> 'title', '')`;
const type = sql<string>`coalesce(${trainings.scheme} ->> 'type', 'general')`;
const schemeDeadline = sql`(${trainings.state} ->> 'schemeDeadline')::bigint`;

export class StudentHomeRepository {
  constructor(private readonly db: Db) {}

  /** How many trainings run (time not up at `now`), and the one the student touched last. */
  async running(o: Owner, now: number) {
    const where = and(
      eq(trainings.agencyId, o.agencyId),
      eq(trainings.userId, o.userId),
      eq(trainings.status, 'running'),
      sql`(${schemeDeadline} is null or ${schemeDeadline} > ${now}::bigint)`,
      // A lesson's training is answered in the lesson room, not continued from here (docs/lessons.md "The engine in
      // the lesson").
      isNull(trainings.lessonId),
    );
    const [{ n }] = await this.db.select({ n: count() }).from(trainings).where(where);
    const [row] = await this.db
      .select({
        id: trainings.id,
        schemeId: trainings.schemeId,
        taskId: trainings.taskId,
        title,
        type,
        answered: trainings.answered,
        startedAt: trainings.startedAt,
        updatedAt: trainings.updatedAt,
        deadline: sql<string | number | null>`${schemeDeadline}`,
        phase: sql<string | null>`${trainings.state} ->> 'phase'`,
        phases: sql<unknown>`jsonb_path_query_array(${trainings.scheme}, '$.engine.phases[*].phase')`,
      })
      .from(trainings)
      .where(where)
      .orderBy(desc(trainings.updatedAt), desc(trainings.id))
      .limit(1);
    return { count: Number(n), current: row };
  }

  /** The latest ended trainings, newest first. */
  async ended(o: Owner, size: number) {
    return this.db
      .select({
        id: trainings.id,
        title,
        type,
        status: trainings.status,
        answered: trainings.answered,
        correct: trainings.correct,
        score: trainings.score,
        maxScore: trainings.maxScore,
        startedAt: trainings.startedAt,
        endedAt: trainings.endedAt,
      })
      .from(trainings)
      .where(and(eq(trainings.agencyId, o.agencyId), eq(trainings.userId, o.userId), ne(trainings.status, 'running')))
      .orderBy(sql`${trainings.endedAt} desc nulls last`, desc(trainings.id))
      .limit(size);
  }
}
