// Pure rules of the statistics: which question deserves a review (thresholds in the contract's
// STATS_THRESHOLDS, explained in docs/scheme-stats.md), and where a question stands on a scheme's fixed lists.
import { STATS_THRESHOLDS, type QuestionFlag, type Scheme } from '@edu/contract';

export interface FlagInput {
  attempts: number;
  facility: number | null;
  discrimination: number | null;
}

/** The first reason for review, most serious first; null below `minAttempts` first attempts. */
export function flagOf(q: FlagInput, t: typeof STATS_THRESHOLDS = STATS_THRESHOLDS): QuestionFlag | null {
  if (q.attempts < t.minAttempts) return null;
  if (q.discrimination !== null && q.discrimination < 0) return 'negative_discrimination';
  if (q.discrimination !== null && q.discrimination < t.discriminationLow) return 'low_discrimination';
  if (q.facility !== null && q.facility < t.facilityLow) return 'too_hard';
  if (q.facility !== null && q.facility > t.facilityHigh) return 'too_easy';
  return null;
}

/** 1-based place of each question on the scheme's fixed lists, in phase and point order (a paper's order). */
export function fixedPositions(scheme: Pick<Scheme, 'phases'>): Map<string, number> {
  const out = new Map<string, number>();
  for (const phase of scheme.phases)
    for (const point of phase.points)
      for (const id of point.selectors.questionIds ?? []) if (!out.has(id)) out.set(id, out.size + 1);
  return out;
}
