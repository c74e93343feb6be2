// The OpenAI-compatible provider (docs/reading.md "Providers and generation", "Providers and their failures"): any
// server speaking /v1/chat/completions (OpenAI, DeepSeek, Qwen, Ollama, vLLM), called through ./chat-client.ts
// (one deadline over the whole reply, the address policy of the setting's scope, no redirects). Structured output
// first (json_schema from zod); a server whose 400 names response_format/json_schema gets JSON mode, then no
// response_format at all, with the same zod check. An answer that fails the check is asked for again ONCE with the
// problem appended; a refusal, a timeout, a 429 (one wait of Retry-After ≤ 5 s), an error status, an error inside a
// 200, an unreadable reply and malformed output each end in a Chinese message and a reason for the call log.
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { OutboundPolicy } from '../../lib/outbound.js';
import { ChatFailure, chatCompletion, failureReason, rejectsResponseFormat, type ChatReply } from './chat-client.js';
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
  /** Where the setting may reach: its scope's (docs/security.md "Outbound requests"). */
  policy: OutboundPolicy;
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
  status: (status: number, why = '') =>
    `AI 服务返回错误（HTTP ${status}${why ? `：${why}` : ''}），未添加任何小题：请稍后重试或改用离线生成`,
  blocked:
    'AI 接口地址指向本机、内网或保留地址，已拒绝访问，未添加任何小题：请改用公网地址，或请平台管理员把该主机加入允许列表',
  redirect: 'AI 接口地址返回了重定向，出于安全不跟随，未添加任何小题：请在 AI 设置中填写最终的接口地址',
  errorReply: (why: string) => `AI 服务在回复中报告了错误（${why}），未添加任何小题：请检查模型名和密钥，或稍后重试`,
  badReply: (why: string) =>
    `AI 服务的回复无法识别（${why}），未添加任何小题：请在 AI 设置中用“测试连接”检查接口地址（通常以 /v1 结尾）`,
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
    'Base each item on a different sentence, none of "alreadyAsked"; a false statement changes one fact of its sentence and stays grammatical.',
    'Titles, options and explanations: English for the question text, Chinese for "explanation".',
    'Also name the article\'s genre in "genre" (narrative, expository, argumentative, letter, news, dialogue...).',
  ];
  if (jsonMode)
    system.push('Answer with one JSON object only, of this JSON schema:', JSON.stringify(z.toJSONSchema(ModelAnswer)));
  const user = JSON.stringify({
    article: input.sentences.map((s) => s.text).join(' ') || input.article,
    wordsAboveLevel: input.outScopeWords.slice(0, 100).map((w) => w.lemma),
    alreadyAsked: (input.usedSentences ?? []).slice(0, 50),
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

/**
 * The JSON object in a model's text: as it is, inside a ``` fence, or from the first `{` to the last `}` (prose
 * around it); a reasoning model's `<think>…</think>` is dropped first. Throws the first parse error.
 */
export function jsonIn(content: string): unknown {
  const text = content.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const candidates = [text];
  const fence = /```[a-zA-Z]*[ \t]*\r?\n?([\s\S]*?)```/.exec(text);
  if (fence) candidates.push(fence[1]);
  const from = text.indexOf('{');
  const to = text.lastIndexOf('}');
  if (from >= 0 && to > from) candidates.push(text.slice(from, to + 1));
  let first: unknown;
  for (const c of candidates) {
    try {
      return JSON.parse(c.trim());
    } catch (e) {
      first ??= e;
    }
  }
  throw first;
}

/** How structured output is asked for: json_schema, then JSON mode, then only the prompt (no response_format). */
type OutputMode = 'schema' | 'json' | 'plain';
const NEXT_MODE: Record<OutputMode, OutputMode | null> = { schema: 'json', json: 'plain', plain: null };

const short = (s: string) => (s.length > 120 ? `${s.slice(0, 120)}…` : s);

/** The teacher's message, the call log's outcome and reason for a failed request. */
export function providerFailureOf(f: ChatFailure, usage: ProviderUsage, timeoutMs: number): ProviderFailure {
  const reason = failureReason(f);
  const fail = (message: string, outcome: 'error' | 'timeout' = 'error') =>
    new ProviderFailure(message, outcome, usage, reason);
  switch (f.kind) {
    case 'timeout':
      return fail(OPENAI_MESSAGES.timeout(Math.round(timeoutMs / 1000)), 'timeout');
    case 'blocked':
      return fail(OPENAI_MESSAGES.blocked);
    case 'connect':
    case 'badUrl':
      return fail(OPENAI_MESSAGES.connect);
    case 'redirect':
      return fail(OPENAI_MESSAGES.redirect);
    case 'http':
      if (f.status === 429) return fail(OPENAI_MESSAGES.rateLimited);
      if (f.status === 401 || f.status === 403) return fail(OPENAI_MESSAGES.auth);
      return fail(OPENAI_MESSAGES.status(f.status ?? 0, short(f.detail)));
    case 'errorReply':
      return fail(OPENAI_MESSAGES.errorReply(short(f.detail)));
    case 'tooLarge':
    case 'badReply':
      return fail(OPENAI_MESSAGES.badReply(short(f.detail)));
  }
}

export class OpenAiProvider implements ReadingProvider {
  readonly kind = 'openai' as const;
  readonly model: string;
  private mode: OutputMode = 'schema';

  constructor(private readonly settings: OpenAiSettings) {
    this.model = settings.model;
  }

  async generate(input: ProviderInput, signal: AbortSignal): Promise<ProviderResult> {
    if (!this.settings.baseUrl || !this.settings.model)
      throw new ProviderFailure(OPENAI_MESSAGES.notConfigured, 'error');
    const usage: ProviderUsage = { promptTokens: 0, completionTokens: 0 };
    let messages = prompts(input, this.mode !== 'schema');
    for (let attempt = 0; ; attempt++) {
      const reply = await this.complete(messages, signal, usage, () => {
        messages = prompts(input, true);
        return messages;
      });
      if (reply.refusal) {
        const why = this.redact(reply.refusal);
        throw new ProviderFailure(OPENAI_MESSAGES.refused(why), 'refused', usage, `模型拒绝：${why}`);
      }
      const problem = this.check(reply.content, input);
      if (typeof problem !== 'string') return { items: problem.items.map(toGenerated), usage, genre: problem.genre };
      if (attempt >= 1)
        throw new ProviderFailure(
          OPENAI_MESSAGES.invalid,
          'invalid',
          usage,
          `模型的输出两次都不符合要求：${this.redact(problem)}`,
        );
      messages = [
        ...messages,
        { role: 'assistant', content: reply.content.slice(0, 20_000) },
        {
          role: 'user',
          content: `Your answer was not accepted: ${problem}\nAnswer again with the whole JSON object, corrected.`,
        },
      ];
    }
  }

  /** The parsed answer, or what is wrong with it (told to the model on the retry). */
  private check(content: string, input: ProviderInput): z.infer<typeof ModelAnswer> | string {
    if (content.trim() === '') return 'the answer is empty; answer with the JSON object';
    let json: unknown;
    try {
      json = jsonIn(content);
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

  private responseFormat(): Record<string, unknown> {
    if (this.mode === 'schema') return { response_format: zodResponseFormat(ModelAnswer, 'sub_questions') };
    if (this.mode === 'json') return { response_format: { type: 'json_object' } };
    return {};
  }

  /** One completion, stepping down the output modes on a 400 naming response_format, one wait on a short 429. */
  private async complete(
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal,
    usage: ProviderUsage,
    toJsonMode: () => ChatCompletionMessageParam[],
  ): Promise<ChatReply> {
    let waited = false;
    for (;;) {
      try {
        const reply = await chatCompletion(
          this.settings,
          { messages, temperature: 0.3, ...this.responseFormat() },
          signal,
        );
        usage.promptTokens += reply.usage.promptTokens;
        usage.completionTokens += reply.usage.completionTokens;
        return reply;
      } catch (err) {
        if (!(err instanceof ChatFailure)) throw err;
        const next = NEXT_MODE[this.mode];
        if (next && rejectsResponseFormat(err)) {
          if (this.mode === 'schema') messages = toJsonMode();
          this.mode = next;
          continue;
        }
        if (err.kind === 'http' && err.status === 429 && !waited) {
          const wait = err.retryAfterMs;
          if (wait !== null && wait <= RETRY_AFTER_MAX_MS) {
            waited = true;
            await abortable(wait, signal);
            continue;
          }
        }
        throw providerFailureOf(err, usage, this.settings.timeoutMs);
      }
    }
  }

  /** A server's text never carries the key out (some echo the request). */
  private redact(text: string): string {
    const key = this.settings.apiKey;
    return (key ? text.split(key).join('***') : text).slice(0, 300);
  }
}
