// Knowledge-point mastery (docs/domain.md "Wrong answers, mastery, statistics"), Khan-style levels from the
// student's last answers in a point's subtree. The thresholds live here so the server's rule and the web's
// legend cannot drift apart (docs/practice-engine.md "Wrong-answer book and mastery").
import { z } from 'zod';
import { EpochMs } from './common.js';
import { KpCode, KpLevel } from './knowledge.js';

export const MASTERY_LEVELS = ['none', 'attempted', 'familiar', 'proficient', 'mastered'] as const;
export const MasteryLevel = z.enum(MASTERY_LEVELS);
export type MasteryLevel = z.infer<typeof MasteryLevel>;

/** How many of the latest answers in a subtree decide its level. */
export const MASTERY_WINDOW = 10;
/** Least answers (in the window) and least share right for each level below mastered. */
export const MASTERY_THRESHOLDS = {
  attempted: { answers: 1, right: 0 },
  familiar: { answers: 3, right: 0.7 },
  proficient: { answers: 5, right: 0.85 },
} as const;

/** The level a window of judged answers (latest last) earns without the mastered rules. */
export function windowLevel(rightFlags: readonly boolean[]): Exclude<MasteryLevel, 'mastered'> {
  const window = rightFlags.slice(-MASTERY_WINDOW);
  const n = window.length;
  if (n === 0) return 'none';
  const share = window.filter(Boolean).length / n;
  const { familiar, proficient } = MASTERY_THRESHOLDS;
  if (n >= proficient.answers && share >= proficient.right) return 'proficient';
  if (n >= familiar.answers && share >= familiar.right) return 'familiar';
  return 'attempted';
}

export const MasteryQuery = z.object({
  /** Only this subtree (a subject's or any point's code). */
  subject: KpCode.optional(),
  /** `mine`: the points the student has answered in; `all`: every point of the tree, unanswered ones `none`. */
  scope: z.enum(['mine', 'all']).default('mine'),
});
export type MasteryQuery = z.infer<typeof MasteryQuery>;

/** One knowledge point with the student's level (`GET /v1/mastery/points`). */
export const MasteryPoint = z.object({
  code: z.string(),
  parentCode: z.string().nullable(),
  name: z.string(),
  lv: KpLevel,
  sort: z.number().int(),
  level: MasteryLevel,
  /** Why it is mastered: proficient on two different days, or all right in a paper; else null. */
  masteredBy: z.enum(['days', 'paper']).nullable(),
  /** Answers in the window (at most MASTERY_WINDOW) and how many of them were right. */
  windowAnswers: z.number().int(),
  windowCorrect: z.number().int(),
  /** Every judged answer in the subtree that counts. */
  totalAnswers: z.number().int(),
  lastAnswerTime: EpochMs.nullable(),
});
export type MasteryPoint = z.infer<typeof MasteryPoint>;
