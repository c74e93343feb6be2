// Manual marking (docs/marking.md): the queue of answers waiting for a teacher, one training's answers to mark,
// a claim, a mark (score, comment, annotations) and the marker's history.
import { z } from 'zod';
import { PageQuery, pageOf } from '../envelope.js';
import { EpochMs, Id } from './common.js';
import { QuestionOption, SubQuestionType } from './question-kinds.js';
import { MAX_MARK } from '../engine/scheme-limits.js';

/** How long a claim holds an answer for its marker (30 minutes). */
export const MARKING_CLAIM_MS = 30 * 60 * 1000;
/** Annotations on one answer, and the longest comment. */
export const MARKING_LIMITS = { annotations: 50, note: 500, comment: 2000 } as const;

/** `taskId` of the queue and of `/WTPteacher/change/{taskId}/{homeworkId}`: a task's id, or 0 outside tasks. */
export const NO_TASK = '0';

/** A class the queue can be filtered by (the classes whose tasks' answers the caller may mark). */
export const MarkingClass = z.object({ id: Id, name: z.string(), archived: z.boolean() });
export type MarkingClass = z.infer<typeof MarkingClass>;

export const MarkingQueueQuery = PageQuery.extend({
  /** `pending` (waiting for a mark, default) or `marked` (marked by anyone, for re-marking). */
  status: z.enum(['pending', 'marked']).default('pending'),
  /** A task's id, or 0 for answers outside tasks; left out: all. */
  taskId: z
    .string()
    .regex(/^\d{1,18}$/, '任务编号无效')
    .optional(),
  /** A class's id; left out: all. */
  classId: z
    .string()
    .regex(/^\d{1,18}$/, '班级编号无效')
    .optional(),
  /** Only answers at least this many hours old (0–8760). */
  minAgeHours: z.coerce.number().int('等待时长必须是整数（小时）').min(0).max(8760).optional(),
});
export type MarkingQueueQuery = z.infer<typeof MarkingQueueQuery>;

export const MarkingClaim = z.object({
  /** The marker holding the answer. */
  markerId: Id,
  marker: z.string(),
  /** True when the caller holds it. */
  mine: z.boolean(),
  expiresAt: EpochMs,
});
export type MarkingClaim = z.infer<typeof MarkingClaim>;

export const MarkingQueueItem = z.object({
  recordId: Id,
  trainId: Id,
  taskId: Id,
  schemeTitle: z.string(),
  studentId: Id,
  student: z.string(),
  questionId: Id,
  type: z.string(),
  title: z.string(),
  createTime: EpochMs,
  /** The current mark's score (null while pending), out of `maxScore`. */
  score: z.number().nullable(),
  /** What the question is worth in its training; left out = 1. */
  maxScore: z.number().optional(),
  markedAt: EpochMs.nullable(),
  claim: MarkingClaim.nullable(),
});
export type MarkingQueueItem = z.infer<typeof MarkingQueueItem>;
export const MarkingQueuePage = pageOf(MarkingQueueItem);

/** A marked range of the answer's text (`[start, end)` in UTF-16 units of the answer joined by spaces). */
export const MarkingAnnotation = z
  .object({
    start: z.number().int().min(0),
    end: z.number().int().min(1),
    note: z.string().trim().max(MARKING_LIMITS.note, `批注不超过 ${MARKING_LIMITS.note} 个字符`).default(''),
  })
  .refine((a) => a.end > a.start, { message: '批注的结束位置必须在开始位置之后', path: ['end'] });
export type MarkingAnnotation = z.infer<typeof MarkingAnnotation>;

export const MarkingMark = z.object({
  score: z.number(),
  isCorrect: z.boolean(),
  comment: z.string(),
  annotations: z.array(MarkingAnnotation),
  markerId: Id.nullable(),
  marker: z.string(),
  markedAt: EpochMs,
});
export type MarkingMark = z.infer<typeof MarkingMark>;

/** One answer to mark, with what the marker needs: the question, the reference answer and the submission. */
export const MarkingItem = z.object({
  recordId: Id,
  questionId: Id,
  type: z.string(),
  title: z.string(),
  /** Sanitised HTML as the student saw it. */
  stem: z.string(),
  options: z.array(QuestionOption),
  standardAnswer: z.array(z.string()),
  explanation: z.string(),
  /** The submission; `text` = its answer joined by spaces (what annotations point into). */
  answer: z.array(z.string()),
  text: z.string(),
  /** Reading questions: each sub-question the teacher marks (right or wrong), with the student's answer. */
  subQuestions: z.array(
    z.object({
      questionSubId: Id,
      title: z.string(),
      type: SubQuestionType,
      answer: z.array(z.string()),
      standardAnswer: z.array(z.string()),
      /** null while waiting; true/false once marked (auto-judged sub-questions are not listed). */
      isCorrect: z.boolean().nullable(),
    }),
  ),
  /** What the question is worth in its training (docs/practice-engine.md "Marks"); the mark is a part of it. */
  maxScore: z.number(),
  pending: z.boolean(),
  /** Marks scored, out of `maxScore`; null while pending. */
  score: z.number().nullable(),
  mark: MarkingMark.nullable(),
  /** Every marking of this answer, newest first (who, when, old → new score). */
  history: z.array(
    z.object({ marker: z.string(), markedAt: EpochMs, oldScore: z.number().nullable(), newScore: z.number() }),
  ),
  claim: MarkingClaim.nullable(),
  createTime: EpochMs,
});
export type MarkingItem = z.infer<typeof MarkingItem>;

/** `GET /v1/marking/training/{taskId}/{trainId}`: a training's answers to mark. */
export const MarkingTraining = z.object({
  trainId: Id,
  taskId: Id,
  schemeTitle: z.string(),
  student: z.string(),
  status: z.string(),
  score: z.number(),
  maxScore: z.number(),
  items: z.array(MarkingItem),
});
export type MarkingTraining = z.infer<typeof MarkingTraining>;

export const MarkingTrainingParams = z.object({ taskId: Id, trainId: Id });

export const MarkRequest = z.object({
  /**
   * Marks out of the question's mark (docs/marking.md "A mark"): 0 to its mark (the server checks it; never above
   * MAX_MARK), two decimals at most. Reading questions: left out (the sub-question marks decide).
   */
  score: z
    .number({ error: '请填写得分' })
    .min(0, '得分不能小于 0')
    .max(MAX_MARK, `得分不能超过 ${MAX_MARK} 分`)
    .refine((s) => Math.abs(s * 100 - Math.round(s * 100)) < 1e-9, { message: '得分最多保留两位小数' })
    .optional(),
  comment: z.string().trim().max(MARKING_LIMITS.comment, `评语不超过 ${MARKING_LIMITS.comment} 个字符`).default(''),
  annotations: z
    .array(MarkingAnnotation)
    .max(MARKING_LIMITS.annotations, `批注最多 ${MARKING_LIMITS.annotations} 条`)
    .default([]),
  /** Reading questions: right (true) or wrong (false) for each sub-question waiting for a teacher. */
  subMarks: z.record(Id, z.boolean()).optional(),
});
export type MarkRequest = z.input<typeof MarkRequest>;

export const MarkingHistoryItem = z.object({
  id: Id,
  recordId: Id,
  trainId: Id,
  taskId: Id,
  agencyId: z.string(),
  student: z.string(),
  title: z.string(),
  schemeTitle: z.string(),
  oldScore: z.number().nullable(),
  newScore: z.number(),
  comment: z.string(),
  markedAt: EpochMs,
});
export type MarkingHistoryItem = z.infer<typeof MarkingHistoryItem>;
export const MarkingHistoryPage = pageOf(MarkingHistoryItem);
export const MarkingHistoryQuery = PageQuery;
