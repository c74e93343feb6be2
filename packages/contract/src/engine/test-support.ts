// Builders of schemes and a small driver that records the events of a training, for the engine's tests.
import { applyEvent, replay, startTraining } from './transitions.js';
import type { EnginePhase, EnginePoint, EngineScheme, TrainingEvent, TrainingState } from './types.js';

/** A point: one question, answered once, one right needed, both targets `@next` unless told otherwise. */
export const point = (name: string, o: Partial<EnginePoint> = {}): EnginePoint => ({
  name,
  selectors: {},
  repeat: 1,
  judgeWay: 'once',
  requireCorrect: 1,
  onOK: '@next',
  onError: '@next',
  ...o,
});

export const phase = (name: string, points: EnginePoint[], o: Partial<EnginePhase> = {}): EnginePhase => ({
  phase: name,
  knowledgeIds: [],
  timeLimit: 0,
  points,
  ...o,
});

/** A general scheme starting at its first phase's first point, no time limits. */
export const general = (phases: EnginePhase[], o: Partial<EngineScheme> = {}): EngineScheme => ({
  type: 'general',
  initPhase: phases[0]?.phase ?? '',
  initPoint: phases[0]?.points[0]?.name ?? '',
  timeLimit: 0,
  kpRange: [],
  phases,
  ...o,
});

export const paper = (questionIds: string[], o: Partial<EngineScheme> = {}): EngineScheme =>
  general([phase('试卷', [point('卷面', { selectors: { questionIds }, repeat: 1, requireCorrect: 0 })])], {
    type: 'paper',
    ...o,
  });

export const T0 = 1_700_000_000_000;
export const SECOND = 1000;

/** Drives a training event by event (time in ms from T0), keeping the events so the run can be replayed. */
export class Run {
  readonly events: TrainingEvent[];
  state: TrainingState;
  now = T0;

  constructor(
    readonly scheme: EngineScheme,
    seed = 7,
  ) {
    this.events = [{ type: 'start', at: T0, seed }];
    this.state = startTraining(scheme, T0, seed);
  }

  /** Moves the clock to T0 + `ms`. */
  at(ms: number): this {
    this.now = T0 + ms;
    return this;
  }

  apply(event: TrainingEvent): this {
    this.state = applyEvent(this.scheme, this.state, event);
    this.events.push(event);
    return this;
  }

  draw(...questionIds: string[]): this {
    return this.apply({ type: 'draw', at: this.now, questionIds });
  }

  answer(questionId: string, isCorrect: boolean | null, score = isCorrect ? 1 : 0): this {
    return this.apply({
      type: 'answer',
      at: this.now,
      questionId,
      isCorrect,
      score: isCorrect === null ? null : score,
    });
  }

  /** Draws one question and answers it. */
  visit(questionId: string, isCorrect: boolean): this {
    return this.draw(questionId).answer(questionId, isCorrect);
  }

  finish(): this {
    return this.apply({ type: 'finish', at: this.now });
  }

  replayed(): TrainingState {
    return replay(this.scheme, this.events);
  }

  /** Where the training stands, as `phase/point`. */
  get where(): string {
    return `${this.state.phase}/${this.state.point}`;
  }
}

/** Freezes a value and everything inside it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
