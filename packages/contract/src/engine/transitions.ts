// The training as a pure state machine: start, then one event at a time. Each call works on its own deep copy
// of the state (the draft the other engine files change) and returns it, so a caller's state is never touched.
import { takeAnswer } from './answers.js';
import { pointMark } from './marks.js';
import { deadlineAfter, end, enterPhase, fixedIds, phaseIndexOf, redirect } from './navigate.js';
import { applyDeadlines } from './time.js';
import { EngineError, type EngineScheme, type TrainingEvent, type TrainingState } from './types.js';
import { cloneState } from './clone.js';

/** A new training at the scheme's initial point, waiting for its first draw. */
export function startTraining(scheme: EngineScheme, at: number, seed: number): TrainingState {
  const d: TrainingState = {
    status: 'running',
    phase: null,
    point: null,
    pending: { kind: 'done' },
    drawn: [],
    visit: null,
    entries: {},
    answers: [],
    score: 0,
    maxScore: 0,
    startedAt: at,
    phaseStartedAt: at,
    endedAt: null,
    phaseDeadline: null,
    schemeDeadline: deadlineAfter(at, scheme.timeLimit),
    seed,
    passed: {},
    redirected: [],
  };
  // An unknown initial phase or point (invalid scheme) starts at the first one.
  enterPhase(scheme, d, Math.max(0, phaseIndexOf(scheme, scheme.initPhase)), at, scheme.initPoint);
  return d;
}

const notRunning = (s: TrainingState) =>
  new EngineError('not_running', s.status === 'expired' ? '训练时间已到，训练已结束' : '训练已结束');

/**
 * The state after one event, deadlines passed by `event.at` applied first. Throws an EngineError when the
 * event is not allowed now; the input state is never changed.
 */
export function applyEvent(scheme: EngineScheme, state: TrainingState, event: TrainingEvent): TrainingState {
  if (event.type === 'start') throw new EngineError('not_running', '训练已经开始，不能重复开始');
  if (state.status !== 'running') throw notRunning(state);
  const d = cloneState(state);
  applyDeadlines(scheme, d, event.at);
  if (d.status !== 'running') throw notRunning(d);
  switch (event.type) {
    case 'draw':
      // A draw answers the request pending at its time: the service stamps it with the moment it read the request.
      if (d.pending.kind !== 'draw') throw new EngineError('unexpected_draw', '当前没有待抽取的题目');
      takeDraw(scheme, d, event.questionIds, event.at);
      return d;
    case 'answer':
      takeAnswer(scheme, d, event);
      return d;
    case 'finish':
      end(d, 'finished', event.at);
      return d;
  }
}

/**
 * The questions a draw brought: ids already drawn, repeated, outside a fixed list or beyond the requested count
 * are dropped. A visit with none is redirected.
 */
function takeDraw(scheme: EngineScheme, d: TrainingState, questionIds: string[], at: number): void {
  if (d.pending.kind !== 'draw' || !d.visit) return;
  const index = phaseIndexOf(scheme, d.visit.phase);
  const point = scheme.phases[index].points.find((p) => p.name === d.visit?.point);
  if (!point) return;
  const fixed = fixedIds(point);
  const allowed = fixed.length > 0 ? new Set(fixed) : null;
  const taken = new Set(d.drawn);
  const got: string[] = [];
  for (const id of questionIds) {
    if (got.length >= d.pending.request.count) break;
    if (taken.has(id) || (allowed && !allowed.has(id))) continue;
    taken.add(id);
    got.push(id);
  }
  d.drawn.push(...got);
  // Each question adds what it is worth at this point (docs/practice-engine.md "Marks").
  d.maxScore += got.reduce((sum, id) => sum + pointMark(point, id), 0);
  d.visit.questionIds = got;
  if (got.length === 0) return redirect(scheme, d, index, point, at);
  d.redirected = [];
  d.pending = scheme.type === 'paper' ? { kind: 'paper', questionIds: got } : { kind: 'answer', questionId: got[0] };
}

/** The state a stored event list leads to; the first event must be the start. */
export function replay(scheme: EngineScheme, events: TrainingEvent[]): TrainingState {
  const [first, ...rest] = events;
  if (first?.type !== 'start') throw new EngineError('not_running', '训练尚未开始');
  return rest.reduce((state, event) => applyEvent(scheme, state, event), startTraining(scheme, first.at, first.seed));
}
