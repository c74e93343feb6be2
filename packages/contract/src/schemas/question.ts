// Questions (docs/product.md §3, docs/domain.md "Questions and repositories"): read shapes, write fields with per-type rules,
// the student view without answers, the answer-test request and the judged result. Rules: docs/judging.md.
import { z } from 'zod';
import { AgencyId, EpochMs, Id } from './common.js';
import { KpCode, KpLevel } from './knowledge.js';
import { htmlHasContent, questionRuleIssues } from './question-rules.js';
import {
  JudgeType,
  QuestionOption,
  QuestionType,
  SubQuestionType,
  QUESTION_TEXT_MAX as TEXT_MAX,
} from './question-kinds.js';

export * from './question-kinds.js';

export const SUB_QUESTION_STATUSES = ['pending', 'accepted'] as const;
export const SubQuestionStatus = z.enum(SUB_QUESTION_STATUSES);
export type SubQuestionStatus = z.infer<typeof SubQuestionStatus>;

const HTML_MAX = 200_000;

/**
 * Longest tag name, in characters: Moodle's (its TAG_MAX_LENGTH), so that every tag of a Moodle bank fits
 * (docs/question-bank.md "Tags").
 */
export const TAG_NAME_MAX = 50;
const Html = z.string().max(HTML_MAX, '内容过长（不超过 200000 个字符）');

export const QuestionVideo = z.object({ url: z.string(), title: z.string().optional() });
export type QuestionVideo = z.infer<typeof QuestionVideo>;

/** Server-computed extras (docs/product.md §3). Unknown keys are dropped, never passed on, so nothing can leak through. */
export const QuestionExtra = z.object({
  outScopeWords: z.array(z.string()).optional(),
  articleGenre: z.string().optional(),
  questionSubId: z.string().optional(),
  processId: z.string().optional(),
});
export type QuestionExtra = z.infer<typeof QuestionExtra>;

export const QuestionKnowledgePoint = z.object({ code: z.string(), name: z.string(), lv: KpLevel });

export const QuestionSub = z.object({
  questionSubId: Id,
  type: SubQuestionType,
  title: z.string(),
  desc: z.string(),
  answer: z.array(z.string()),
  options: z.array(QuestionOption),
  status: SubQuestionStatus,
  explanation: z.string().optional(),
});
export type QuestionSub = z.infer<typeof QuestionSub>;

/** A question as the API answers it to staff. */
export const Question = z.object({
  id: Id,
  recordId: Id.nullable(),
  version: z.number().int().min(1),
  type: QuestionType,
  judgeType: JudgeType,
  title: z.string(),
  /** HTML; each sentence wrapped in `span.word` (docs/product.md §3). */
  question: z.string(),
  explanation: z.string(),
  answer: z.array(z.string()),
  options: z.array(QuestionOption),
  tags: z.array(z.string()),
  videos: z.array(QuestionVideo),
  extra: QuestionExtra,
  knowledgePoint: QuestionKnowledgePoint.nullable(),
  knowledgeId: z.string(),
  questionSub: z.array(QuestionSub),
  subKnowledgePoints: z.array(z.string()),
  agencyId: z.string(),
  repoId: Id,
  createTime: EpochMs,
  lastUpdate: EpochMs,
});
export type Question = z.infer<typeof Question>;

/** What a student may read before answering: no `answer`, no `explanation`, also on sub-questions (docs/domain.md "Questions and repositories"). */
export const StudentQuestionSub = QuestionSub.omit({ answer: true, explanation: true });
export type StudentQuestionSub = z.infer<typeof StudentQuestionSub>;
export const StudentQuestion = Question.omit({ answer: true, explanation: true, questionSub: true }).extend({
  questionSub: z.array(StudentQuestionSub),
});
export type StudentQuestion = z.infer<typeof StudentQuestion>;

/**
 * Strips the answer and explanation from a question and its sub-questions, and leaves out the sub-questions still
 * waiting for a teacher's review (status 'pending': students are not asked them). Pure; never mutates `q`.
 */
export function toStudentView(q: Question): StudentQuestion {
  const { answer: _answer, explanation: _explanation, questionSub, ...rest } = q;
  return {
    ...rest,
    questionSub: questionSub
      .filter((s) => s.status !== 'pending')
      .map(({ answer: _a, explanation: _e, ...sub }) => sub),
  };
}

// ---- Write fields (create / update) ----

const HttpUrl = z
  .string()
  .trim()
  .max(2048, '视频地址过长')
  .regex(/^https?:\/\/[^\s]+$/i, '视频地址应以 http:// 或 https:// 开头');

const SubQuestionFields = z.object({
  /** Absent on a new sub-question: the server assigns one. */
  questionSubId: Id.optional(),
  type: SubQuestionType,
  title: z.string().trim().min(1, '请输入小题题干').max(TEXT_MAX, '小题题干不超过 10000 个字符'),
  desc: z.string().max(TEXT_MAX, '小题说明不超过 10000 个字符').default(''),
  answer: z.array(z.string().max(TEXT_MAX, '答案不超过 10000 个字符')).max(50, '答案最多 50 项').default([]),
  options: z.array(QuestionOption).max(26, '最多 26 个选项').default([]),
  status: SubQuestionStatus.default('accepted'),
  explanation: Html.optional(),
});
export type SubQuestionFields = z.infer<typeof SubQuestionFields>;

/** The fields the web sends on create and update (docs/product.md §3), before the per-type rules. */
export const QuestionFieldsShape = z.object({
  title: z.string().trim().max(200, '标题不超过 200 个字符').default(''),
  type: QuestionType,
  judgeType: JudgeType,
  question: Html,
  knowledgeId: KpCode,
  explanation: Html.default(''),
  options: z.array(QuestionOption).max(26, '最多 26 个选项').default([]),
  answer: z.array(z.string().max(TEXT_MAX, '答案不超过 10000 个字符')).max(50, '答案最多 50 项').default([]),
  tags: z
    .array(z.string().trim().min(1, '标签不能为空').max(TAG_NAME_MAX, `标签不超过 ${TAG_NAME_MAX} 个字符`))
    .max(20, '最多 20 个标签')
    .default([]),
  videos: z
    .array(z.object({ url: HttpUrl, title: z.string().trim().max(100, '视频标题不超过 100 个字符').optional() }))
    .max(10, '最多 10 个视频')
    .default([]),
  subKnowledgePoints: z.array(KpCode).max(20, '最多 20 个关联知识点').default([]),
  questionSub: z.array(SubQuestionFields).max(50, '最多 50 个小题').default([]),
});

type FieldsOutput = z.infer<typeof QuestionFieldsShape>;

function refineQuestion(q: FieldsOutput, ctx: z.RefinementCtx): void {
  if (!htmlHasContent(q.question) && q.title.trim() === '')
    ctx.addIssue({ code: 'custom', path: ['question'], message: '请输入题干' });
  for (const issue of questionRuleIssues(q)) ctx.addIssue({ code: 'custom', ...issue });
}

/** Update body (`POST /v1/exam/question/{id}`): the fields with the per-type rules of docs/judging.md. */
export const QuestionFields = QuestionFieldsShape.superRefine(refineQuestion);
export type QuestionFields = z.infer<typeof QuestionFields>;

/** Create body (`PUT /v1/exam/question`): the fields plus the agency and repository. */
export const QuestionCreate = QuestionFieldsShape.extend({ agencyId: AgencyId, repoId: Id }).superRefine(
  refineQuestion,
);
export type QuestionCreate = z.infer<typeof QuestionCreate>;

// ---- Answer test and judged result ----

export const SubmittedAnswer = z.array(z.string().max(TEXT_MAX, '答案不超过 10000 个字符')).max(100, '答案最多 100 项');

/**
 * `POST /v1/exam/question/{id}/test` body (inside `request`). `answer` for every type but enReading;
 * enReading answers per sub-question in `subAnswers` keyed by `questionSubId` (docs/judging.md).
 */
export const QuestionTestRequest = z.object({
  answer: SubmittedAnswer.default([]),
  subAnswers: z.record(Id, SubmittedAnswer).optional(),
});
export type QuestionTestRequest = z.infer<typeof QuestionTestRequest>;

const Score = z.number().min(0).max(1);

export const SubJudgeResult = z.object({
  questionSubId: z.string(),
  type: SubQuestionType,
  isCorrect: z.boolean().nullable(),
  /** 1 when right, else 0: inside enReading each sub-question counts whole. */
  score: Score,
  pending: z.boolean(),
  submitAnswer: z.array(z.string()),
  standardAnswer: z.array(z.string()),
  explanation: z.string(),
  feedback: z.string(),
  similarity: z.number().optional(),
});
export type SubJudgeResult = z.infer<typeof SubJudgeResult>;

export const JudgeResult = z.object({
  /** null while a teacher has still to judge (manual). */
  isCorrect: z.boolean().nullable(),
  score: Score,
  pending: z.boolean(),
  submitAnswer: z.array(z.string()),
  standardAnswer: z.array(z.string()),
  explanation: z.string(),
  feedback: z.string(),
  /** translation: judgeSimilarity of the answer to the reference, 0..100 with two decimals. */
  similarity: z.number().optional(),
  subResults: z.array(SubJudgeResult).optional(),
});
export type JudgeResult = z.infer<typeof JudgeResult>;
