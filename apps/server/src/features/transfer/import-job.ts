// The `import` job (docs/jobs.md "Imports"): a preview validates only; an import validates into the staging
// table, then writes the staged questions hidden, batch by batch, and publishes them at once. The file is parsed
// and validated in a child process (import-process.ts); this side only moves chunks and batches between it
// and the database.
import { IMPORT_REPORT_MAX, type ImportEncoding, type ImportMode, type TransferFormat } from '@edu/contract';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { JobFailure, type JobContext, type JobHandler } from '../../jobs/job-queue.js';
import type { JobStore } from '../../jobs/job-store.js';
import type { ImportOutcome } from './import-protocol.js';
import { runImportProcess } from './import-process.js';
import type { TransferRepository } from './transfer.repository.js';
import type { WritePace } from './write-pace.js';

export const IMPORT_KIND = 'import';
/** Questions per message from the worker, per staging insert and per write batch. */
export const IMPORT_BATCH = 500;

/** What an import job was asked (its row's payload). */
export interface ImportPayload {
  preview: boolean;
  format: TransferFormat;
  mode: ImportMode;
  repoId: number;
  knowledgeId?: string;
  encoding: ImportEncoding;
}

/** What it found and wrote (its row's result). */
export type ImportResult = ImportOutcome & { imported: number };
const toRecord = (r: ImportResult) => r as unknown as Record<string, unknown>;

/** Hidden questions deleted per transaction when an import is discarded (short, like the write batches). */
const DISCARD_BATCH = 100;

export const IMPORT_WRITE_FAILED = '导入失败：写入数据库时出错，未导入任何题目，请重试';

export const limitsOf = (t: Config['transfer']) => ({
  maxBytes: t.maxBytes,
  maxItems: t.maxRows,
  maxUncompressedBytes: t.maxUncompressedBytes,
  maxRatio: t.maxRatio,
  maxEntries: t.maxEntries,
});

export interface ImportJobDeps {
  store: JobStore;
  repo: TransferRepository;
  transfer: Config['transfer'];
  /** How the write phase and the staging clean-up share the database with requests (write-pace.ts). */
  pace: WritePace;
  clock: Clock;
  onError: (err: unknown) => void;
}

async function validate(d: ImportJobDeps, ctx: JobContext, p: ImportPayload): Promise<ImportOutcome> {
  const id = ctx.job.id;
  let staged = 0;
  try {
    return await runImportProcess({
      data: {
        format: p.format,
        encoding: p.encoding,
        limits: limitsOf(d.transfer),
        agencyId: ctx.job.agencyId!,
        repoId: String(p.repoId),
        defaultKnowledgeId: p.knowledgeId,
        knownCodes: await d.repo.knowledgeCodes(),
        stage: !p.preview,
        batchSize: IMPORT_BATCH,
        reportMax: IMPORT_REPORT_MAX,
      },
      memoryMb: d.transfer.workerMemoryMb,
      chunks: d.store.files.read(id, 0),
      onBatch: async (items) => {
        await d.repo.stage(id, staged, items, d.pace);
        staged += items.length;
      },
      onProgress: (processed, total) => ctx.progress({ processed, total }),
      signal: ctx.signal,
    });
  } finally {
    await d.store.files.remove([id], 0);
  }
}

/**
 * After the job: an unpublished import's hidden questions are discarded, then the staging rows go. A failure
 * here is logged and left to `recoverImports`, which finds the import still marked pending.
 */
async function finish(d: ImportJobDeps, id: string, published: boolean): Promise<void> {
  try {
    if (!published) await d.repo.discard(id, DISCARD_BATCH);
    await d.repo.clearStaging(id, d.pace);
  } catch (e) {
    d.onError(e);
  }
}

/** Discards what imports of processes that stopped while writing left hidden (run after every job sweep). */
export async function recoverImports(repo: TransferRepository): Promise<number> {
  const ids = await repo.abandonedPending();
  for (const id of ids) {
    await repo.discard(id, DISCARD_BATCH);
    await repo.clearStaging(id);
  }
  return ids.length;
}

export function importJobHandler(d: ImportJobDeps): JobHandler {
  return async (ctx) => {
    const p = ctx.job.payload as unknown as ImportPayload;
    const id = ctx.job.id;
    await ctx.progress({ phase: 'validating' });
    let result: ImportResult | undefined;
    let published = false;
    try {
      const outcome = await validate(d, ctx, p);
      result = { ...outcome, imported: 0 };
      await ctx.progress({ processed: outcome.total, total: outcome.total });
      if (outcome.total === 0 && outcome.unsupportedCount === 0)
        throw new JobFailure('文件中没有找到题目', toRecord(result));
      if (p.preview) return toRecord(result);
      if (p.mode === 'all' && outcome.errorCount > 0)
        throw new JobFailure(
          `有 ${outcome.errorCount} 道题未通过校验，按“全部成功才导入”未导入任何题目`,
          toRecord(result),
        );
      await ctx.progress({ phase: 'importing', processed: 0 });
      const imported = await d.repo.publish({
        jobId: id,
        agencyId: ctx.job.agencyId!,
        repoId: p.repoId,
        at: new Date(d.clock.now()),
        batchSize: d.transfer.writeBatch,
        pace: d.pace,
        signal: ctx.signal,
        onProgress: (n) => ctx.progress({ processed: n }),
      });
      published = true;
      await ctx.progress({ processed: imported });
      return toRecord({ ...result, imported });
    } catch (e) {
      if (e instanceof JobFailure || ctx.signal.aborted) throw e;
      // A database error (staging or the write): what was written stays hidden and is discarded below.
      d.onError(e);
      throw new JobFailure(IMPORT_WRITE_FAILED, result && toRecord(result));
    } finally {
      await finish(d, id, published);
    }
  };
}
