// SQL of training comments: read a training's comments with their authors' names, upsert the one comment on
// the training or on one answer record (unique index training_comments_one_idx), delete one.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { answerRecords, trainingComments, trainings, users } from '../../db/schema.js';

export type CommentRow = typeof trainingComments.$inferSelect & { author: string };

export class TrainingCommentsRepository {
  constructor(private readonly db: Db) {}

  /** The training's comments: the one on the whole training first, then by answer record. */
  list(trainingId: number): Promise<CommentRow[]> {
    return this.db
      .select({ ...this.columns, author: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username}, '')` })
      .from(trainingComments)
      .leftJoin(users, eq(users.id, trainingComments.authorId))
      .where(eq(trainingComments.trainingId, trainingId))
      .orderBy(sql`${trainingComments.recordId} asc nulls first`, asc(trainingComments.id));
  }

  /** The comment with its training's id, if the training belongs to the agency. */
  async find(id: number, agencyId: string): Promise<typeof trainingComments.$inferSelect | undefined> {
    const [row] = await this.db
      .select(this.columns)
      .from(trainingComments)
      .innerJoin(trainings, eq(trainings.id, trainingComments.trainingId))
      .where(and(eq(trainingComments.id, id), eq(trainings.agencyId, agencyId)));
    return row;
  }

  /** The comment on the training (`recordId` null) or on one of its records, if there is one. */
  async findOn(trainingId: number, recordId: number | null): Promise<typeof trainingComments.$inferSelect | undefined> {
    const [row] = await this.db
      .select(this.columns)
      .from(trainingComments)
      .where(
        sql`${trainingComments.trainingId} = ${trainingId} and coalesce(${trainingComments.recordId}, 0) = ${recordId ?? 0}`,
      );
    return row;
  }

  async recordInTraining(recordId: number, trainingId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: answerRecords.id })
      .from(answerRecords)
      .where(and(eq(answerRecords.id, recordId), eq(answerRecords.trainingId, trainingId)));
    return row !== undefined;
  }

  /** Writes the comment on the training or record; a second write replaces content and author. */
  async upsert(values: { trainingId: number; recordId: number | null; authorId: number; content: string; now: Date }) {
    const at = values.now.toISOString();
    // The conflict target is the expression index (drizzle's onConflictDoUpdate takes columns only).
    await this.db.execute(sql`
      insert into training_comments (training_id, record_id, author_id, content, created_at, updated_at)
      values (${values.trainingId}, ${values.recordId}, ${values.authorId}, ${values.content}, ${at}::timestamptz, ${at}::timestamptz)
      on conflict (training_id, coalesce(record_id, 0))
      do update set content = excluded.content, author_id = excluded.author_id, updated_at = excluded.updated_at`);
  }

  async remove(id: number): Promise<void> {
    await this.db.delete(trainingComments).where(eq(trainingComments.id, id));
  }

  private readonly columns = {
    id: trainingComments.id,
    trainingId: trainingComments.trainingId,
    recordId: trainingComments.recordId,
    authorId: trainingComments.authorId,
    content: trainingComments.content,
    createdAt: trainingComments.createdAt,
    updatedAt: trainingComments.updatedAt,
  };
}
