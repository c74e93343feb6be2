// Question bank resources around questions: repositories (private or shared by reference), tags, list/match requests.
import { z } from 'zod';
import { Id } from './common.js';
import { KpCode } from './knowledge.js';
import { QuestionType, TAG_NAME_MAX } from './question.js';
import { repoFields, repoSchema } from './repository.js';

export const QuestionRepo = repoSchema({ questionCount: z.number().int() });
export type QuestionRepo = z.infer<typeof QuestionRepo>;

export const QuestionRepoFields = repoFields('题库');

export const SYSTEM_TAG_KEYS = ['example', 'mock', 'variant'] as const;
export const SystemTagKey = z.enum(SYSTEM_TAG_KEYS);
export type SystemTagKey = z.infer<typeof SystemTagKey>;

export const Tag = z.object({
  id: Id,
  name: z.string(),
  /** System tags have fixed keys (docs/domain.md "Questions and repositories"); their counts feed the knowledge-point counters. */
  key: SystemTagKey.nullable(),
  questionCount: z.number().int(),
});
export type Tag = z.infer<typeof Tag>;

export const TagName = z.object({
  name: z.string().trim().min(1, '请输入标签名称').max(TAG_NAME_MAX, `标签名称不超过 ${TAG_NAME_MAX} 个字符`),
});
export const TagMerge = z.object({ into: Id });

export const QUESTION_ORDERS = ['lastUpdate', '-lastUpdate', 'createTime', '-createTime'] as const;

export const QuestionListQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
  agencyId: z.string().optional(),
  repoId: Id.optional(),
  type: QuestionType.optional(),
  tag: z.string().max(TAG_NAME_MAX).optional(),
  keyword: z.string().trim().max(100).optional(),
});

export const QuestionListRequest = z.object({
  /** Each code matches its whole subtree. */
  knowledgeIds: z.array(KpCode).max(200).default([]),
  orderBy: z.enum(QUESTION_ORDERS).default('-lastUpdate'),
});

export const Selectors = z.object({
  types: z.array(QuestionType).optional(),
  tags: z.array(z.string().max(TAG_NAME_MAX)).optional(),
  questionIds: z.array(Id).max(500).optional(),
});
export type Selectors = z.infer<typeof Selectors>;

export const MatchSelectorsRequest = z.object({
  selectors: Selectors,
  knowledgeIds: z.array(KpCode).max(200).default([]),
  /** Only auto-judged questions: what a general scheme's point can draw (the scheme editor's preview). */
  autoJudged: z.boolean().optional(),
});

export const QuestionEditable = z.object({
  editable: z.boolean(),
  /** True when the question has answer records: saving creates a new version. */
  willVersion: z.boolean(),
  records: z.number().int(),
  version: z.number().int(),
  /** Why it is not editable (e.g. a shared repository of another agency). */
  reason: z.string().nullable(),
});
export type QuestionEditable = z.infer<typeof QuestionEditable>;

export const QuestionBulkMove = z.object({
  ids: z.array(Id).min(1, '请选择题目').max(500, '一次最多 500 道题'),
  knowledgeId: KpCode.optional(),
  repoId: Id.optional(),
});
