// Scheme statistics (docs/product.md §7 `/v1/train/scheme/{id}/stats/user` and `/stats/answer`, docs/domain.md "Wrong
// answers, mastery, statistics") and a student's results for staff. Formulas and thresholds:
// docs/scheme-stats.md. Rates are fractions 0..1; discrimination and efficiency are Moodle's percentages.
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { TrainingSummary } from './training.js';

const optionalMs = z.coerce.number().int().min(0).max(8_640_000_000_000).optional();

/** `from` (inclusive) and `to` (exclusive): epoch ms of the training's start; either may be left out. */
export const StatsRange = z
  .object({ from: optionalMs, to: optionalMs })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: '开始时间不能晚于结束时间',
    path: ['to'],
  });
export type StatsRange = z.infer<typeof StatsRange>;

export const SchemeUserStatsQuery = z
  .object({
    from: optionalMs,
    to: optionalMs,
    /** The per-user rows are a page. */
    start: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(200).default(20),
    /** Minutes east of UTC for the day series (the browser's own offset); default 0. */
    utcOffset: z.coerce
      .number()
      .int()
      .min(-14 * 60)
      .max(14 * 60)
      .default(0),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: '开始时间不能晚于结束时间',
    path: ['to'],
  });
export type SchemeUserStatsQuery = z.infer<typeof SchemeUserStatsQuery>;

/** Review thresholds of the question rows (docs/scheme-stats.md). */
export const STATS_THRESHOLDS = {
  /** Fewer first attempts than this: no flag (too few to judge). */
  minAttempts: 5,
  /** Facility below: hardly anyone gets it right. */
  facilityLow: 0.2,
  /** Facility above: nearly everyone does. */
  facilityHigh: 0.95,
  /** Discrimination (papers) below: does not separate strong from weak students. */
  discriminationLow: 20,
} as const;

/** Score distribution: ten buckets of the score rate (0–10 %, …, 90–100 %; 100 % falls in the last). */
export const SCORE_BUCKETS = 10;

export const SchemeStatsSummary = z.object({
  /** Trainings started in the range, and how they stand now. */
  started: z.number().int(),
  running: z.number().int(),
  finished: z.number().int(),
  expired: z.number().int(),
  /** Distinct students who started one. */
  users: z.number().int(),
  /** Over ended (finished or expired) trainings; null when none ended. */
  meanSeconds: z.number().nullable(),
  meanScoreRate: z.number().nullable(),
  medianScoreRate: z.number().nullable(),
});
export type SchemeStatsSummary = z.infer<typeof SchemeStatsSummary>;

export const SchemeUserRow = z.object({
  userId: Id,
  name: z.string(),
  username: z.string(),
  trainings: z.number().int(),
  ended: z.number().int(),
  /** Over the user's ended trainings; null when none ended. */
  bestScoreRate: z.number().nullable(),
  meanScoreRate: z.number().nullable(),
  lastScoreRate: z.number().nullable(),
  totalSeconds: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  /** The answers' shares of their marks summed, partial credit by its share: 正确率 = credit / answered. */
  credit: z.number().optional(),
  lastTrainId: Id,
  lastStartTime: EpochMs,
});
export type SchemeUserRow = z.infer<typeof SchemeUserRow>;

export const SchemeUserStats = z.object({
  schemeId: Id,
  title: z.string(),
  type: z.enum(['general', 'paper']),
  from: EpochMs.nullable(),
  to: EpochMs.nullable(),
  summary: SchemeStatsSummary,
  /** Ended trainings per score-rate bucket (SCORE_BUCKETS of them, lowest first). */
  scoreBuckets: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  /** Per local day (utcOffset) with any training: how many started and how many ended that day. */
  timeline: z.array(z.object({ day: EpochMs, started: z.number().int(), ended: z.number().int() })),
  /** Students, best score rate first (then name): one row each. */
  users: z.object({ total: z.number().int(), list: z.array(SchemeUserRow) }),
});
export type SchemeUserStats = z.infer<typeof SchemeUserStats>;

export const QUESTION_FLAGS = ['negative_discrimination', 'low_discrimination', 'too_hard', 'too_easy'] as const;
export const QuestionFlag = z.enum(QUESTION_FLAGS);
export type QuestionFlag = z.infer<typeof QuestionFlag>;

/**
 * A question's item parameters calibrated from the agency's own answers by the nightly job (docs/practice-engine.md
 * "Draw modes"): discrimination `a`, difficulty `b`, guessing floor `c`, the judged first answers read, the right ones
 * and their share (正确率). Over all of the agency's answers to the question, not only this scheme's.
 */
export const QuestionCalibration = z.object({
  a: z.number(),
  b: z.number(),
  c: z.number(),
  answers: z.number().int(),
  rights: z.number().int(),
  facility: z.number().nullable(),
  calibratedAt: EpochMs,
});
export type QuestionCalibration = z.infer<typeof QuestionCalibration>;

export const SchemeQuestionStats = z.object({
  questionId: Id,
  title: z.string(),
  type: z.string(),
  /** 1-based place on the scheme's fixed lists (a paper's order); null when drawn by selectors. */
  position: z.number().int().nullable(),
  /** First attempts (answered). */
  attempts: z.number().int(),
  /** Trainings counted: on a paper every ended training that had the question (unanswered = 0 marks). */
  seen: z.number().int(),
  /** Mean first-attempt mark / max mark (1), 0..1. */
  facility: z.number().nullable(),
  /** Standard deviation of the first-attempt mark (0..0.5 for right/wrong questions). */
  sd: z.number().nullable(),
  /** Papers only: 100·Cov(x, X−x)/√(V(x)·V(X−x)); null on general schemes or when a variance is 0. */
  discrimination: z.number().nullable(),
  /** Papers only: 100·Cov(x, X−x)/Cov_max(x, X−x); null on general schemes or when Cov_max is 0. */
  efficiency: z.number().nullable(),
  /** The first reason for review by the thresholds (QUESTION_FLAGS order), or null. */
  flagged: QuestionFlag.nullable(),
  /** The agency's calibration of the question; null (or absent) = not calibrated yet (尚未校准). */
  calibration: QuestionCalibration.nullable().optional(),
});
export type SchemeQuestionStats = z.infer<typeof SchemeQuestionStats>;

export const SchemeAnswerStats = z.object({
  schemeId: Id,
  title: z.string(),
  type: z.enum(['general', 'paper']),
  from: EpochMs.nullable(),
  to: EpochMs.nullable(),
  /** Ended trainings in the range (the population of every figure below). */
  trainings: z.number().int(),
  thresholds: z.object({
    minAttempts: z.number().int(),
    facilityLow: z.number(),
    facilityHigh: z.number(),
    discriminationLow: z.number(),
  }),
  questions: z.array(SchemeQuestionStats),
});
export type SchemeAnswerStats = z.infer<typeof SchemeAnswerStats>;

/** `GET /v1/train/student/{id}/stats`: one student's trainings in the agency, newest first, for staff. */
export const StudentTrainingStats = z.object({
  student: z.object({ userId: Id, name: z.string(), username: z.string() }),
  summary: z.object({
    trainings: z.number().int(),
    ended: z.number().int(),
    schemes: z.number().int(),
    answered: z.number().int(),
    correct: z.number().int(),
    /** As SchemeUserRow's: 正确率 = credit / answered. */
    credit: z.number().optional(),
    meanScoreRate: z.number().nullable(),
    totalSeconds: z.number().int(),
  }),
  trainings: z.object({
    total: z.number().int(),
    list: z.array(
      TrainingSummary.extend({
        durationSeconds: z.number().int(),
        /**
         * A lesson's training (docs/lessons.md "The engine in the lesson"): the lesson, whose replay stands for the
         * scheme's dashboard (its `schemeId` is minus the lesson's id, no scheme). Absent for any other training.
         */
        lessonId: Id.optional(),
      }),
    ),
  }),
});
export type StudentTrainingStats = z.infer<typeof StudentTrainingStats>;
