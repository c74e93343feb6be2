// Bulk enrolment (docs/enrolment.md): a request only stores the upload (413 past ENROL_MAX_BYTES) and queues the
// `enrolment` job; the wizard polls the job; the initial passwords are handed out once. Every call names its kind
// (students, teachers, parents: docs/enrolment.md "Kinds"): a job of another kind answers 404, as one of another
// agency does, since each kind's routes have their own access rule.
import { cstDate } from '@edu/contract';
import type { Readable } from 'node:stream';
import type { EnrolmentJob, EnrolmentKind, EnrolmentLimits, EnrolmentQuery } from '@edu/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import { ApiError, conflict, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { receiveJobFile } from '../../jobs/job-upload.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobRow } from '../../jobs/job-store.js';
import type { NoticeHooks } from '../notices/notice-hooks.js';
import type { ParentWrites } from '../parents/parent-writes.js';
import {
  ENROLMENT_FINAL_PHASE,
  ENROLMENT_KIND,
  enrolmentJobHandler,
  kindOf,
  type EnrolmentConfig,
  type EnrolmentPayload,
  type EnrolmentResult,
} from './enrolment-job.js';
import { enrolmentTemplate, errorReportWorkbook, KIND_SHEETS, passwordsWorkbook } from './enrolment-sheet.js';

const JOB_NOT_FOUND = '批量注册任务不存在';
export const passwordsGone = (label: string) =>
  `初始密码只能下载一次，已经下载过，服务器不再保存：如有遗失，请在${label}列表中为该${label}重置密码`;
export const PASSWORDS_GONE = passwordsGone('学生');
const JOB_ID_RE = /^[0-9a-f]{24}$/;
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

function wire(r: JobRow): EnrolmentJob {
  const p = r.payload as unknown as EnrolmentPayload;
  const res = (r.result ?? undefined) as EnrolmentResult | undefined;
  const status: EnrolmentJob['status'] =
    r.status === 'done' || r.status === 'failed'
      ? r.status
      : r.status === 'running'
        ? r.phase === 'enrolling' || r.phase === ENROLMENT_FINAL_PHASE
          ? 'enrolling'
          : 'validating'
        : 'queued';
  return {
    jobId: r.id,
    status,
    mode: p.mode,
    total: r.total,
    processed: r.processed,
    enrolled: res?.enrolled ?? 0,
    badRows: res?.badRows ?? 0,
    errorCount: res?.errorCount ?? 0,
    errors: res?.errors ?? [],
    passwordsAvailable: r.status === 'done' && Array.isArray(res?.passwords),
    passwordsDownloaded: res?.passwordsDownloaded === true,
    message: r.message,
    createTime: r.createdAt.getTime(),
    lastUpdate: r.updatedAt.getTime(),
  };
}

export class EnrolmentService {
  /** The notices of a parent's new links (docs/notices.md); set by services.ts. */
  notices?: NoticeHooks;
  /** The parents feature's writes (../parents/parent-writes.ts) for the parent kind; set by services.ts. */
  parents?: ParentWrites;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly config: EnrolmentConfig,
    private readonly transfer: Config['transfer'],
    private readonly clock: Clock,
  ) {
    queue.register(
      ENROLMENT_KIND,
      enrolmentJobHandler({
        db,
        store: queue.store,
        config,
        zipLimits: {
          maxUncompressedBytes: transfer.maxUncompressedBytes,
          maxRatio: transfer.maxRatio,
          maxEntries: transfer.maxEntries,
        },
        notices: () => this.notices,
        parents: () => this.parents,
      }),
      { concurrency: 1, timeoutSeconds: config.jobSeconds },
    );
  }

  limits(): EnrolmentLimits {
    return { maxRows: this.config.maxRows, maxBytes: this.config.maxBytes };
  }

  template(kind: EnrolmentKind = 'student'): Promise<Buffer> {
    return enrolmentTemplate(kind);
  }

  private tooLarge(bytes?: number): ApiError {
    const size = bytes === undefined ? '' : ` ${mb(bytes)}`;
    return new ApiError(
      'payload_too_large',
      `文件${size}超过上限 ${mb(this.config.maxBytes)}（批量注册文件大小上限），请拆分后分别提交`,
      { headers: { connection: 'close' } },
    );
  }

  /** Stores the body as the job's file while it arrives (413 past the limit) and queues the job. */
  async start(
    ctx: { agencyId: string; userId: number },
    query: EnrolmentQuery,
    body: Readable,
    declaredBytes: number | undefined,
    kind: EnrolmentKind = 'student',
  ): Promise<{ jobId: string }> {
    // A student job keeps the payload it always had (no kind: students).
    const payload: EnrolmentPayload = kind === 'student' ? { mode: query.mode } : { mode: query.mode, kind };
    return receiveJobFile(
      this.queue,
      {
        kind: ENROLMENT_KIND,
        agencyId: ctx.agencyId,
        userId: ctx.userId,
        payload: payload as unknown as Record<string, unknown>,
      },
      body,
      declaredBytes,
      // As the question import (docs/jobs.md "Imports"): uploads of every kind count together.
      {
        maxBytes: this.config.maxBytes,
        maxUploads: this.transfer.maxUploads,
        tooLarge: (bytes) => this.tooLarge(bytes),
      },
    );
  }

  private async own(agencyId: string, id: string, kind: EnrolmentKind): Promise<JobRow> {
    const row = JOB_ID_RE.test(id) ? await this.queue.store.getScoped(agencyId, id, [ENROLMENT_KIND]) : undefined;
    if (!row || kindOf(row.payload) !== kind) throw notFound(JOB_NOT_FOUND);
    return row;
  }

  async job(agencyId: string, id: string, kind: EnrolmentKind = 'student'): Promise<EnrolmentJob> {
    return wire(await this.own(agencyId, id, kind));
  }

  /**
   * Cancels a job that has not finished (docs/enrolment.md "Cancelling"): queued, reading or checking rows, or
   * hashing passwords; nothing is enrolled. Once its one transaction has begun it is past cancelling (409), as is
   * a finished job.
   */
  async cancel(agencyId: string, id: string, kind: EnrolmentKind = 'student'): Promise<EnrolmentJob> {
    const job = await this.own(agencyId, id, kind);
    if (job.status === 'done' || job.status === 'failed') throw conflict('批量注册已经结束，不能取消');
    if (!(await this.queue.cancel(job.id, ENROLMENT_FINAL_PHASE))) {
      const now = await this.own(agencyId, id, kind);
      if (now.status !== 'failed') throw conflict('正在写入账号，已不能取消；请等待完成');
    }
    return wire(await this.own(agencyId, id, kind));
  }

  /** The per-row report as a workbook (the first ENROLMENT_REPORT_MAX problems, as the job keeps them). */
  async errorReport(
    agencyId: string,
    id: string,
    kind: EnrolmentKind = 'student',
  ): Promise<{ data: Buffer; filename: string }> {
    const job = wire(await this.own(agencyId, id, kind));
    if (job.errorCount === 0) throw notFound('这次批量注册没有错误报告');
    return {
      data: await errorReportWorkbook(job.errors, job.errorCount),
      filename: `批量注册错误报告-${cstDate(job.createTime)}.xlsx`,
    };
  }

  /**
   * The initial passwords as a workbook, once: they are taken out of the job's result in the same statement
   * that reads them, so two downloads at once cannot both get them. Afterwards 404 with PASSWORDS_GONE.
   */
  async takePasswords(
    agencyId: string,
    id: string,
    kind: EnrolmentKind = 'student',
  ): Promise<{ data: Buffer; filename: string }> {
    const { label } = KIND_SHEETS[kind];
    const job = await this.own(agencyId, id, kind);
    if (job.status !== 'done') throw notFound('批量注册尚未完成，没有可下载的初始密码');
    const taken = await this.db.execute(sql`
      with old as (
        select ${jobs.id} as id, ${jobs.result} -> 'passwords' as passwords from ${jobs}
         where ${and(eq(jobs.id, id), eq(jobs.agencyId, agencyId))} and ${jobs.result} -> 'passwords' is not null
         for update
      )
      update ${jobs} set result = (${jobs.result} - 'passwords') || '{"passwordsDownloaded": true}'::jsonb,
             updated_at = ${new Date(this.clock.now())}
        from old where ${jobs.id} = old.id
      returning old.passwords as passwords`);
    const raw = rowsOf<{ passwords: unknown }>(taken)[0]?.passwords;
    if (raw === undefined) throw notFound(passwordsGone(label));
    const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as NonNullable<EnrolmentResult['passwords']>;
    const stamp = cstDate(this.clock.now());
    return { data: await passwordsWorkbook(list), filename: `${label}初始密码-${stamp}.xlsx` };
  }
}
