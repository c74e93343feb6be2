// Time limits: the phase and scheme deadlines that have passed by a given moment, applied in the order they fell.
import { end, enterPhase, phaseIndexOf } from './navigate.js';
import type { EngineScheme, TrainingState } from './types.js';
import { cloneState } from './clone.js';

/** The next deadline due at `at`, if any: the scheme's wins a tie with the phase's. */
function nextDue(d: TrainingState, at: number): { kind: 'scheme' | 'phase'; at: number } | null {
  if (d.status !== 'running') return null;
  const scheme = d.schemeDeadline;
  const phase = d.phaseDeadline;
  if (scheme !== null && scheme <= at && (phase === null || scheme <= phase)) return { kind: 'scheme', at: scheme };
  if (phase !== null && phase <= at) return { kind: 'phase', at: phase };
  return null;
}

/** Applies, on a draft, every deadline passed by `at`, each at the moment it fell. */
export function applyDeadlines(scheme: EngineScheme, d: TrainingState, at: number): void {
  for (let due = nextDue(d, at); due; due = nextDue(d, at)) {
    if (due.kind === 'scheme') {
      end(d, 'expired', due.at);
      continue;
    }
    // The next phase starts when the last one's time ran out, not when someone noticed.
    const index = phaseIndexOf(scheme, d.phase);
    if (index < 0) end(d, 'finished', due.at);
    else enterPhase(scheme, d, index + 1, due.at);
  }
}

/**
 * The training as it stands at `at`: an expired scheme ends it (`expired`, ended at the deadline); an expired
 * phase moves it to the next phase's first point, or finishes it after the last phase. Returns `state` itself
 * when no deadline has passed.
 */
export function advanceTime(scheme: EngineScheme, state: TrainingState, at: number): TrainingState {
  if (!nextDue(state, at)) return state;
  const d = cloneState(state);
  applyDeadlines(scheme, d, at);
  return d;
}
