// SQL of trainings and their answer records. Every write of a training happens in one transaction with
// the training row locked (`locked`), so answers, draws and time moves of one training never interleave.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { answerRecords, knowledgePoints, questions, trainings, users } from '../../db/schema.js';
import type { DbOrTx } from '../tags/tags.repository.js';

export type TrainingRow = typeof trainings.$inferSelect;
export type RecordRow = typeof answerRecords.$inferSelect;
export type RecordInsert = Omit<typeof answerRecords.$inferInsert, 'id'>;
export type TrainingChange = Pick<
  typeof trainings.$inferInsert,
  'state' | 'events' | 'status' | 'answered' | 'correct' | 'score' | 'maxScore' | 'endedAt' | 'updatedAt'
>;

export class TrainingRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async get(id: number, agencyId: string): Promise<TrainingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(trainings)
      .where(and(eq(trainings.id, id), eq(trainings.agencyId, agencyId)));
    return row;
  }

  /** The student's running training of the scheme. */
  async running(schemeId: number, userId: number): Promise<TrainingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(trainings)
      .where(and(eq(trainings.schemeId, schemeId), eq(trainings.userId, userId), eq(trainings.status, 'running')));
    return row;
  }

  /** Inserts a running training; undefined when one already runs (the partial unique index). */
  async insert(values: Omit<typeof trainings.$inferInsert, 'id'>): Promise<TrainingRow | undefined> {
    const [row] = await this.db
      .insert(trainings)
      .values(values)
      .onConflictDoNothing({
        target: [trainings.schemeId, trainings.userId],
        where: sql`${trainings.status} = 'running'`,
      })
      .returning();
    return row;
  }

  /**
   * Saves the training's next state only if nobody saved another since it was read (its events still
   * number `readEvents`): optimistic, so question reads never happen under a lock. False = read again.
   */
  async saveIfUnchanged(tx: DbOrTx, id: number, readEvents: number, change: TrainingChange): Promise<boolean> {
    const rows = await tx
      .update(trainings)
      .set(change)
      .where(and(eq(trainings.id, id), sql`jsonb_array_length(${trainings.events}) = ${readEvents}`))
      .returning({ id: trainings.id });
    return rows.length === 1;
  }

  async recordByClientId(trainingId: number, clientAnswerId: string): Promise<RecordRow | undefined> {
    const [row] = await this.db
      .select()
      .from(answerRecords)
      .where(and(eq(answerRecords.trainingId, trainingId), eq(answerRecords.clientAnswerId, clientAnswerId)));
    return row;
  }

  async insertRecord(tx: DbOrTx, values: RecordInsert): Promise<number> {
    const [row] = await tx.insert(answerRecords).values(values).returning({ id: answerRecords.id });
    return row.id;
  }

  /** How often the user has answered each of these questions (anywhere): draws prefer the least seen. */
  async seenCounts(userId: number, questionIds: number[]): Promise<Map<number, number>> {
    if (questionIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: answerRecords.questionId, n: count() })
      .from(answerRecords)
      .where(and(eq(answerRecords.userId, userId), inArray(answerRecords.questionId, questionIds)))
      .groupBy(answerRecords.questionId);
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /** The training's records in the order given, with each question's title and type. */
  records(trainingId: number) {
    return this.db
      .select({
        record: answerRecords,
        title: questions.title,
        type: questions.type,
        knowledgeCode: questions.knowledgeCode,
      })
      .from(answerRecords)
      .innerJoin(questions, eq(questions.id, answerRecords.questionId))
      .where(eq(answerRecords.trainingId, trainingId))
      .orderBy(answerRecords.id);
  }

  async knowledgeNames(codes: string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await this.db
      .select({ code: knowledgePoints.code, name: knowledgePoints.name })
      .from(knowledgePoints)
      .where(inArray(knowledgePoints.code, codes));
    return new Map(rows.map((r) => [r.code, r.name]));
  }

  async userName(id: number): Promise<string> {
    const [row] = await this.db
      .select({ name: users.name, username: users.username })
      .from(users)
      .where(eq(users.id, id));
    return row ? row.name || row.username : '';
  }

  async history(agencyId: string, userId: number, page: { start: number; size: number }) {
    const where = and(eq(trainings.agencyId, agencyId), eq(trainings.userId, userId));
    const [total] = await this.db.select({ n: count() }).from(trainings).where(where);
    const rows = await this.db
      .select()
      .from(trainings)
      .where(where)
      .orderBy(desc(trainings.startedAt), desc(trainings.id))
      .offset(page.start)
      .limit(page.size);
    return { total: total?.n ?? 0, rows };
  }

  /** Per scheme: the student's running training (if any) and how many of its trainings have ended. */
  async schemeProgress(userId: number, schemeIds: number[]) {
    const out = new Map<number, { runningId: number | null; finished: number }>();
    if (schemeIds.length === 0) return out;
    const rows = await this.db
      .select({
        schemeId: trainings.schemeId,
        runningId: sql<number | null>`max(${trainings.id}) filter (where ${trainings.status} = 'running')`,
        finished: sql<number>`(count(*) filter (where ${trainings.status} <> 'running'))::int`,
      })
      .from(trainings)
      .where(and(eq(trainings.userId, userId), inArray(trainings.schemeId, schemeIds)))
      .groupBy(trainings.schemeId);
    for (const r of rows)
      out.set(r.schemeId, { runningId: r.runningId === null ? null : Number(r.runningId), finished: r.finished });
    return out;
  }
}
