// FSRS fitted to each agency (docs/practice-engine.md "FSRS fitted to each agency"): the weekly job's last fit of
// each agency's wrong-answer book reviews, as the platform admin reads it.
import { z } from 'zod';
import { EpochMs } from './common.js';

/** Largest page of the fits' list. */
export const FSRS_FIT_PAGE_MAX = 200;

export const FSRS_FIT_OUTCOMES = ['adopted', 'not_better', 'too_few'] as const;
/** adopted: the fit scores better than the defaults and schedules the book; not_better: defaults kept; too_few: not fitted. */
export const FsrsFitOutcome = z.enum(FSRS_FIT_OUTCOMES);
export type FsrsFitOutcome = z.infer<typeof FsrsFitOutcome>;

export const FsrsFitQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(FSRS_FIT_PAGE_MAX, `每页最多 ${FSRS_FIT_PAGE_MAX} 条`).default(20),
});
export type FsrsFitQuery = z.infer<typeof FsrsFitQuery>;

export const FsrsFit = z.object({
  agencyId: z.string(),
  agencyName: z.string(),
  outcome: FsrsFitOutcome,
  /** Whether the agency's book schedules with `parameters`. */
  adopted: z.boolean(),
  /** Reviews read (at most FSRS_FIT_MAX_REVIEWS), and the items fitted on and held out. */
  reviews: z.number().int(),
  trainItems: z.number().int(),
  testItems: z.number().int(),
  /** Log-loss on the held-out reviews of the defaults and of the fit (null when not fitted). */
  logLossBefore: z.number().nullable(),
  logLossAfter: z.number().nullable(),
  parameters: z.array(z.number()).nullable(),
  fittedAt: EpochMs,
});
export type FsrsFit = z.infer<typeof FsrsFit>;
