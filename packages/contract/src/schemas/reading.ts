// AI reading (docs/reading.md, issue 19): formatting an article for a level, generating sub-questions through a
// provider (offline or an OpenAI-compatible model) as a job, the teacher's review of pending sub-questions, the
// provider settings (platform default, agency override) and the call log. Keys never leave the server.
import { z } from 'zod';
import { PageQuery, pageOf } from '../envelope.js';
import { EpochMs, Id } from './common.js';
import { QuestionOption, QUESTION_TEXT_MAX } from './question-kinds.js';
import { QuestionSub } from './question.js';

/** 初中 高中 CET-4 CET-6 考研 (docs/reading.md). */
export const READING_LEVEL_VALUES = ['junior', 'senior', 'cet4', 'cet6', 'kaoyan'] as const;
export const ReadingLevel = z.enum(READING_LEVEL_VALUES, { message: '请选择词汇等级' });
export type ReadingLevelValue = z.infer<typeof ReadingLevel>;
export const READING_LEVEL_LABELS: Record<ReadingLevelValue, string> = {
  junior: '初中',
  senior: '高中',
  cet4: 'CET-4',
  cet6: 'CET-6',
  kaoyan: '考研',
};

/** Longest article formatted or sent to a provider, in characters. */
export const READING_ARTICLE_MAX = 20_000;
/** Most words of a glossary (never out of scope). */
export const READING_GLOSSARY_MAX = 200;
/** Most sub-questions one generation asks for. */
export const READING_GENERATE_MAX = 20;

/** The sub-question types a generation produces. */
export const GENERATED_SUB_TYPES = ['singleChoice', 'trueFalse', 'translation'] as const;
export const GeneratedSubType = z.enum(GENERATED_SUB_TYPES);
export type GeneratedSubType = z.infer<typeof GeneratedSubType>;

export const ReadingFormatRequest = z.object({
  article: z
    .string()
    .min(1, '请输入文章')
    .max(READING_ARTICLE_MAX, `文章不超过 ${READING_ARTICLE_MAX} 个字符`)
    .refine((s) => s.trim() !== '', '请输入文章'),
  level: ReadingLevel,
  glossary: z
    .array(z.string().trim().min(1, '词汇表中的词不能为空').max(64, '词汇表中的词不超过 64 个字符'))
    .max(READING_GLOSSARY_MAX, `词汇表最多 ${READING_GLOSSARY_MAX} 个词`)
    .default([]),
});
export type ReadingFormatRequest = z.infer<typeof ReadingFormatRequest>;

export const OutScopeWord = z.object({
  word: z.string(),
  lemma: z.string(),
  /** The word's level, null when the dictionary does not know it. */
  level: ReadingLevel.nullable(),
  gloss: z.string(),
  /** Every spelling of the word in the article, lower case, in order (`flees`, `fled`): what the web highlights. */
  forms: z.array(z.string()),
});
export type OutScopeWord = z.infer<typeof OutScopeWord>;

/** A word the dictionary cannot explain (a typo such as `squatteddown`, a rare word): shown as unknown, not as hard. */
export const UnknownWord = z.object({
  word: z.string(),
  forms: z.array(z.string()),
});
export type UnknownWord = z.infer<typeof UnknownWord>;

/** The formatted text of docs/product.md §3: `formatResult` (HTML, sentences in `span.word`) and `outScopeWords`. */
export const ReadingFormatResult = z.object({
  level: ReadingLevel,
  formatResult: z.string(),
  outScopeWords: z.array(OutScopeWord),
  /** Words neither out of scope nor known (docs/reading.md "Word levels"). */
  unknownWords: z.array(UnknownWord).optional(),
});
export type ReadingFormatResult = z.infer<typeof ReadingFormatResult>;

/**
 * A generation for a saved question (`questionId`: the items are appended to it as pending sub-questions) or for an
 * article not saved yet (`article`, the create page: the items come back in the job's `items` and are saved with
 * the question; docs/reading.md "Authoring in one flow"). Exactly one of the two.
 */
export const ReadingGenerateRequest = z
  .object({
    questionId: Id.optional(),
    article: z
      .string()
      .max(READING_ARTICLE_MAX, `文章不超过 ${READING_ARTICLE_MAX} 个字符`)
      .refine((s) => s.trim() !== '', '请输入文章')
      .optional(),
    level: ReadingLevel,
    count: z.coerce
      .number()
      .int('题数应为整数')
      .min(1, '至少生成 1 道小题')
      .max(READING_GENERATE_MAX, `最多生成 ${READING_GENERATE_MAX} 道小题`),
    types: z.array(GeneratedSubType).min(1, '至少选择一种题型').max(GENERATED_SUB_TYPES.length).optional(),
  })
  .superRefine((r, ctx) => {
    if ((r.questionId === undefined) === (r.article === undefined))
      ctx.addIssue({ code: 'custom', path: ['questionId'], message: '请指定要生成小题的题目或文章（二者选一）' });
  });
export type ReadingGenerateRequest = z.infer<typeof ReadingGenerateRequest>;

export const ReadingGenerateStarted = z.object({ jobId: z.string() });
export type ReadingGenerateStarted = z.infer<typeof ReadingGenerateStarted>;

export const READING_PROVIDERS = ['offline', 'openai'] as const;
export const ReadingProviderKind = z.enum(READING_PROVIDERS, { message: '请选择生成方式' });
export type ReadingProviderKind = z.infer<typeof ReadingProviderKind>;

export const READING_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ReadingJob = z.object({
  jobId: z.string(),
  status: z.enum(READING_JOB_STATUSES),
  processed: z.number().int().min(0),
  total: z.number().int().min(0),
  /** Why the generation failed (Chinese), else null. */
  message: z.string().nullable(),
  provider: ReadingProviderKind,
  /** The new questionSubIds, added with status `pending` to the question. */
  added: z.array(z.string()),
  /** A generation for an article not saved yet: the proposed sub-questions (status `pending`), once done. */
  items: z.array(QuestionSub).optional(),
});
export type ReadingJob = z.infer<typeof ReadingJob>;

export const ReadingJobParams = z.object({ jobId: Id });

/** A new unused questionSubId (docs/product.md §3 "new questionSubId"). */
export const NewQuestionSubId = z.object({ questionSubId: z.string() });
export type NewQuestionSubId = z.infer<typeof NewQuestionSubId>;

export const ReadingSubParams = z.object({ id: Id, questionSubId: Id });

/** The teacher's edit of a pending (or accepted) sub-question; validated like the question editor. */
export const ReadingSubEdit = z.object({
  title: z.string().trim().min(1, '请输入小题题干').max(QUESTION_TEXT_MAX, '小题题干不超过 10000 个字符'),
  desc: z.string().max(QUESTION_TEXT_MAX, '小题说明不超过 10000 个字符').default(''),
  options: z.array(QuestionOption).max(26, '最多 26 个选项').default([]),
  answer: z.array(z.string().max(QUESTION_TEXT_MAX, '答案不超过 10000 个字符')).max(50, '答案最多 50 项').default([]),
  explanation: z.string().max(200_000, '解析过长').default(''),
});
export type ReadingSubEdit = z.infer<typeof ReadingSubEdit>;

export const ReadingSubAction = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('accept') }),
    z.object({ action: z.literal('delete') }),
    z.object({ action: z.literal('edit'), sub: ReadingSubEdit }),
  ],
  { message: '操作应为 accept、edit 或 delete' },
);
export type ReadingSubAction = z.infer<typeof ReadingSubAction>;

const Price = z.coerce.number().min(0, '价格不能为负').max(1000, '价格不超过 1000');

/** What an admin writes: the provider and its connection. `apiKey` is write-only; '' clears it, absent keeps it. */
export const ReadingSettingsWrite = z.object({
  provider: ReadingProviderKind,
  baseUrl: z
    .string()
    .trim()
    .max(500, '地址不超过 500 个字符')
    .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), '接口地址应以 http:// 或 https:// 开头')
    .default(''),
  model: z.string().trim().max(200, '模型名不超过 200 个字符').default(''),
  timeoutSeconds: z.coerce
    .number()
    .int('超时应为整数秒')
    .min(5, '超时至少 5 秒')
    .max(120, '超时不超过 120 秒')
    .default(60),
  /** Price of 1,000 prompt tokens (in the agency's currency, e.g. 元). */
  inputPricePer1k: Price.default(0),
  /** Price of 1,000 completion tokens. */
  outputPricePer1k: Price.default(0),
  apiKey: z.string().max(500, '密钥不超过 500 个字符').optional(),
});
export type ReadingSettingsWrite = z.infer<typeof ReadingSettingsWrite>;

/** What is read back: never the key, only whether one is stored. */
export const ReadingSettings = z.object({
  provider: ReadingProviderKind,
  baseUrl: z.string(),
  model: z.string(),
  timeoutSeconds: z.number().int(),
  inputPricePer1k: z.number(),
  outputPricePer1k: z.number(),
  hasKey: z.boolean(),
  /** Epoch ms of the last change; 0 when never written (the built-in default: offline). */
  lastUpdate: EpochMs,
});
export type ReadingSettings = z.infer<typeof ReadingSettings>;

/**
 * The answer of a connection test (docs/reading.md "Providers and their failures"): one tiny request with the
 * settings given, under the same address rules; `message` says it worked or why not (Chinese).
 */
export const ReadingConnectionTest = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** Milliseconds the request took (0 when none was made). */
  latencyMs: z.number().int().min(0),
});
export type ReadingConnectionTest = z.infer<typeof ReadingConnectionTest>;

/** An agency's settings: its own override, or (inherited) the platform default. */
export const ReadingAgencySettings = ReadingSettings.extend({ inherited: z.boolean() });
export type ReadingAgencySettings = z.infer<typeof ReadingAgencySettings>;

export const READING_CALL_PURPOSES = ['generate', 'feedback'] as const;
export const READING_CALL_OUTCOMES = ['ok', 'error', 'refused', 'timeout', 'invalid'] as const;

export const ReadingCall = z.object({
  id: Id,
  agencyId: z.string(),
  at: EpochMs,
  provider: ReadingProviderKind,
  model: z.string(),
  purpose: z.enum(READING_CALL_PURPOSES),
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  cost: z.number(),
  outcome: z.enum(READING_CALL_OUTCOMES),
  message: z.string(),
});
export type ReadingCall = z.infer<typeof ReadingCall>;

/** Newest first, at most 100 a page. */
export const ReadingCallQuery = PageQuery.extend({ size: z.coerce.number().int().min(1).max(100).default(20) });
export type ReadingCallQuery = z.infer<typeof ReadingCallQuery>;

export const ReadingCallPage = pageOf(ReadingCall);
export type ReadingCallPage = z.infer<typeof ReadingCallPage>;
