// SQL of imports: the import_jobs rows (always named with the agency in context) and the one transaction
// that writes a batch of validated questions with their tags.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importJobs, questions as q } from '../../db/schema.js';
import type { QuestionInsert } from '../questions/questions.repository.js';
import type { DbOrTx } from '../tags/tags.repository.js';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type ImportJobInsert = typeof importJobs.$inferInsert;
export type ImportJobChange = Partial<
  Pick<ImportJobRow, 'status' | 'total' | 'processed' | 'imported' | 'skipped' | 'errors' | 'message' | 'updatedAt'>
>;

export interface BatchItem {
  values: QuestionInsert;
  tags: string[];
}

export class TransferRepository {
  constructor(private readonly db: Db) {}

  async insertJob(values: ImportJobInsert): Promise<void> {
    await this.db.insert(importJobs).values(values);
  }

  async updateJob(id: string, change: ImportJobChange): Promise<void> {
    await this.db.update(importJobs).set(change).where(eq(importJobs.id, id));
  }

  /** The agency's job; another agency's is never found. */
  async getJob(agencyId: string, id: string): Promise<ImportJobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.id, id), eq(importJobs.agencyId, agencyId)));
    return row;
  }

  /** Writes every question of the batch in one transaction: all of them or none. */
  async insertBatch(
    items: readonly BatchItem[],
    tagIds: (names: string[], tx: DbOrTx) => Promise<number[]>,
    setTags: (questionId: number, tagIds: readonly number[], tx: DbOrTx) => Promise<void>,
    onProgress: (written: number) => void,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      let written = 0;
      for (const item of items) {
        const [row] = await tx.insert(q).values(item.values).returning({ id: q.id });
        if (item.tags.length) await setTags(row.id, await tagIds(item.tags, tx), tx);
        written++;
        if (written % 20 === 0) onProgress(written);
      }
      onProgress(written);
      return written;
    });
  }
}
