// The pure rules of the placement tests (docs/lessons.md "Placement test"): a result's percentage, the band it
// falls in, and who changes the settings.
import { agencyRole } from '@edu/contract';

/**
 * Score ÷ maximum as a percentage floored to 0.1 (0 for an empty paper). Floored, never rounded up, so a result
 * shown as 66.6 % is below a band starting at 67 %; the tiny epsilon keeps float noise (33.99999…) from
 * flooring a whole percentage away.
 */
export function percentOf(score: number, maxScore: number): number {
  if (!(maxScore > 0)) return 0;
  const tenths = Math.floor((Math.max(0, score) * 1000) / maxScore + 1e-9);
  return Math.min(1000, tenths) / 10;
}

/** The index of the band the percentage falls in: the last whose start it reaches (bands ascend, the first at 0). */
export function bandIndex(bands: readonly { minPercent: number }[], percent: number): number {
  let found = 0;
  bands.forEach((b, i) => {
    if (percent >= b.minPercent) found = i;
  });
  return found;
}

/** The agency admin (the contract's PLACEMENT_MANAGERS) sets the tests and joins students to classes; other staff read. */
export function managesPlacement(roles: readonly string[], agencyId: string): boolean {
  return roles.includes(agencyRole('admin', agencyId));
}
