// The student's home in one read (docs/student-home.md): today's tasks, the training to continue, the wrong
// answers due for review, the latest scores and mastery per level now and a week ago. Every list is bounded.
import { z } from 'zod';
import { AgencyId, EpochMs, Id } from './common.js';
import { MasteryLevel } from './mastery.js';
import { TodoTask } from './tasks.js';
import { TrainingStatus } from './training.js';
import { WrongEntry } from './wrong-book.js';

/** The bounds of the home's lists (docs/student-home.md "Bounds"). */
export const STUDENT_HOME_LIMITS = { tasks: 10, reviews: 5, scores: 5 } as const;

export const StudentHomeQuery = z.object({
  /** Optional; when given it must be the agency of the X-Agency-Id header. */
  agencyId: AgencyId.optional(),
});

/** The running training the student touched last. */
export const HomeTraining = z.object({
  trainId: Id,
  schemeId: Id,
  title: z.string(),
  type: z.enum(['general', 'paper']),
  taskId: Id.nullable(),
  answered: z.number().int(),
  /** 1-based phase the training is in, of phaseCount. */
  phaseIndex: z.number().int(),
  phaseCount: z.number().int(),
  startTime: EpochMs,
  lastUpdate: EpochMs,
  /** When the scheme's time runs out; null without a time limit. */
  deadline: EpochMs.nullable(),
});
export type HomeTraining = z.infer<typeof HomeTraining>;

/** An ended training's result. */
export const HomeScore = z.object({
  trainId: Id,
  title: z.string(),
  type: z.enum(['general', 'paper']),
  status: TrainingStatus,
  answered: z.number().int(),
  correct: z.number().int(),
  score: z.number(),
  maxScore: z.number(),
  endTime: EpochMs,
});
export type HomeScore = z.infer<typeof HomeScore>;

export const LevelCounts = z.record(MasteryLevel, z.number().int());
export type LevelCounts = z.infer<typeof LevelCounts>;

/** `GET /v1/student/home`. */
export const StudentHome = z.object({
  serverTime: EpochMs,
  /** The to-do list's first entries (soonest deadline first) and its size. */
  tasks: z.object({ total: z.number().int(), list: z.array(TodoTask) }),
  /** How many trainings are running, and the one touched last. */
  training: z.object({ running: z.number().int(), current: HomeTraining.nullable() }),
  /** Wrong answers due for review now (count, the earliest few) and the book's size. */
  review: z.object({ due: z.number().int(), all: z.number().int(), list: z.array(WrongEntry) }),
  /** The latest ended trainings, newest first. */
  scores: z.array(HomeScore),
  /** Knowledge points of the tree per level, now and seven days ago. */
  mastery: z.object({ total: z.number().int(), now: LevelCounts, weekAgo: LevelCounts }),
});
export type StudentHome = z.infer<typeof StudentHome>;
