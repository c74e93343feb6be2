// AI reading calls (docs/reading.md): formatting (synchronous, bounded), the generation job, a new questionSubId,
// the teacher's review of a sub-question, the provider settings (platform default, agency override; keys stored
// server-side and never answered) and the call log with its retention.
import type {
  NewQuestionSubId,
  Question,
  ReadingAgencySettings,
  ReadingCall,
  ReadingCallPage,
  ReadingCallQuery,
  ReadingFormatRequest,
  ReadingFormatResult,
  ReadingGenerateRequest,
  ReadingJob,
  ReadingSettings,
  ReadingSettingsWrite,
  ReadingSubAction,
} from '@edu/contract';
import { GENERATED_SUB_TYPES } from '@edu/contract';
import type { Config } from '../../config.js';
import { ApiError, invalidField, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobRow } from '../../jobs/job-store.js';
import type { QuestionsService } from '../questions/questions.service.js';
import { formatArticle } from './language/index.js';
import { OfflineProvider } from './offline-provider.js';
import { OpenAiProvider } from './openai-provider.js';
import { ProviderKeys } from './provider-key.js';
import {
  READING_GENERATE_KIND,
  readingJobHandler,
  SUBS_MAX,
  type ReadingJobPayload,
  type ReadingJobResult,
} from './reading-job.js';
import type { ReadingProvider } from './reading-provider.js';
import type { ReadingRepository, SettingsRow } from './reading.repository.js';
import { checkedFields, fieldsOf, lacksReference, newQuestionSubId, storedSubs } from './reading-subs.js';

const JOB_NOT_FOUND = '生成任务不存在';
const SUB_NOT_FOUND = '小题不存在';
const NOT_READING = '题目不存在或不是阅读理解题';
const NEEDS_REFERENCE = '翻译小题还没有参考译文：请先编辑并填写参考译文，再采纳';
const JOB_ID_RE = /^[0-9a-f]{24}$/;
const PURGE_BATCH = 5_000;
/** Generations an agency may have waiting or running at once; one more answers 429. */
export const AGENCY_ACTIVE_JOBS_MAX = 5;

/** The built-in default when nobody configured anything: offline. */
const BUILT_IN: Omit<ReadingSettings, 'hasKey' | 'lastUpdate'> = {
  provider: 'offline',
  baseUrl: '',
  model: '',
  timeoutSeconds: 60,
  inputPricePer1k: 0,
  outputPricePer1k: 0,
};

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function settingsWire(row: SettingsRow | undefined): ReadingSettings {
  if (!row) return { ...BUILT_IN, hasKey: false, lastUpdate: 0 };
  return {
    provider: row.provider === 'openai' ? 'openai' : 'offline',
    baseUrl: row.baseUrl,
    model: row.model,
    timeoutSeconds: row.timeoutSeconds,
    inputPricePer1k: row.inputPricePer1k,
    outputPricePer1k: row.outputPricePer1k,
    hasKey: row.apiKey !== '',
    lastUpdate: row.updatedAt.getTime(),
  };
}

function callWire(r: Awaited<ReturnType<ReadingRepository['calls']>>['list'][number]): ReadingCall {
  return {
    id: String(r.id),
    agencyId: r.agencyId,
    at: r.at.getTime(),
    provider: r.provider === 'openai' ? 'openai' : 'offline',
    model: r.model,
    purpose: r.purpose === 'feedback' ? 'feedback' : 'generate',
    promptTokens: r.promptTokens,
    completionTokens: r.completionTokens,
    cost: r.cost,
    outcome: r.outcome as ReadingCall['outcome'],
    message: r.message,
  };
}

function jobWire(r: JobRow): ReadingJob {
  const p = r.payload as ReadingJobPayload;
  const res: Partial<ReadingJobResult> | undefined = r.result ?? undefined;
  return {
    jobId: r.id,
    status: r.status === 'done' || r.status === 'failed' || r.status === 'running' ? r.status : 'queued',
    processed: r.processed,
    total: r.total,
    message: r.status === 'failed' ? r.message : null,
    provider: res?.provider ?? p.provider,
    added: r.status === 'done' ? (res?.added ?? []) : [],
  };
}

export class ReadingService {
  private readonly keys: ProviderKeys;

  constructor(
    private readonly repo: ReadingRepository,
    private readonly questions: QuestionsService,
    private readonly queue: JobQueue,
    private readonly config: Config['reading'],
    private readonly clock: Clock,
  ) {
    this.keys = new ProviderKeys(config.keySecret);
    queue.register(
      READING_GENERATE_KIND,
      readingJobHandler({
        questions,
        providerFor: (agencyId) => this.providerFor(agencyId),
        logCall: (e) => this.logCall(e.agencyId, e.provider, 'generate', e.usage, e.outcome, e.message),
      }),
      { concurrency: config.maxConcurrent, timeoutSeconds: config.jobSeconds },
    );
  }

  format(input: ReadingFormatRequest): ReadingFormatResult {
    const r = formatArticle(input.article, input.level, input.glossary);
    return { level: input.level, formatResult: r.formatResult, outScopeWords: r.outScopeWords };
  }

  // ---- Generation ----

  /** The settings in force for an agency: its override, else the platform default, else offline. */
  private async effective(agencyId: string): Promise<SettingsRow | undefined> {
    return (await this.repo.settings(agencyId)) ?? (await this.repo.settings(null));
  }

  async providerFor(agencyId: string): Promise<ReadingProvider> {
    const s = await this.effective(agencyId);
    if (!s || s.provider !== 'openai') return new OfflineProvider();
    return new OpenAiProvider({
      baseUrl: s.baseUrl,
      apiKey: this.keys.open(s.apiKey),
      model: s.model,
      timeoutMs: s.timeoutSeconds * 1000,
    });
  }

  /**
   * Records one provider call in the call log, its cost from the prices in force: the generation job's, and the
   * answering step's feedback (`purpose: 'feedback'`) when a model writes it.
   */
  async logCall(
    agencyId: string,
    provider: ReadingProvider,
    purpose: 'generate' | 'feedback',
    usage: { promptTokens: number; completionTokens: number },
    outcome: ReadingCall['outcome'],
    message: string,
  ): Promise<void> {
    const s = provider.kind === 'openai' ? await this.effective(agencyId) : undefined;
    const cost = s
      ? round6((usage.promptTokens / 1000) * s.inputPricePer1k + (usage.completionTokens / 1000) * s.outputPricePer1k)
      : 0;
    await this.repo.logCall({
      agencyId,
      at: new Date(this.clock.now()),
      provider: provider.kind,
      model: provider.model,
      purpose,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      cost,
      outcome,
      message: message.slice(0, 500),
    });
  }

  /** Checks the question (the agency's own enReading, room for more) and queues the job. */
  async generate(ctx: { agencyId: string; userId: number }, input: ReadingGenerateRequest): Promise<{ jobId: string }> {
    const row = await this.questions.loadOwned(ctx.agencyId, input.questionId);
    if (row.type !== 'enReading') throw notFound(NOT_READING);
    const room = SUBS_MAX - (row.questionSub as unknown[]).length;
    if (room <= 0) throw invalidField('request.questionId', `该题已有 ${SUBS_MAX} 个小题，不能再生成`);
    if (input.count > room) throw invalidField('request.count', `该题最多还能添加 ${room} 个小题`);
    const active = await this.repo.activeJobs(ctx.agencyId, READING_GENERATE_KIND);
    if (active >= AGENCY_ACTIVE_JOBS_MAX)
      throw new ApiError(
        'too_many_requests',
        `本机构已有 ${AGENCY_ACTIVE_JOBS_MAX} 个生成任务在排队或进行中，请等它们完成后再提交`,
      );
    const s = await this.effective(ctx.agencyId);
    const payload: ReadingJobPayload = {
      questionId: input.questionId,
      level: input.level,
      count: input.count,
      types: [...new Set(input.types ?? GENERATED_SUB_TYPES)],
      provider: s?.provider === 'openai' ? 'openai' : 'offline',
    };
    const jobId = await this.queue.enqueue({
      kind: READING_GENERATE_KIND,
      agencyId: ctx.agencyId,
      userId: ctx.userId,
      payload,
    });
    return { jobId };
  }

  async job(agencyId: string, jobId: string): Promise<ReadingJob> {
    const row = JOB_ID_RE.test(jobId)
      ? await this.queue.store.getScoped(agencyId, jobId, [READING_GENERATE_KIND])
      : undefined;
    if (!row) throw notFound(JOB_NOT_FOUND);
    return jobWire(row);
  }

  newSubId(): NewQuestionSubId {
    return { questionSubId: newQuestionSubId() };
  }

  // ---- Review of a sub-question ----

  async subAction(agencyId: string, id: string, subId: string, action: ReadingSubAction): Promise<Question> {
    const row = await this.questions.loadOwned(agencyId, id);
    const [q] = await this.questions.present([row]);
    if (q.type !== 'enReading') throw notFound(NOT_READING);
    const subs = storedSubs(q);
    const at = subs.findIndex((s) => s.questionSubId === subId);
    if (at < 0) throw notFound(SUB_NOT_FOUND);
    let next: typeof subs;
    if (action.action === 'delete') next = subs.filter((_, i) => i !== at);
    else if (action.action === 'accept') {
      if (lacksReference(subs[at])) throw invalidField('request.action', NEEDS_REFERENCE);
      next = subs.map((s, i) => (i === at ? { ...s, status: 'accepted' as const } : s));
    } else {
      const { title, desc, options, answer, explanation } = action.sub;
      next = subs.map((s, i) => (i === at ? { ...s, title, desc, options, answer, explanation } : s));
    }
    const fields = checkedFields(fieldsOf(q, next), {
      prefix: 'request',
      focus: action.action === 'delete' ? undefined : at,
      focusPrefix: 'request.sub',
    });
    return this.questions.update(agencyId, id, fields);
  }

  // ---- Settings ----

  async platformSettings(): Promise<ReadingSettings> {
    return settingsWire(await this.repo.settings(null));
  }

  async agencySettings(agencyId: string): Promise<ReadingAgencySettings> {
    const own = await this.repo.settings(agencyId);
    if (own) return { ...settingsWire(own), inherited: false };
    return { ...(await this.platformSettings()), inherited: true };
  }

  private async save(agencyId: string | null, input: ReadingSettingsWrite): Promise<SettingsRow> {
    if (input.provider === 'openai') {
      if (input.baseUrl === '') throw invalidField('request.baseUrl', '使用 AI 模型时请填写接口地址');
      if (input.model === '') throw invalidField('request.model', '使用 AI 模型时请填写模型名');
    }
    const old = await this.repo.settings(agencyId);
    const apiKey = input.apiKey === undefined ? (old?.apiKey ?? '') : this.keys.seal(input.apiKey.trim());
    return this.repo.saveSettings(agencyId, {
      provider: input.provider,
      baseUrl: input.baseUrl,
      model: input.model,
      timeoutSeconds: input.timeoutSeconds,
      inputPricePer1k: input.inputPricePer1k,
      outputPricePer1k: input.outputPricePer1k,
      apiKey,
      updatedAt: new Date(this.clock.now()),
    });
  }

  async savePlatformSettings(input: ReadingSettingsWrite): Promise<ReadingSettings> {
    return settingsWire(await this.save(null, input));
  }

  async saveAgencySettings(agencyId: string, input: ReadingSettingsWrite): Promise<ReadingAgencySettings> {
    return { ...settingsWire(await this.save(agencyId, input)), inherited: false };
  }

  async resetAgencySettings(agencyId: string): Promise<ReadingAgencySettings> {
    await this.repo.removeSettings(agencyId);
    return this.agencySettings(agencyId);
  }

  // ---- Call log ----

  async calls(agencyId: string | null, query: ReadingCallQuery): Promise<ReadingCallPage> {
    const page = await this.repo.calls(agencyId, query.start, query.size);
    return { total: page.total, list: page.list.map(callWire) };
  }

  /** Deletes call-log rows older than the retention (AI_CALL_LOG_RETENTION_DAYS), in batches; answers how many. */
  async purgeCalls(): Promise<number> {
    const before = new Date(this.clock.now() - this.config.callRetentionMs);
    let total = 0;
    for (;;) {
      const n = await this.repo.purgeCalls(before, PURGE_BATCH);
      total += n;
      if (n < PURGE_BATCH) return total;
    }
  }
}
