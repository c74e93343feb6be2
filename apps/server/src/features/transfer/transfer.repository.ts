// SQL of imports: staging validated questions, and publishing them into the bank in one transaction, batch
// by batch (docs/jobs.md "Imports"). Job rows and files are the job store's (jobs/job-store.ts).
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importStaging, knowledgePoints, questions as q, questionTags } from '../../db/schema.js';
import type { TagsRepository } from '../tags/tags.repository.js';
import type { StagedQuestion } from './transfer.validate.js';

export interface PublishTarget {
  jobId: string;
  agencyId: string;
  repoId: number;
  at: Date;
  batchSize: number;
  /** Called after each batch with the questions written so far (inside the transaction: not yet visible). */
  onProgress: (written: number) => void;
}

/** Lets other requests run between two batches of a long write. */
const yieldToOthers = () => new Promise<void>((r) => setImmediate(r));

export class TransferRepository {
  constructor(
    private readonly db: Db,
    private readonly tags: TagsRepository,
  ) {}

  /** Every knowledge point code (the worker validates against them). */
  async knowledgeCodes(): Promise<string[]> {
    const rows = await this.db.select({ code: knowledgePoints.code }).from(knowledgePoints);
    return rows.map((r) => r.code);
  }

  async stage(jobId: string, firstSeq: number, items: readonly StagedQuestion[]): Promise<void> {
    if (items.length === 0) return;
    await this.db
      .insert(importStaging)
      .values(items.map((item, i) => ({ jobId, seq: firstSeq + i, item: item as unknown as Record<string, unknown> })));
  }

  async clearStaging(jobId: string): Promise<void> {
    await this.db.delete(importStaging).where(eq(importStaging.jobId, jobId));
  }

  /**
   * Writes the job's staged questions with their tags in ONE transaction, a batch at a time: all of them or,
   * on any error, none. Answers how many were written.
   */
  publish(t: PublishTarget): Promise<number> {
    return this.db.transaction(async (tx) => {
      let written = 0;
      for (let from = 0; ; from += t.batchSize) {
        const rows = await tx
          .select({ item: importStaging.item })
          .from(importStaging)
          .where(
            and(
              eq(importStaging.jobId, t.jobId),
              gte(importStaging.seq, from),
              lt(importStaging.seq, from + t.batchSize),
            ),
          )
          .orderBy(asc(importStaging.seq));
        if (rows.length === 0) return written;
        const staged = rows.map((r) => r.item as unknown as StagedQuestion);
        const ids = await tx
          .insert(q)
          .values(
            staged.map(({ change }) => ({
              ...change,
              agencyId: t.agencyId,
              repoId: t.repoId,
              version: 1,
              extra: {},
              createdAt: t.at,
              updatedAt: t.at,
            })),
          )
          .returning({ id: q.id });
        const names = [...new Set(staged.flatMap((s) => s.tags))];
        if (names.length) {
          const tagIds = await this.tags.idsForNames(t.agencyId, names, tx);
          const idOf = new Map(names.map((n, i) => [n, tagIds[i]]));
          const links = staged.flatMap((s, i) => s.tags.map((n) => ({ questionId: ids[i].id, tagId: idOf.get(n)! })));
          if (links.length) await tx.insert(questionTags).values(links).onConflictDoNothing();
        }
        written += staged.length;
        t.onProgress(written);
        await yieldToOthers();
      }
    });
  }
}
