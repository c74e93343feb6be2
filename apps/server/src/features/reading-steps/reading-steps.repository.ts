// SQL of the answering-step processes (docs/reading.md "Answering steps"): one row per (training, question),
// created once whatever the concurrency, and moved one step at a time by a conditional update, so two requests
// answering the same step store it once.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readingProcesses, type StoredReadingStep } from '../../db/schema-reading-steps.js';

export type ProcessRow = typeof readingProcesses.$inferSelect;

export class ReadingStepsRepository {
  constructor(readonly db: Db) {}

  async find(trainingId: number, questionId: number): Promise<ProcessRow | undefined> {
    const [row] = await this.db
      .select()
      .from(readingProcesses)
      .where(and(eq(readingProcesses.trainingId, trainingId), eq(readingProcesses.questionId, questionId)));
    return row;
  }

  /** The process of (training, question): the one already there, or a new one. */
  async findOrCreate(p: {
    trainingId: number;
    questionId: number;
    userId: number;
    agencyId: string;
    now: Date;
  }): Promise<ProcessRow> {
    await this.db
      .insert(readingProcesses)
      .values({
        trainingId: p.trainingId,
        questionId: p.questionId,
        userId: p.userId,
        agencyId: p.agencyId,
        createdAt: p.now,
        updatedAt: p.now,
      })
      .onConflictDoNothing();
    const row = await this.find(p.trainingId, p.questionId);
    if (!row) throw new Error('reading process vanished');
    return row;
  }

  /** Appends a step if the process still stands at `index` of `round`; false when another request moved it. */
  async addStep(row: ProcessRow, step: StoredReadingStep, now: Date): Promise<boolean> {
    const moved = await this.db
      .update(readingProcesses)
      .set({ history: [...row.history, step], currentIndex: row.currentIndex + 1, updatedAt: now })
      .where(
        and(
          eq(readingProcesses.id, row.id),
          eq(readingProcesses.currentIndex, row.currentIndex),
          eq(readingProcesses.round, row.round),
        ),
      )
      .returning({ id: readingProcesses.id });
    return moved.length === 1;
  }

  async setRecord(id: number, round: number, recordId: number, now: Date): Promise<void> {
    await this.db
      .update(readingProcesses)
      .set({ recordId, updatedAt: now })
      .where(and(eq(readingProcesses.id, id), eq(readingProcesses.round, round)));
  }

  /** Starts a new round (the question asked again under judgeWay 'retry'); false when another request did. */
  async restart(row: ProcessRow, now: Date): Promise<boolean> {
    const moved = await this.db
      .update(readingProcesses)
      .set({ history: [], currentIndex: 0, round: row.round + 1, recordId: null, updatedAt: now })
      .where(and(eq(readingProcesses.id, row.id), eq(readingProcesses.round, row.round)))
      .returning({ id: readingProcesses.id });
    return moved.length === 1;
  }
}
