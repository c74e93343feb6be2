// The most questions a training of a scheme can ever draw (shown as a progress bound, checked by property tests).
import { MAX_ENTRIES, drawCount, fixedIds } from './navigate.js';
import type { EngineScheme } from './types.js';

/**
 * Σ over points of (entries × questions per visit). A phase is entered once (targets never lead back to an
 * earlier phase), so a point is entered once at most unless a point of its phase names it as `onOK` or `onError`;
 * such a point is entered at most MAX_ENTRIES times (then redirected). A paper point is entered once (a paper never
 * completes a visit, so nothing leads back to it); a point with fixed questions never draws more than its list,
 * since no question is drawn twice.
 */
export function trainingBound(scheme: EngineScheme): number {
  let total = 0;
  for (const phase of scheme.phases) {
    const targeted = new Set(phase.points.flatMap((p) => [p.onOK, p.onError]));
    for (const point of phase.points) {
      const entries = scheme.type !== 'paper' && targeted.has(point.name) ? MAX_ENTRIES : 1;
      const fixed = fixedIds(point).length;
      const most = entries * drawCount(scheme, point);
      total += fixed > 0 ? Math.min(most, fixed) : most;
    }
  }
  return total;
}
