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
  ReadingConnectionTest,
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
import { literalRefusal, normalHost, type OutboundPolicy } from '../../lib/outbound.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { QuestionsService } from '../questions/questions.service.js';
import { ChatFailure, chatCompletion, failureReason, type ChatConnection } from './chat-client.js';
import { formatArticleOffThread } from './language/index.js';
import { callWire, jobWire, settingsWire } from './reading-wire.js';
import { OfflineProvider } from './offline-provider.js';
import { OpenAiProvider } from './openai-provider.js';
import { ProviderKeys } from './provider-key.js';
import { READING_GENERATE_KIND, readingJobHandler, SUBS_MAX, type ReadingJobPayload } from './reading-job.js';
import type { ReadingProvider } from './reading-provider.js';
import type { ReadingRepository, SettingsRow } from './reading.repository.js';
import { checkedFields, fieldsOf, lacksReference, newQuestionSubId, storedSubs } from './reading-subs.js';

const JOB_NOT_FOUND = '生成任务不存在';
const SUB_NOT_FOUND = '小题不存在';
const NOT_READING = '题目不存在或不是阅读理解题';
const NEEDS_REFERENCE = '翻译小题还没有参考译文：请先编辑并填写参考译文，再采纳';
const JOB_ID_RE = /^[0-9a-f]{24}$/;
const PURGE_BATCH = 5_000;
/** The longest a connection test waits (less when the settings' timeout is shorter). */
export const CONNECTION_TEST_MAX_MS = 15_000;
/** Generations an agency may have waiting or running at once; one more answers 429. */
export const AGENCY_ACTIVE_JOBS_MAX = 5;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export class ReadingService {
  private readonly keys: ProviderKeys;
  private readonly allowedHosts: string[];
  /** Scopes ('' the platform) with a connection test under way on this node: one at a time each. */
  private readonly testing = new Set<string>();

  constructor(
    private readonly repo: ReadingRepository,
    private readonly questions: QuestionsService,
    private readonly queue: JobQueue,
    private readonly config: Config['reading'],
    private readonly clock: Clock,
  ) {
    this.keys = new ProviderKeys(config.keySecret);
    this.allowedHosts = config.allowedHosts.map(normalHost);
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

  async format(input: ReadingFormatRequest): Promise<ReadingFormatResult> {
    const r = await formatArticleOffThread(input.article, input.level, input.glossary);
    return {
      level: input.level,
      formatResult: r.formatResult,
      outScopeWords: r.outScopeWords,
      unknownWords: r.unknownWords,
    };
  }

  // ---- Generation ----

  /** The settings in force for an agency: its override, else the platform default, else offline. */
  private async effective(agencyId: string): Promise<SettingsRow | undefined> {
    return (await this.repo.settings(agencyId)) ?? (await this.repo.settings(null));
  }

  /**
   * Where a setting may reach (docs/security.md "Outbound requests"): the platform default (agency null, set by
   * edu:admin) also loopback and private networks; an agency's own setting only public addresses. The hosts of
   * AI_PROVIDER_ALLOWED_HOSTS are reached by both.
   */
  policyFor(agencyId: string | null): OutboundPolicy {
    return { reach: agencyId === null ? 'private' : 'public', allowedHosts: this.allowedHosts };
  }

  /** The connection in force for an agency when it is a model (override, else platform default), else null. */
  async connectionFor(agencyId: string): Promise<(ChatConnection & { timeoutSeconds: number }) | null> {
    const s = await this.effective(agencyId);
    if (!s || s.provider !== 'openai') return null;
    return {
      baseUrl: s.baseUrl,
      apiKey: this.keys.open(s.apiKey),
      model: s.model,
      timeoutMs: s.timeoutSeconds * 1000,
      timeoutSeconds: s.timeoutSeconds,
      policy: this.policyFor(s.agencyId),
    };
  }

  async providerFor(agencyId: string): Promise<ReadingProvider> {
    const c = await this.connectionFor(agencyId);
    if (!c) return new OfflineProvider();
    return new OpenAiProvider({
      baseUrl: c.baseUrl,
      apiKey: c.apiKey,
      model: c.model,
      timeoutMs: c.timeoutMs,
      policy: c.policy,
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
    // A saved question (its sub-questions appended) or an article not saved yet (docs/reading.md "Authoring in one
    // flow": the items come back in the job and are checked when the question is saved).
    if (input.questionId !== undefined) {
      const row = await this.questions.loadOwned(ctx.agencyId, input.questionId);
      if (row.type !== 'enReading') throw notFound(NOT_READING);
      const room = SUBS_MAX - (row.questionSub as unknown[]).length;
      if (room <= 0) throw invalidField('request.questionId', `该题已有 ${SUBS_MAX} 个小题，不能再生成`);
      if (input.count > room) throw invalidField('request.count', `该题最多还能添加 ${room} 个小题`);
    }
    const active = await this.repo.activeJobs(ctx.agencyId, READING_GENERATE_KIND);
    if (active >= AGENCY_ACTIVE_JOBS_MAX)
      throw new ApiError(
        'too_many_requests',
        `本机构已有 ${AGENCY_ACTIVE_JOBS_MAX} 个生成任务在排队或进行中，请等它们完成后再提交`,
      );
    const s = await this.effective(ctx.agencyId);
    const payload: ReadingJobPayload = {
      ...(input.questionId !== undefined ? { questionId: input.questionId } : { article: input.article ?? '' }),
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

  /** The 400s of a setting that cannot be used: a model without address or name, an address it may not reach. */
  private checkConnection(agencyId: string | null, input: ReadingSettingsWrite): void {
    if (input.provider === 'openai') {
      if (input.baseUrl === '') throw invalidField('request.baseUrl', '使用 AI 模型时请填写接口地址');
      if (input.model === '') throw invalidField('request.model', '使用 AI 模型时请填写模型名');
    }
    const refused = input.baseUrl === '' ? null : literalRefusal(input.baseUrl, this.policyFor(agencyId));
    if (refused)
      throw invalidField(
        'request.baseUrl',
        agencyId === null
          ? `接口地址被拒绝：${refused}`
          : `接口地址被拒绝：${refused}。机构的设置只能使用公网上的 AI 服务；本地或内网的服务请由平台管理员设为平台默认，或加入允许列表`,
      );
  }

  private async save(agencyId: string | null, input: ReadingSettingsWrite): Promise<SettingsRow> {
    this.checkConnection(agencyId, input);
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

  /**
   * One tiny request with the settings given (not saved), under the scope's address rules and a bounded deadline;
   * answers whether it worked or the reason. A blank key field uses the scope's stored key.
   */
  testPlatformSettings(input: ReadingSettingsWrite): Promise<ReadingConnectionTest> {
    return this.testSettings(null, input);
  }

  testAgencySettings(agencyId: string, input: ReadingSettingsWrite): Promise<ReadingConnectionTest> {
    return this.testSettings(agencyId, input);
  }

  private async testSettings(agencyId: string | null, input: ReadingSettingsWrite): Promise<ReadingConnectionTest> {
    if (input.provider !== 'openai') return { ok: true, message: '离线生成不需要连接 AI 服务', latencyMs: 0 };
    this.checkConnection(agencyId, input);
    const scope = agencyId ?? '';
    if (this.testing.has(scope)) throw new ApiError('too_many_requests', '上一次连接测试还没有结束，请稍候再试');
    this.testing.add(scope);
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const apiKey =
        input.apiKey !== undefined
          ? input.apiKey.trim()
          : this.keys.open((await this.repo.settings(agencyId))?.apiKey ?? '');
      const reply = await chatCompletion(
        {
          baseUrl: input.baseUrl,
          apiKey,
          model: input.model,
          timeoutMs: Math.min(input.timeoutSeconds * 1000, CONNECTION_TEST_MAX_MS),
          policy: this.policyFor(agencyId),
        },
        { messages: [{ role: 'user', content: 'Reply with the single word OK.' }], temperature: 0 },
      );
      const how = reply.streamed ? '（服务以流式回复，已拼接）' : '';
      return { ok: true, message: `连接成功：模型 ${input.model} 已回复${how}`, latencyMs: latency() };
    } catch (e) {
      if (e instanceof ChatFailure)
        return { ok: false, message: `连接失败：${failureReason(e)}`, latencyMs: latency() };
      throw e;
    } finally {
      this.testing.delete(scope);
    }
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
