// Knowledge-point mastery (docs/domain.md "Wrong answers, mastery, statistics"), Khan-style levels from the
// student's last answers in a point's subtree. The thresholds live here so the server's rule and the web's
// legend cannot drift apart (docs/practice-engine.md "Wrong-answer book and mastery").
import { z } from 'zod';
import { MASTERY_LEVELS, MASTERY_THRESHOLDS, MASTERY_WINDOW, windowLevel } from './mastery-levels.js';
import { EpochMs } from './common.js';
import { KpCode, KpLevel } from './knowledge.js';

export { MASTERY_LEVELS, MASTERY_THRESHOLDS, MASTERY_WINDOW, windowLevel };
export const MasteryLevel = z.enum(MASTERY_LEVELS);
export type MasteryLevel = z.infer<typeof MasteryLevel>;

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
