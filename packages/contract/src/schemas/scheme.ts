// Practice schemes (docs/product.md §3, docs/domain.md "Schemes and trainings") and the train repositories holding them.
// The structure rules (targets, initial phase/point, paper shape) are the engine's `validateScheme`; these
// schemas check shapes and sizes only.
import { z } from 'zod';
import {
  DRAW_MODE_MESSAGE,
  DRAW_MODES,
  MARK_MESSAGE,
  MARK_STEP,
  MAX_MARK,
  MAX_PAPER_QUESTIONS,
  MAX_SCHEME_TIME_LIMIT,
  MIN_MARK,
  PAPER_SIZE_MESSAGE,
  REPEAT_BOUND_MESSAGE,
  REPEAT_MESSAGE,
  requireCorrectMessage,
} from '../engine/scheme-limits.js';
import { EpochMs, Id } from './common.js';
import { KpCode } from './knowledge.js';
import { Selectors } from './question-bank.js';
import { repoFields, repoSchema } from './repository.js';

export const SCHEME_TYPES = ['general', 'paper'] as const;
export const SchemeType = z.enum(SCHEME_TYPES, '方案类型只能是 general 或 paper');
export type SchemeType = z.infer<typeof SchemeType>;

export const SCHEME_STATUSES = ['on', 'off'] as const;
export const SchemeStatus = z.enum(SCHEME_STATUSES);
export type SchemeStatus = z.infer<typeof SchemeStatus>;

export const POINT_JUDGE_WAYS = ['once', 'retry'] as const;
export const PointJudgeWay = z.enum(POINT_JUDGE_WAYS, '判题方式只能是 once 或 retry');

export const SchemeTimeLimit = z
  .number('时间限制必须是秒数')
  .int('时间限制必须是整数秒')
  .min(0, '时间限制不能为负数（0 表示不限时）')
  .max(MAX_SCHEME_TIME_LIMIT, '时间限制不超过 7 天');

/**
 * When a paper's finishers see its corrections: keys, explanations and per-question verdicts (docs/practice-engine.md
 * "Review options"). `after-hand-in` once their own paper is handed in; `after-close` once the paper closes (switched
 * off; for a task's paper, the task's deadline); `teacher-release` once staff release them. Null = the default:
 * `after-close` for a task's paper, `after-hand-in` for a paper trained freely.
 */
export const REVIEW_AFTER = ['after-hand-in', 'after-close', 'teacher-release'] as const;
export const ReviewAfter = z.enum(REVIEW_AFTER, '批改结果公布时间只能是交卷后、试卷关闭后或老师发布后');
export type ReviewAfter = z.infer<typeof ReviewAfter>;

/** When a paper's finishers see their score: at hand-in (the default) or with the corrections. */
export const SHOW_SCORE = ['after-hand-in', 'with-corrections'] as const;
export const ShowScore = z.enum(SHOW_SCORE, '得分公布时间只能是交卷后或与批改结果一起');
export type ShowScore = z.infer<typeof ShowScore>;

const name = (what: string) => z.string().trim().min(1, `请输入${what}名称`).max(64, `${what}名称不超过 64 个字符`);
/** A point name in the same phase, `@next` or `@end` (the engine checks that it names something). */
const Target = z.string().trim().min(1, '请选择下一步').max(64, '下一步不超过 64 个字符');

/** What a question is worth (docs/practice-engine.md "Marks"): 0.5 to 100 in halves; 1 when not given. */
export const QuestionMark = z
  .number(MARK_MESSAGE)
  .min(MIN_MARK, { error: MARK_MESSAGE, abort: true })
  .max(MAX_MARK, { error: MARK_MESSAGE, abort: true })
  .refine((n) => Number.isInteger(n / MARK_STEP), MARK_MESSAGE);

/** Marks by question id (a paper's, or a fixed list's); at most one per question of the largest paper. */
export const QuestionMarks = z
  .record(Id, QuestionMark)
  .refine((r) => Object.keys(r).length <= MAX_PAPER_QUESTIONS, PAPER_SIZE_MESSAGE);

export const Point = z.object({
  name: name('训练点'),
  onOK: Target,
  onError: Target,
  selectors: Selectors,
  /** Questions drawn per visit: 1..MAX_REPEAT in a general scheme (validateScheme), a paper's size in a paper. */
  repeat: z
    .number(REPEAT_MESSAGE)
    .int(REPEAT_MESSAGE)
    .min(1, REPEAT_MESSAGE)
    .max(MAX_PAPER_QUESTIONS, REPEAT_BOUND_MESSAGE),
  judgeWay: PointJudgeWay,
  /** Correct answers of a visit needed to go to `onOK`. */
  requireCorrect: z
    .number(requireCorrectMessage())
    .int(requireCorrectMessage())
    .min(0, requireCorrectMessage())
    .max(MAX_PAPER_QUESTIONS, requireCorrectMessage()),
  /** Marks each question drawn here is worth (a general scheme's weight); left out = 1. */
  mark: QuestionMark.optional(),
  /** Marks of single questions of `selectors.questionIds` (a paper's marks), before `mark`. */
  marks: QuestionMarks.optional(),
  /**
   * How a general point's draw orders its candidates (docs/practice-engine.md "Draw modes"): left out = `least-seen`;
   * `ability` = least seen first, then the most informative at the student's ability estimate.
   */
  draw: z.enum(DRAW_MODES, DRAW_MODE_MESSAGE).optional(),
});
export type Point = z.infer<typeof Point>;

export const Phase = z.object({
  phase: name('阶段'),
  /** Knowledge subtrees the phase draws from (each code with its subtree); empty = the scheme's kpRange. */
  knowledgeIds: z.array(KpCode).max(200, '一个阶段最多 200 个知识点').default([]),
  timeLimit: SchemeTimeLimit.default(0),
  points: z.array(Point).min(1, '每个阶段至少要有一个训练点').max(50, '一个阶段最多 50 个训练点'),
});
export type Phase = z.infer<typeof Phase>;

/** What staff write (create and update). `trainRepoId` on an update moves the scheme to that repository. */
export const SchemeFields = z.object({
  title: z.string().trim().min(1, '请输入方案名称').max(100, '方案名称不超过 100 个字符'),
  type: SchemeType,
  initPhase: z.string().trim().min(1, '请选择起始阶段').max(64),
  initPoint: z.string().trim().min(1, '请选择起始训练点').max(64),
  timeLimit: SchemeTimeLimit.default(0),
  /** Knowledge subtrees the whole scheme draws from (codes); empty = no restriction. */
  kpRange: z.array(KpCode).max(200, '知识点范围最多 200 个').default([]),
  phases: z.array(Phase).min(1, '至少要有一个阶段').max(20, '最多 20 个阶段'),
  trainRepoId: Id.optional(),
});
export type SchemeFields = z.infer<typeof SchemeFields>;

export const SchemeCreate = SchemeFields.extend({ trainRepoId: Id });
export type SchemeCreate = z.infer<typeof SchemeCreate>;

export const Scheme = z.object({
  schemeId: Id,
  title: z.string(),
  /** The display name of the user who created it ('' when that account is gone). */
  creator: z.string(),
  type: SchemeType,
  initPhase: z.string(),
  initPoint: z.string(),
  /** Seconds, 0 = no limit. */
  timeLimit: z.number().int(),
  createTime: EpochMs,
  lastUpdate: EpochMs,
  status: SchemeStatus,
  kpRange: z.array(z.string()),
  phases: z.array(Phase),
  trainRepoId: Id,
  /** Papers: when finishers see the corrections; null = the default rule (`ReviewAfter`). */
  reviewAfter: ReviewAfter.nullable(),
  /** Papers: when finishers see their score. */
  showScore: ShowScore,
  /** When staff released the paper's corrections (`POST /v1/train/scheme/{id}/release`); null = not released. */
  releasedAt: EpochMs.nullable(),
});
export type Scheme = z.infer<typeof Scheme>;

/** A query value given once, repeated, or comma-separated, as a list. */
const listParam = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s.trim() !== ''))
  .pipe(z.array(KpCode).max(50, '知识点范围最多 50 个'));

/** docs/product.md §7: `start` default 0, `size` default 1024. */
export const SchemeListQuery = z.object({
  trainRepoId: Id.optional(),
  type: SchemeType.optional(),
  /** Schemes whose kpRange overlaps any of these subtrees (a scheme without kpRange matches every one). */
  kpRange: listParam.optional(),
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1024).default(1024),
});
export type SchemeListQuery = z.infer<typeof SchemeListQuery>;

/**
 * Ordered scheme submission (docs/product.md §7): a paper — the questions in this order, one time limit. Without
 * `schemeId` it creates a paper scheme, with it it replaces that paper's questions and settings.
 */
export const OrderedSchemeSubmit = z.object({
  title: z.string().trim().min(1, '请输入试卷名称').max(100, '试卷名称不超过 100 个字符'),
  kpRange: z.array(KpCode).max(200, '知识点范围最多 200 个').default([]),
  timeLimit: SchemeTimeLimit.default(0),
  questionIds: z.array(Id).min(1, '请至少选择一道题').max(MAX_PAPER_QUESTIONS, PAPER_SIZE_MESSAGE),
  /** Marks by question id (docs/practice-engine.md "Marks"); a question left out is worth 1. */
  marks: QuestionMarks.optional(),
  schemeId: Id.optional(),
  trainRepoId: Id,
  /** When finishers see the corrections; null (the default) = the default rule (`ReviewAfter`). */
  reviewAfter: ReviewAfter.nullable().default(null),
  showScore: ShowScore.default('after-hand-in'),
});
export type OrderedSchemeSubmit = z.infer<typeof OrderedSchemeSubmit>;

export const TrainRepo = repoSchema({ schemeCount: z.number().int() });
export type TrainRepo = z.infer<typeof TrainRepo>;

export const TrainRepoFields = repoFields('方案库');
export type TrainRepoFields = z.infer<typeof TrainRepoFields>;
