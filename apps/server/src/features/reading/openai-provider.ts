// The OpenAI-compatible provider (docs/reading.md "Providers and generation"): any server speaking
// /v1/chat/completions (OpenAI, DeepSeek, Qwen, Ollama, vLLM). Structured output first (json_schema from zod); a
// server that answers 400 to json_schema gets JSON mode plus the same zod check. An answer that fails the check
// is asked for again ONCE with the problem appended; a refusal, a timeout, a 429 (one wait of Retry-After ≤ 5 s)
// and malformed output each end in a Chinese message. The client never retries on its own (maxRetries 0): every
// retry is one of ours and bounded.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { READING_LEVEL_NAMES } from './language/index.js';
import {
  ProviderFailure,
  type GeneratedSubQuestion,
  type ProviderInput,
  type ProviderResult,
  type ProviderUsage,
  type ReadingProvider,
} from './reading-provider.js';

export interface OpenAiSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/** Longest wait a 429's Retry-After may ask for before the one retry; longer fails at once. */
export const RETRY_AFTER_MAX_MS = 5_000;

export const OPENAI_MESSAGES = {
  refused: (why: string) => `AI 模型拒绝生成：${why || '未说明原因'}。未添加任何小题，可修改文章后重试或改用离线生成`,
  timeout: (s: number) => `AI 服务在 ${s} 秒内没有回应（超时），未添加任何小题：请稍后重试，或在设置中调大超时`,
  rateLimited: 'AI 服务繁忙（请求过于频繁，429），未添加任何小题：请稍后重试',
  invalid: 'AI 返回的内容格式不正确（已重试一次仍不正确），未添加任何小题：请重试或改用离线生成',
  auth: 'AI 服务拒绝了密钥（401/403），未添加任何小题：请管理员在 AI 设置中检查密钥',
  connect: 'AI 服务无法连接，未添加任何小题：请管理员检查接口地址，或改用离线生成',
  status: (status: number) => `AI 服务返回错误（HTTP ${status}），未添加任何小题：请稍后重试或改用离线生成`,
  notConfigured: 'AI 生成尚未配置接口地址和模型：请管理员在 AI 设置中填写，或改用离线生成',
};

const Text = (max: number) => z.string().max(max);

/** What the model is asked to answer (structured output's schema): every field present, no refinements. */
export const ModelAnswer = z.object({
  genre: Text(40),
  items: z
    .array(
      z.object({
        type: z.enum(['singleChoice', 'trueFalse', 'translation']),
        title: Text(2000),
        desc: Text(2000),
        options: z.array(z.object({ key: Text(1), content: Text(1000) })).max(4),
        answer: z.array(Text(4000)).max(4),
        explanation: Text(4000),
        evidence: Text(4000),
      }),
    )
    .max(20),
});
type ModelItem = z.infer<typeof ModelAnswer>['items'][number];

/** Whitespace runs as one space: a sentence copied from the prompt matches the article across line breaks. */
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const TRUE_WORDS = new Set(['t', 'true', '对', '正确', 'yes']);
const FALSE_WORDS = new Set(['f', 'false', '错', '错误', 'no']);

/** The checks zod's JSON schema cannot carry: counts, option letters, keyed answers, evidence in the article. */
function itemProblems(item: ModelItem, i: number, input: ProviderInput): string[] {
  const at = `items[${i}]`;
  const out: string[] = [];
  if (!input.types.includes(item.type)) out.push(`${at}.type must be one of ${input.types.join(', ')}`);
  if (item.title.trim() === '') out.push(`${at}.title is empty`);
  if (item.type === 'singleChoice') {
    const keys = item.options.map((o) => o.key).join('');
    if (keys !== 'ABCD') out.push(`${at}.options must be exactly four, keyed A, B, C, D`);
    if (item.options.some((o) => o.content.trim() === '')) out.push(`${at}.options has an empty option`);
    if (item.answer.length !== 1 || !['A', 'B', 'C', 'D'].includes(item.answer[0]))
      out.push(`${at}.answer must be one letter among A-D`);
  } else {
    if (item.options.length > 0) out.push(`${at}.options must be [] for ${item.type}`);
    if (item.type === 'trueFalse') {
      const a = item.answer[0]?.trim().toLowerCase() ?? '';
      if (item.answer.length !== 1 || !(TRUE_WORDS.has(a) || FALSE_WORDS.has(a)))
        out.push(`${at}.answer must be ["T"] or ["F"]`);
    }
    if (item.type === 'translation' && (item.answer.length !== 1 || item.answer[0].trim() === ''))
      out.push(`${at}.answer must hold one reference translation in Chinese`);
  }
  const evidence = squash(item.evidence);
  if (evidence === '' || !squash(input.article).includes(evidence))
    out.push(`${at}.evidence must be one sentence copied verbatim from the article`);
  return out;
}

function toGenerated(item: ModelItem): GeneratedSubQuestion {
  const answer =
    item.type === 'trueFalse' ? [TRUE_WORDS.has(item.answer[0].trim().toLowerCase()) ? 'T' : 'F'] : item.answer;
  return {
    type: item.type,
    title: item.title.trim(),
    desc: item.desc,
    options: item.type === 'singleChoice' ? item.options : [],
    answer,
    explanation: item.explanation,
    evidence: item.evidence.trim(),
  };
}

const TYPE_NAMES: Record<GeneratedSubQuestion['type'], string> = {
  singleChoice: 'single choice with four options A-D and one correct letter',
  trueFalse: 'true/false statement, answer ["T"] or ["F"]',
  translation: 'translate one sentence of the article into Chinese, answer [the reference translation]',
};

function prompts(input: ProviderInput, jsonMode: boolean): ChatCompletionMessageParam[] {
  const system = [
    'You write reading-comprehension sub-questions for Chinese learners of English.',
    `The learners' level: ${READING_LEVEL_NAMES[input.level]} (${input.level}).`,
    `Write exactly ${input.count} items, of these types only: ${input.types.map((t) => `${t} (${TYPE_NAMES[t]})`).join('; ')}.`,
    'Every keyed answer must be supported by the article; put that sentence, copied verbatim, in "evidence".',
    'Titles, options and explanations: English for the question text, Chinese for "explanation".',
    'Also name the article\'s genre in "genre" (narrative, expository, argumentative, letter, news, dialogue...).',
  ];
  if (jsonMode)
    system.push('Answer with one JSON object only, of this JSON schema:', JSON.stringify(z.toJSONSchema(ModelAnswer)));
  const user = JSON.stringify({
    article: input.sentences.map((s) => s.text).join(' ') || input.article,
    wordsAboveLevel: input.outScopeWords.slice(0, 100).map((w) => w.lemma),
  });
  return [
    { role: 'system', content: system.join('\n') },
    { role: 'user', content: user },
  ];
}

const abortable = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason as Error)), { once: true });
  });

/** Retry-After in ms (seconds or an HTTP date); null when absent or unreadable. */
function retryAfterMs(err: { headers?: Headers | undefined }): number | null {
  const raw = err.headers?.get('retry-after-ms') ?? null;
  if (raw !== null && Number.isFinite(Number(raw))) return Number(raw);
  const v = err.headers?.get('retry-after') ?? null;
  if (v === null || v.trim() === '') return null;
  if (Number.isFinite(Number(v))) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** A 400 (or 422) that says the server does not know `response_format: json_schema`. */
const rejectsJsonSchema = (err: unknown) =>
  err instanceof APIError &&
  (err.status === 400 || err.status === 422) &&
  /response_format|json_schema|structured|schema/i.test(err.message);

export class OpenAiProvider implements ReadingProvider {
  readonly kind = 'openai' as const;
  readonly model: string;
  private readonly client: OpenAI;
  private jsonMode = false;

  constructor(private readonly settings: OpenAiSettings) {
    this.model = settings.model;
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      // A local server (Ollama, vLLM) may need no key; the client insists on one.
      apiKey: settings.apiKey || 'none',
      timeout: settings.timeoutMs,
      maxRetries: 0,
    });
  }

  async generate(input: ProviderInput, signal: AbortSignal): Promise<ProviderResult> {
    if (!this.settings.baseUrl || !this.settings.model)
      throw new ProviderFailure(OPENAI_MESSAGES.notConfigured, 'error');
    const usage: ProviderUsage = { promptTokens: 0, completionTokens: 0 };
    let messages = prompts(input, this.jsonMode);
    for (let attempt = 0; ; attempt++) {
      const completion = await this.complete(messages, input, signal, usage, () => {
        messages = prompts(input, true);
        return messages;
      });
      const message = completion.choices[0]?.message;
      if (message?.refusal)
        throw new ProviderFailure(OPENAI_MESSAGES.refused(this.redact(message.refusal)), 'refused', usage);
      const content = message?.content ?? '';
      const problem = this.check(content, input);
      if (typeof problem !== 'string') return { items: problem.items.map(toGenerated), usage, genre: problem.genre };
      if (attempt >= 1) throw new ProviderFailure(OPENAI_MESSAGES.invalid, 'invalid', usage);
      messages = [
        ...messages,
        { role: 'assistant', content: content.slice(0, 20_000) },
        {
          role: 'user',
          content: `Your answer was not accepted: ${problem}\nAnswer again with the whole JSON object, corrected.`,
        },
      ];
    }
  }

  /** The parsed answer, or what is wrong with it (told to the model on the retry). */
  private check(content: string, input: ProviderInput): z.infer<typeof ModelAnswer> | string {
    let json: unknown;
    try {
      json = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch (e) {
      return `the answer is not valid JSON (${(e as Error).message.slice(0, 200)})`;
    }
    const parsed = ModelAnswer.safeParse(json);
    if (!parsed.success)
      return parsed.error.issues
        .slice(0, 10)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
    if (parsed.data.items.length === 0) return `items is empty; write ${input.count} items`;
    const problems = parsed.data.items.flatMap((item, i) => itemProblems(item, i, input));
    return problems.length
      ? problems.slice(0, 10).join('; ')
      : { ...parsed.data, items: parsed.data.items.slice(0, input.count) };
  }

  /** One completion: json_schema (or JSON mode once the server refused it), one wait on a short Retry-After. */
  private async complete(
    messages: ChatCompletionMessageParam[],
    input: ProviderInput,
    signal: AbortSignal,
    usage: ProviderUsage,
    toJsonMode: () => ChatCompletionMessageParam[],
  ): Promise<ChatCompletion> {
    let waited = false;
    for (;;) {
      try {
        const completion = await this.client.chat.completions.create(
          {
            model: this.model,
            messages,
            temperature: 0.3,
            response_format: this.jsonMode ? { type: 'json_object' } : zodResponseFormat(ModelAnswer, 'sub_questions'),
          },
          { signal, timeout: this.settings.timeoutMs, maxRetries: 0 },
        );
        usage.promptTokens += completion.usage?.prompt_tokens ?? 0;
        usage.completionTokens += completion.usage?.completion_tokens ?? 0;
        return completion;
      } catch (err) {
        if (!this.jsonMode && rejectsJsonSchema(err)) {
          this.jsonMode = true;
          messages = toJsonMode();
          continue;
        }
        if (err instanceof APIError && err.status === 429 && !waited) {
          const wait = retryAfterMs(err as { headers?: Headers });
          if (wait !== null && wait <= RETRY_AFTER_MAX_MS) {
            waited = true;
            await abortable(wait, signal);
            continue;
          }
        }
        throw this.failure(err, usage, input);
      }
    }
  }

  private failure(err: unknown, usage: ProviderUsage, _input: ProviderInput): unknown {
    // The job's own abort (time limit, shutdown) is the queue's to report.
    if (err instanceof APIUserAbortError) return err;
    if (err instanceof APIConnectionTimeoutError)
      return new ProviderFailure(OPENAI_MESSAGES.timeout(Math.round(this.settings.timeoutMs / 1000)), 'timeout', usage);
    if (err instanceof APIConnectionError) return new ProviderFailure(OPENAI_MESSAGES.connect, 'error', usage);
    if (err instanceof APIError) {
      if (err.status === 429) return new ProviderFailure(OPENAI_MESSAGES.rateLimited, 'error', usage);
      if (err.status === 401 || err.status === 403) return new ProviderFailure(OPENAI_MESSAGES.auth, 'error', usage);
      return new ProviderFailure(OPENAI_MESSAGES.status(Number(err.status) || 0), 'error', usage);
    }
    return err;
  }

  /** A server's text never carries the key out (some echo the request). */
  private redact(text: string): string {
    const key = this.settings.apiKey;
    return (key ? text.split(key).join('***') : text).slice(0, 300);
  }
}
