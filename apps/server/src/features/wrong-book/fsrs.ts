// The FSRS scheduler of the wrong-answer book (docs/domain.md "Wrong answers, mastery, statistics": ts-fsrs, desired retention 0.9, no fuzz so a
// schedule can be checked) and the conversions between a card row and ts-fsrs's Card.
import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card } from 'ts-fsrs';
import type { FsrsState } from '@edu/contract';

export const DESIRED_RETENTION = 0.9;

export const scheduler = fsrs(generatorParameters({ request_retention: DESIRED_RETENTION, enable_fuzz: false }));

/**
 * FSRS parameters an agency adopted (docs/practice-engine.md "FSRS fitted to each agency"); null schedules with the
 * defaults. Schedulers of fitted parameters are kept by their numbers (a few agencies, a handful of refits each).
 */
export type FsrsParameters = readonly number[] | null;
const SCHEDULERS_MAX = 256;
const fitted = new Map<string, typeof scheduler>();

export function schedulerOf(parameters: FsrsParameters = null): typeof scheduler {
  if (!parameters) return scheduler;
  const key = parameters.join(',');
  let s = fitted.get(key);
  if (!s) {
    if (fitted.size >= SCHEDULERS_MAX) fitted.clear();
    s = fsrs(generatorParameters({ request_retention: DESIRED_RETENTION, enable_fuzz: false, w: [...parameters] }));
    fitted.set(key, s);
  }
  return s;
}

export interface CardFields {
  due: Date;
  state: number;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: Date | null;
}

/** A new card, due at the question's first wrong answer. */
export function newCard(dueAt: Date): CardFields {
  return fromFsrs(createEmptyCard(dueAt));
}

export function toFsrs(c: CardFields): Card {
  return {
    due: c.due,
    state: c.state,
    stability: c.stability,
    difficulty: c.difficulty,
    elapsed_days: c.elapsedDays,
    scheduled_days: c.scheduledDays,
    learning_steps: c.learningSteps,
    reps: c.reps,
    lapses: c.lapses,
    ...(c.lastReview ? { last_review: c.lastReview } : {}),
  };
}

export function fromFsrs(c: Card): CardFields {
  return {
    due: c.due,
    state: c.state,
    stability: c.stability,
    difficulty: c.difficulty,
    elapsedDays: c.elapsed_days,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    lastReview: c.last_review ?? null,
  };
}

/** The card after one review: a right answer is rated Good, a wrong one Again; the agency's parameters if adopted. */
export function review(card: CardFields, at: Date, right: boolean, parameters: FsrsParameters = null): CardFields {
  return fromFsrs(schedulerOf(parameters).next(toFsrs(card), at, right ? Rating.Good : Rating.Again).card);
}

const STATE_NAMES: Record<number, FsrsState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
export const stateName = (s: number): FsrsState => STATE_NAMES[s] ?? 'new';
