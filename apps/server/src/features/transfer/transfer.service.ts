// Import and export of questions (docs/import-export.md, docs/jobs.md). A request only checks the target and
// stores the upload (chunk by chunk, refused with 413 as soon as it passes the size limit); parsing,
// validation, writing and exports run as background jobs, and the wizard polls them.
import type { Readable } from 'node:stream';
import { type ExportJob, type ExportQuery, type ImportJob, type ImportQuery, type TransferLimits } from '@edu/contract';
import type { Config } from '../../config.js';
import { ApiError, conflict, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { receiveJobFile } from '../../jobs/job-upload.js';
import type { JobRow } from '../../jobs/job-store.js';
import type { QuestionReads } from '../questions/question-reads.js';
import type { QuestionsService } from '../questions/questions.service.js';
import type { RepositoriesService } from '../repositories/repositories.service.js';
import { excelTemplate } from './excel.js';
import { EXPORT_KIND, exportBaseName, exportJobHandler, exportPage, type ExportResult } from './export-job.js';
import { IMPORT_KIND, importJobHandler, recoverImports, type ImportPayload, type ImportResult } from './import-job.js';
import { serialize } from './transfer-serialize.js';
import type { Serialized } from './transfer-model.js';
import type { TransferRepository } from './transfer.repository.js';
import { RequestActivity, writePaceOf } from './write-pace.js';

const IMPORT_NOT_FOUND = '导入任务不存在';
const EXPORT_NOT_FOUND = '导出任务不存在';
const JOB_ID_RE = /^[0-9a-f]{24}$/;

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

function importStatus(r: JobRow): ImportJob['status'] {
  if (r.status === 'done' || r.status === 'failed') return r.status;
  if (r.status === 'running') return r.phase === 'importing' ? 'importing' : 'validating';
  return 'queued';
}

function importWire(r: JobRow): ImportJob {
  const p = r.payload as unknown as ImportPayload;
  const res = (r.result ?? undefined) as ImportResult | undefined;
  const status = importStatus(r);
  // While importing, `processed` is the questions written so far (stored with each batch).
  const writing = status === 'importing';
  const blocked = status === 'failed' && p.mode === 'all' && (res?.errorCount ?? 0) > 0;
  return {
    jobId: r.id,
    preview: p.preview,
    status,
    format: p.format,
    mode: p.mode,
    repoId: String(p.repoId),
    total: r.total,
    processed: r.processed,
    imported: writing ? r.processed : (res?.imported ?? 0),
    skipped: blocked ? (res?.total ?? 0) : (res?.errorCount ?? 0),
    valid: res?.valid ?? 0,
    errorCount: res?.errorCount ?? 0,
    errors: res?.errors ?? [],
    unsupportedCount: res?.unsupportedCount ?? 0,
    unsupported: res?.unsupported ?? [],
    ...(res?.warnings?.length ? { warnings: res.warnings } : {}),
    ...(res?.encoding ? { encoding: res.encoding } : {}),
    message: r.message,
    createTime: r.createdAt.getTime(),
    lastUpdate: r.updatedAt.getTime(),
  };
}

function exportWire(r: JobRow): ExportJob {
  const q = r.payload as unknown as ExportQuery;
  const res = (r.result ?? undefined) as ExportResult | undefined;
  return {
    jobId: r.id,
    status: r.status === 'running' ? 'exporting' : r.status === 'done' || r.status === 'failed' ? r.status : 'queued',
    format: q.format,
    total: r.total,
    processed: r.processed,
    exported: res?.exported ?? 0,
    skipped: res?.skipped ?? 0,
    parts: res?.parts ?? [],
    message: r.message,
    createTime: r.createdAt.getTime(),
    lastUpdate: r.updatedAt.getTime(),
  };
}

export class TransferService {
  /** The API requests in progress, which the import's writes make way for on PGlite (transfer.routes.ts counts them). */
  readonly activity = new RequestActivity();
  /**
   * Whether the writes rest while requests are served (PGlite, write-pace.ts): only then are requests counted; on
   * PostgreSQL nothing waits for the count, and counting cost every request a listener.
   */
  readonly watchesRequests: boolean;

  constructor(
    private readonly queue: JobQueue,
    repo: TransferRepository,
    private readonly questions: QuestionsService,
    private readonly questionsRepo: QuestionReads,
    private readonly repositories: RepositoriesService,
    private readonly config: Config['transfer'],
    private readonly clock: Clock,
    onError: (err: unknown) => void,
  ) {
    const deps = { store: queue.store, transfer: config, clock };
    const kind = { concurrency: config.workers, timeoutSeconds: config.jobSeconds };
    this.watchesRequests = repo.embedded;
    const pace = writePaceOf(config, repo.embedded, this.activity);
    queue.register(IMPORT_KIND, importJobHandler({ ...deps, repo, pace, onError }), kind);
    queue.afterSweep(() => recoverImports(repo));
    queue.register(EXPORT_KIND, exportJobHandler({ ...deps, questions }), kind);
  }

  limits(): TransferLimits {
    const c = this.config;
    return {
      maxBytes: c.maxBytes,
      maxRows: c.maxRows,
      maxUncompressedBytes: c.maxUncompressedBytes,
      maxRatio: c.maxRatio,
      maxEntries: c.maxEntries,
      workerMemoryMb: c.workerMemoryMb,
      jobSeconds: c.jobSeconds,
      exportPartQuestions: c.exportPartQuestions,
    };
  }

  private tooLarge(bytes?: number): ApiError {
    const size = bytes === undefined ? '' : ` ${mb(bytes)}`;
    return new ApiError(
      'payload_too_large',
      `导入文件${size}超过上限 ${mb(this.config.maxBytes)}（导入文件大小上限），请拆分后分别导入`,
      // The rest of the body is not read: the connection closes after the answer.
      { headers: { connection: 'close' } },
    );
  }

  /**
   * Starts an import (or a preview: validation only) of the request's body: checks the target (404/403 for
   * the repository, 400 for the knowledge point), stores the file in chunks while it arrives (413 past the
   * size limit, the job removed) and queues the job. Answers its id.
   */
  async startImport(
    ctx: { agencyId: string; userId: number; preview: boolean },
    query: ImportQuery,
    body: Readable,
    declaredBytes: number | undefined,
  ): Promise<{ jobId: string }> {
    const repo = await this.repositories.writable(ctx.agencyId, query.repoId);
    if (
      query.knowledgeId &&
      !(await this.questionsRepo.existingKnowledgeCodes([query.knowledgeId])).has(query.knowledgeId)
    )
      throw invalidField('knowledgeId', '知识点不存在');
    const payload: ImportPayload = {
      preview: ctx.preview,
      format: query.format,
      mode: query.mode,
      repoId: repo.id,
      ...(query.knowledgeId ? { knowledgeId: query.knowledgeId } : {}),
      encoding: query.encoding,
    };
    return receiveJobFile(
      this.queue,
      {
        kind: IMPORT_KIND,
        agencyId: ctx.agencyId,
        userId: ctx.userId,
        payload: payload as unknown as Record<string, unknown>,
      },
      body,
      declaredBytes,
      { maxBytes: this.config.maxBytes, maxUploads: this.config.maxUploads, tooLarge: (bytes) => this.tooLarge(bytes) },
    );
  }

  private async ownJob(agencyId: string, id: string, kind: string, missing: string): Promise<JobRow> {
    const row = JOB_ID_RE.test(id) ? await this.queue.store.getScoped(agencyId, id, [kind]) : undefined;
    if (!row) throw notFound(missing);
    return row;
  }

  async importJob(agencyId: string, id: string): Promise<ImportJob> {
    const row = await this.ownJob(agencyId, id, IMPORT_KIND, IMPORT_NOT_FOUND);
    return importWire(row);
  }

  /** Starts an export job (every matching question, in parts within the import limits). */
  async startExport(agencyId: string, userId: number, query: ExportQuery): Promise<{ jobId: string }> {
    // The list's own checks answer now (an invisible repository → 404) rather than on the job.
    await exportPage(this.questions, agencyId, query, 0, 1);
    const jobId = await this.queue.enqueue({
      kind: EXPORT_KIND,
      agencyId,
      userId,
      payload: query,
    });
    return { jobId };
  }

  async exportJob(agencyId: string, id: string): Promise<ExportJob> {
    return exportWire(await this.ownJob(agencyId, id, EXPORT_KIND, EXPORT_NOT_FOUND));
  }

  /** One part of a finished export: its format, file name and chunks. */
  async exportPart(agencyId: string, id: string, part: number) {
    const job = exportWire(await this.ownJob(agencyId, id, EXPORT_KIND, EXPORT_NOT_FOUND));
    const p = job.parts.find((x) => x.part === part);
    if (job.status !== 'done' || !p) throw notFound('导出文件不存在');
    return { format: job.format, filename: p.filename, bytes: p.bytes, chunks: this.queue.store.files.read(id, part) };
  }

  /**
   * The matching questions as one file, when they fit in one (at most EXPORT_PART_QUESTIONS questions and
   * IMPORT_MAX_BYTES bytes); else 409 pointing to the export job, which splits them.
   */
  async exportOne(agencyId: string, query: ExportQuery): Promise<Serialized & { filename: string }> {
    const max = this.config.exportPartQuestions;
    const page = await exportPage(this.questions, agencyId, query, 0, max);
    const split = `，需要拆分为多个文件：请使用“导出”任务（每个文件不超过 ${max} 道题、${mb(this.config.maxBytes)}）`;
    if (page.total > max) throw conflict(`共 ${page.total} 道题${split}`);
    const out = await serialize(query.format, page.list);
    if (out.data.length > this.config.maxBytes) throw conflict(`导出文件 ${mb(out.data.length)}${split}`);
    return { ...out, filename: exportBaseName(this.clock) };
  }

  template(): Promise<Buffer> {
    return excelTemplate();
  }
}
