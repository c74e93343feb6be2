// The store (docs/store.md): shared repositories of both kinds as other agencies and the platform admin see
// them, a read-only preview of their content, and a platform admin's withdrawal with its reason.
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { QuestionOption, QuestionType } from './question-kinds.js';
import { RepoWithdrawal } from './repository.js';

export const STORE_KINDS = ['question', 'train'] as const;
export const StoreKind = z.enum(STORE_KINDS);
export type StoreKind = z.infer<typeof StoreKind>;

/** Largest page of the store listing and of a preview (docs/store.md "Limits"). */
export const STORE_PAGE_MAX = 200;
export const STORE_PREVIEW_PAGE_MAX = 50;
export const STORE_KEYWORD_MAX = 64;
export const WITHDRAW_REASON_MAX = 200;

const page = (max: number, size: number) => ({
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(max, `每页最多 ${max} 条`).default(size),
});

export const StoreListQuery = z.object({
  kind: StoreKind.default('question'),
  keyword: z.string().trim().max(STORE_KEYWORD_MAX, `关键词不超过 ${STORE_KEYWORD_MAX} 个字符`).optional(),
  subjectId: z.string().trim().max(64).optional(),
  gradeId: z.string().trim().max(64).optional(),
  ...page(STORE_PAGE_MAX, 20),
});
export type StoreListQuery = z.infer<typeof StoreListQuery>;

/** The platform admin's listing also shows what was withdrawn (to restore it). */
export const StoreAdminListQuery = StoreListQuery.extend({
  withdrawn: z.enum(['all', 'yes', 'no']).default('all'),
});
export type StoreAdminListQuery = z.infer<typeof StoreAdminListQuery>;

/** One repository in the store. */
export const StoreRepo = z.object({
  id: Id,
  kind: StoreKind,
  agencyId: z.string(),
  agencyName: z.string(),
  name: z.string(),
  description: z.string(),
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable(),
  gradeId: z.string().nullable(),
  gradeName: z.string().nullable(),
  /** Active questions of a question repository, schemes of a train repository. */
  itemCount: z.number().int(),
  /** The agency in context already uses it by reference (always false for the platform admin). */
  subscribed: z.boolean(),
  withdrawal: RepoWithdrawal.nullable(),
  lastUpdate: EpochMs,
});
export type StoreRepo = z.infer<typeof StoreRepo>;

export const StoreRepoParams = z.object({ kind: StoreKind, id: Id });
export const StorePreviewQuery = z.object(page(STORE_PREVIEW_PAGE_MAX, 10));

/** A question in a preview; answer and explanation only for an agency that subscribes (docs/store.md "Preview"). */
export const StoreQuestionItem = z.object({
  id: Id,
  type: QuestionType,
  title: z.string(),
  /** Sanitised HTML (docs/question-bank.md "Rich content: sanitising and the sentence formatter"). */
  question: z.string(),
  options: z.array(QuestionOption),
  subCount: z.number().int(),
  knowledgeName: z.string().nullable(),
  answer: z.array(z.string()).nullable(),
  explanation: z.string().nullable(),
});
export type StoreQuestionItem = z.infer<typeof StoreQuestionItem>;

/** A scheme in a preview: what it is, not its phases. */
export const StoreSchemeItem = z.object({
  id: Id,
  title: z.string(),
  type: z.string(),
  phaseCount: z.number().int(),
  lastUpdate: EpochMs,
});
export type StoreSchemeItem = z.infer<typeof StoreSchemeItem>;

export const StoreWithdraw = z.object({
  reason: z
    .string()
    .trim()
    .min(1, '请填写下架原因')
    .max(WITHDRAW_REASON_MAX, `下架原因不超过 ${WITHDRAW_REASON_MAX} 个字符`),
});
