// Moving a training between points and phases: entering a point (or redirecting a capped one), following
// targets, ending. Works on a private draft copy of the state (see transitions.ts); never on a caller's state.
import type { DrawRequest, EnginePoint, EngineScheme, TrainingState } from './types.js';
import { cloneData } from './clone.js';

/** A point is entered for real at most this many times; the next entry is redirected. */
export const MAX_ENTRIES = 5;

export const pointKey = (phase: string, point: string) => `${phase}/${point}`;

/** Epoch ms `seconds` after `from`, or null when there is no limit. */
export const deadlineAfter = (from: number, seconds: number): number | null =>
  Number.isFinite(seconds) && seconds > 0 ? from + seconds * 1000 : null;

export const phaseIndexOf = (scheme: EngineScheme, phase: string | null) =>
  scheme.phases.findIndex((p) => p.phase === phase);

/** How many questions one visit of the point asks for: `repeat`, or the whole paper on a paper scheme. */
export function drawCount(scheme: EngineScheme, point: EnginePoint): number {
  const fixed = fixedIds(point);
  if (scheme.type === 'paper' && fixed.length > 0) return fixed.length;
  const repeat = Math.floor(point.repeat);
  return Number.isFinite(repeat) && repeat > 0 ? repeat : 0;
}

/** The point's fixed questions (selector `questionIds`), without repeats, in their order. */
export const fixedIds = (point: EnginePoint): string[] => [...new Set(point.selectors.questionIds ?? [])];

/** Ends the training where it stands. */
export function end(d: TrainingState, status: 'finished' | 'expired', at: number): void {
  d.status = status;
  d.endedAt = at;
  d.phase = null;
  d.point = null;
  d.visit = null;
  d.pending = { kind: 'done' };
  d.phaseDeadline = null;
  d.redirected = [];
}

/** Starts phase `index` at its first point (`point` for the initial phase); past the last phase it finishes. */
export function enterPhase(scheme: EngineScheme, d: TrainingState, index: number, at: number, point?: string): void {
  const phase = scheme.phases[index];
  if (!phase) return end(d, 'finished', at);
  d.phase = phase.phase;
  d.point = null;
  d.phaseStartedAt = at;
  d.phaseDeadline = deadlineAfter(at, phase.timeLimit);
  // Targets never lead back to an earlier phase, so the chain of the phase left behind can be forgotten.
  d.redirected = [];
  const first = phase.points.find((p) => p.name === point) ?? phase.points[0];
  if (!first) return enterPhase(scheme, d, index + 1, at);
  enterPoint(scheme, d, index, first.name, at);
}

/** Follows a target from a point of phase `index`. An unknown point name (invalid scheme) acts as `@next`. */
export function goTo(scheme: EngineScheme, d: TrainingState, index: number, target: string, at: number): void {
  if (target === '@end') return end(d, 'finished', at);
  if (target === '@next') return enterPhase(scheme, d, index + 1, at);
  enterPoint(scheme, d, index, target, at);
}

function enterPoint(scheme: EngineScheme, d: TrainingState, index: number, name: string, at: number): void {
  const phase = scheme.phases[index];
  const point = phase.points.find((p) => p.name === name);
  if (!point) return enterPhase(scheme, d, index + 1, at);
  const key = pointKey(phase.phase, point.name);
  // A chain that comes back to a point it already redirected would loop: leave the phase instead.
  if (d.redirected.includes(key)) return enterPhase(scheme, d, index + 1, at);
  const n = (d.entries[key] ?? 0) + 1;
  if (n > MAX_ENTRIES) return redirect(scheme, d, index, point, at);
  d.entries[key] = n;
  d.phase = phase.phase;
  d.point = point.name;
  d.visit = { phase: phase.phase, point: point.name, n, questionIds: [] };
  const request: DrawRequest = {
    phase: phase.phase,
    point: point.name,
    selectors: cloneData(point.selectors),
    knowledgeIds: [...phase.knowledgeIds],
    kpRange: [...scheme.kpRange],
    count: drawCount(scheme, point),
    exclude: [...d.drawn],
    ...(point.draw === 'ability' ? { draw: point.draw } : {}),
  };
  d.pending = { kind: 'draw', request };
}

/** A capped entry or an empty visit: by `onOK` when the point's last completed visit passed, else `@next`. */
export function redirect(scheme: EngineScheme, d: TrainingState, index: number, point: EnginePoint, at: number): void {
  const key = pointKey(scheme.phases[index].phase, point.name);
  d.redirected.push(key);
  goTo(scheme, d, index, d.passed[key] ? point.onOK : '@next', at);
}
