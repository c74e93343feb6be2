// Import and export of questions (docs/import-export.md). An import reads the file (400 when it cannot),
// then runs as a job: every item is validated first, then — all-or-nothing (`all`) or the good ones only
// (`valid`) — written in one transaction. Job state lives in import_jobs; while this process writes, the
// live count of written questions is overlaid on the stored row.
import { randomBytes } from 'node:crypto';
import {
  type ExportQuery,
  type ImportItemError,
  type ImportJob,
  type ImportQuery,
  type ImportReport,
  type Question,
  type QuestionCreate,
  type TransferFormat,
} from '@edu/contract';
import { invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { QuestionsRepository } from '../questions/questions.repository.js';
import type { QuestionsService } from '../questions/questions.service.js';
import { questionChange } from '../questions/question-write.js';
import type { RepositoriesService } from '../repositories/repositories.service.js';
import { normaliseTagNames } from '../tags/tags.policy.js';
import type { TagsRepository } from '../tags/tags.repository.js';
import { excelTemplate, parseXlsx, serializeXlsx } from './excel.js';
import { parseGift, serializeGift } from './gift.js';
import { parseMoodleXml, serializeMoodleXml } from './moodle-xml.js';
import { FileFormatError, unwrapWords, type ParseResult, type Serialized } from './transfer-model.js';
import type { ImportJobRow, TransferRepository } from './transfer.repository.js';
import { codesOf, validateItem, type ValidateContext } from './transfer.validate.js';

const JOB_NOT_FOUND = '导入任务不存在';
/** Validation progress is stored every this many items. */
const PROGRESS_EVERY = 100;
/** Most questions one export writes. */
export const EXPORT_MAX = 20_000;

export async function parseFile(format: TransferFormat, data: Buffer): Promise<ParseResult> {
  try {
    if (format === 'xlsx') return await parseXlsx(data);
    const text = data.toString('utf8');
    return format === 'moodle' ? parseMoodleXml(text) : parseGift(text);
  } catch (e) {
    if (e instanceof FileFormatError) throw invalidField('file', e.message);
    throw e;
  }
}

export async function serialize(format: TransferFormat, qs: readonly Question[]): Promise<Serialized> {
  if (format === 'xlsx') return serializeXlsx(qs);
  return format === 'moodle' ? serializeMoodleXml(qs) : serializeGift(qs);
}

function toWire(r: ImportJobRow, live?: { imported: number }): ImportJob {
  return {
    jobId: r.id,
    status: r.status as ImportJob['status'],
    format: r.format as TransferFormat,
    mode: r.mode as ImportJob['mode'],
    repoId: String(r.repoId),
    total: r.total,
    processed: live && r.status === 'importing' ? live.imported : r.processed,
    imported: live && r.status === 'importing' ? live.imported : r.imported,
    skipped: r.skipped,
    errors: r.errors as unknown as ImportItemError[],
    unsupported: r.unsupported as unknown as ImportItemError[],
    message: r.message,
    createTime: r.createdAt.getTime(),
    lastUpdate: r.updatedAt.getTime(),
  };
}

interface Checked {
  parsed: ParseResult;
  ctx: ValidateContext;
  repoId: number;
}

export class TransferService {
  /** Jobs running in this process (so the app can wait for them on close) and their live write counts. */
  private readonly running = new Map<string, { imported: number; done: Promise<void> }>();

  constructor(
    private readonly repo: TransferRepository,
    private readonly questions: QuestionsService,
    private readonly questionsRepo: QuestionsRepository,
    private readonly repositories: RepositoriesService,
    private readonly tags: TagsRepository,
    private readonly clock: Clock,
  ) {}

  /** Checks the target and reads the file; 404/403 for the repository, 400 for the knowledge point or file. */
  private async check(agencyId: string, query: ImportQuery, data: Buffer): Promise<Checked> {
    const repo = await this.repositories.writable(agencyId, query.repoId);
    if (
      query.knowledgeId &&
      !(await this.questionsRepo.existingKnowledgeCodes([query.knowledgeId])).has(query.knowledgeId)
    )
      throw invalidField('knowledgeId', '知识点不存在');
    if (!data || data.length === 0) throw invalidField('file', '请上传文件');
    const parsed = await parseFile(query.format, data);
    if (parsed.items.length === 0 && parsed.unsupported.length === 0) throw invalidField('file', '文件中没有找到题目');
    const knownCodes = await this.questionsRepo.existingKnowledgeCodes(codesOf(parsed.items));
    return {
      parsed,
      repoId: repo.id,
      ctx: { agencyId, repoId: String(repo.id), defaultKnowledgeId: query.knowledgeId, knownCodes },
    };
  }

  /** Validates without writing: the report, synchronously. */
  async preview(agencyId: string, query: ImportQuery, data: Buffer): Promise<ImportReport> {
    const { parsed, ctx } = await this.check(agencyId, query, data);
    const errors: ImportItemError[] = [];
    for (const item of parsed.items) {
      const v = validateItem(item, ctx);
      if (!v.ok) errors.push(v.error);
    }
    return {
      format: query.format,
      total: parsed.items.length,
      valid: parsed.items.length - errors.length,
      errors,
      unsupported: parsed.unsupported,
    };
  }

  /** Starts an import job: answers its id once the file is read; validation and writing go on behind. */
  async start(agencyId: string, userId: number, query: ImportQuery, data: Buffer): Promise<{ jobId: string }> {
    const checked = await this.check(agencyId, query, data);
    const id = randomBytes(12).toString('hex');
    const now = new Date(this.clock.now());
    await this.repo.insertJob({
      id,
      agencyId,
      userId,
      repoId: checked.repoId,
      format: query.format,
      mode: query.mode,
      status: 'validating',
      total: checked.parsed.items.length,
      unsupported: checked.parsed.unsupported,
      createdAt: now,
      updatedAt: now,
    });
    const state = { imported: 0, done: Promise.resolve() };
    state.done = this.run(id, query, checked, state).finally(() => this.running.delete(id));
    this.running.set(id, state);
    return { jobId: id };
  }

  private async run(id: string, query: ImportQuery, c: Checked, state: { imported: number }): Promise<void> {
    const now = () => new Date(this.clock.now());
    try {
      const good: QuestionCreate[] = [];
      const errors: ImportItemError[] = [];
      let processed = 0;
      for (const item of c.parsed.items) {
        const v = validateItem(item, c.ctx);
        if (v.ok) good.push(v.input);
        else errors.push(v.error);
        processed++;
        if (processed % PROGRESS_EVERY === 0) {
          await this.repo.updateJob(id, { processed, updatedAt: now() });
          await new Promise((r) => setImmediate(r));
        }
      }
      const stored = errors as unknown as Record<string, unknown>[];
      if (query.mode === 'all' && errors.length > 0) {
        await this.repo.updateJob(id, {
          status: 'failed',
          processed,
          skipped: c.parsed.items.length,
          errors: stored,
          message: `有 ${errors.length} 道题未通过校验，按“全部成功才导入”未导入任何题目`,
          updatedAt: now(),
        });
        return;
      }
      await this.repo.updateJob(id, {
        status: 'importing',
        processed: 0,
        skipped: errors.length,
        errors: stored,
        updatedAt: now(),
      });
      const agencyId = c.ctx.agencyId;
      const at = now();
      const batch = good.map((input) => ({
        values: {
          ...questionChange(input),
          type: input.type,
          judgeType: input.judgeType,
          knowledgeCode: input.knowledgeId,
          agencyId,
          repoId: c.repoId,
          version: 1,
          extra: {},
          createdAt: at,
          updatedAt: at,
        },
        tags: normaliseTagNames(input.tags),
      }));
      const imported = await this.repo.insertBatch(
        batch,
        (names, tx) => this.tags.idsForNames(agencyId, names, tx),
        (qid, ids, tx) => this.tags.setQuestionTags(qid, ids, tx),
        (n) => {
          state.imported = n;
        },
      );
      await this.repo.updateJob(id, { status: 'done', processed: imported, imported, updatedAt: now() });
    } catch (e) {
      await this.repo
        .updateJob(id, { status: 'failed', message: `导入失败：${(e as Error).message}`, updatedAt: now() })
        .catch(() => undefined);
    }
  }

  async job(agencyId: string, id: string): Promise<ImportJob> {
    const row = /^[0-9a-f]{24}$/.test(id) ? await this.repo.getJob(agencyId, id) : undefined;
    if (!row) throw notFound(JOB_NOT_FOUND);
    return toWire(row, this.running.get(id));
  }

  /** Waits for the jobs running in this process (app close, tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.running.values()].map((s) => s.done));
  }

  /** The agency's owned and subscribed active questions matching the filter, as a file of the format. */
  async export(agencyId: string, query: ExportQuery): Promise<Serialized & { filename: string }> {
    const all: Question[] = [];
    const PAGE = 500;
    for (let start = 0; start < EXPORT_MAX; start += PAGE) {
      const page = await this.questions.list(
        agencyId,
        { start, size: PAGE, repoId: query.repoId, type: query.type },
        { knowledgeIds: query.knowledgeId ? [query.knowledgeId] : [], orderBy: 'createTime' },
      );
      all.push(...page.list.map((q) => ({ ...q, question: unwrapWords(q.question) })));
      if (page.list.length < PAGE) break;
    }
    const out = await serialize(query.format, all);
    return { ...out, filename: `questions-${new Date(this.clock.now()).toISOString().slice(0, 10)}` };
  }

  template(): Promise<Buffer> {
    return excelTemplate();
  }
}
