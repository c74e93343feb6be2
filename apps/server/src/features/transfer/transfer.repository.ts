// SQL of imports: staging validated questions, writing them hidden batch by batch, publishing them all at once
// or discarding them (docs/jobs.md "Imports"). Job rows and files are the job store's (jobs/job-store.ts).
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { importPending, importStaging, jobs, knowledgePoints, questions as q, questionTags } from '../../db/schema.js';
import type { TagsRepository } from '../tags/tags.repository.js';
import type { StagedQuestion } from './transfer.validate.js';

export interface PublishTarget {
  jobId: string;
  agencyId: string;
  repoId: number;
  at: Date;
  /** Most questions per write transaction. */
  batchSize: number;
  /**
   * Time one write transaction should take: the next batch is sized from the last one's duration (between 10
   * and `batchSize` questions), so other requests wait about this long at most, whatever a question costs.
   */
  batchMs: number;
  /** Aborted (time limit, shutdown): the write stops between two batches and throws. */
  signal?: AbortSignal;
  /** Called after each batch with the questions written so far (hidden until the import is published). */
  onProgress: (written: number) => Promise<void> | void;
}

/** Staging rows per insert and per delete (each statement short: other requests run between them). */
const STAGE_ROWS = 100;
const CLEAR_ROWS = 2000;

/** Fewest questions per write transaction, however slow one is. */
const MIN_BATCH = 10;

type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

  /** Stores validated items, a short statement at a time (PGlite runs each on the event loop's thread). */
  async stage(jobId: string, firstSeq: number, items: readonly StagedQuestion[]): Promise<void> {
    for (let from = 0; from < items.length; from += STAGE_ROWS) {
      const rows = items.slice(from, from + STAGE_ROWS).map((item, i) => ({
        jobId,
        seq: firstSeq + from + i,
        item: item as unknown as Record<string, unknown>,
      }));
      await this.db.insert(importStaging).values(rows);
      await yieldToOthers();
    }
  }

  /** Removes the job's staging rows, a range of them per statement (one delete of 300,000 held PGlite for ~1 s). */
  async clearStaging(jobId: string): Promise<void> {
    for (;;) {
      const [last] = await this.db
        .select({ seq: importStaging.seq })
        .from(importStaging)
        .where(eq(importStaging.jobId, jobId))
        .orderBy(asc(importStaging.seq))
        .limit(1);
      if (!last) return;
      await this.db
        .delete(importStaging)
        .where(and(eq(importStaging.jobId, jobId), lt(importStaging.seq, last.seq + CLEAR_ROWS)));
      await yieldToOthers();
    }
  }

  /**
   * Writes the job's staged questions with their tags, a batch per short transaction so that other requests
   * run between them (PGlite has one connection), hidden while the job is in `import_pending`; then publishes
   * all of them at once by deleting that row (docs/jobs.md "Imports"). On an error the caller discards what
   * was written (`discard`). Answers how many were written.
   */
  async publish(t: PublishTarget): Promise<number> {
    await this.db.insert(importPending).values({ jobId: t.jobId }).onConflictDoNothing();
    let written = 0;
    let size = Math.min(MIN_BATCH * 5, t.batchSize);
    for (;;) {
      t.signal?.throwIfAborted();
      const started = performance.now();
      const n = await this.db.transaction((tx) => this.writeBatch(tx, t, written, size));
      if (n === 0) break;
      const ms = Math.max(performance.now() - started, 1);
      size = Math.max(MIN_BATCH, Math.min(t.batchSize, Math.round((size * t.batchMs) / ms)));
      written += n;
      await t.onProgress(written);
      await yieldToOthers();
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(importPending).where(eq(importPending.jobId, t.jobId));
      // Cached lists and pages re-read once the agency's bank version moves.
      await tx.execute(sql`select bump_bank_versions(array[${t.agencyId}]::text[])`);
    });
    return written;
  }

  /** Writes staged items `from`…`from + size - 1` with their tags; marks each staged item with its question. */
  private async writeBatch(tx: DbTx, t: PublishTarget, from: number, size: number): Promise<number> {
    const rows = await tx
      .select({ seq: importStaging.seq, item: importStaging.item })
      .from(importStaging)
      .where(and(eq(importStaging.jobId, t.jobId), gte(importStaging.seq, from), lt(importStaging.seq, from + size)))
      .orderBy(asc(importStaging.seq));
    if (rows.length === 0) return 0;
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
          importJobId: t.jobId,
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
    // One parameter (a JSON array), not one per row.
    const written = JSON.stringify(rows.map((r, i) => ({ seq: r.seq, id: ids[i].id })));
    await tx.execute(sql`update ${importStaging} s set question_id = v.id
      from jsonb_to_recordset(${written}::jsonb) as v(seq int, id bigint)
      where s.job_id = ${t.jobId} and s.seq = v.seq`);
    return staged.length;
  }

  /**
   * Deletes what an unpublished import wrote (hidden all along), a batch per transaction, then its pending
   * mark. Safe to run again after a crash: what is left is found through the staging table.
   */
  async discard(jobId: string, batchSize: number): Promise<void> {
    for (;;) {
      const rows = await this.db
        .select({ id: importStaging.questionId })
        .from(importStaging)
        .where(and(eq(importStaging.jobId, jobId), isNotNull(importStaging.questionId)))
        .limit(batchSize);
      const ids = rows.map((r) => r.id!);
      if (ids.length === 0) break;
      await this.db.transaction(async (tx) => {
        await tx.delete(q).where(and(inArray(q.id, ids), eq(q.importJobId, jobId)));
        await tx
          .update(importStaging)
          .set({ questionId: null })
          .where(and(eq(importStaging.jobId, jobId), inArray(importStaging.questionId, ids)));
      });
      await yieldToOthers();
    }
    await this.db.delete(importPending).where(eq(importPending.jobId, jobId));
  }

  /** Imports marked pending whose job no longer runs (it failed, or a process died while writing). */
  async abandonedPending(): Promise<string[]> {
    const rows = await this.db
      .select({ jobId: importPending.jobId })
      .from(importPending)
      .leftJoin(jobs, eq(jobs.id, importPending.jobId))
      .where(or(isNull(jobs.id), ne(jobs.status, 'running')));
    return rows.map((r) => r.jobId);
  }
}
