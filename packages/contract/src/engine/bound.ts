// The most questions a training of a scheme can ever draw (shown as a progress bound, checked by property tests).
import { MAX_ENTRIES, drawCount, fixedIds } from './navigate.js';
import type { EngineScheme } from './types.js';

/**
 * Σ over points of (entries × questions per visit), where a general point is entered at most MAX_ENTRIES times
 * and a paper point at most once (a paper never completes a visit, so nothing leads back to it); a point with
 * fixed questions never draws more than its list, since no question is drawn twice.
 */
export function trainingBound(scheme: EngineScheme): number {
  const entries = scheme.type === 'paper' ? 1 : MAX_ENTRIES;
  let total = 0;
  for (const phase of scheme.phases)
    for (const point of phase.points) {
      const fixed = fixedIds(point).length;
      const most = entries * drawCount(scheme, point);
      total += fixed > 0 ? Math.min(most, fixed) : most;
    }
  return total;
}
