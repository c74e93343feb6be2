// Synthetic students (docs/simulation.md "The student model"): a latent ability per knowledge point, the 3PL
// probability of a right answer, learning from each answer gated by prerequisites, exponential forgetting of what
// was learnt with stability growing on successful recall, and the memory of single questions whose key was shown.
import type { Profile, StudentModel } from './sim-params.js';
import { PROFILES } from './sim-params.js';
import { stream } from './sim-random.js';
import type { ItemParams, World } from './sim-world.js';

const DAY_MS = 86_400_000;

/** A point's ability: `base` (what the student brings) + `gain` (learnt here, fading with stability in days). */
export interface PointState {
  base: number;
  gain: number;
  stability: number;
  /** When the gain was last practised (epoch ms). */
  last: number;
}

/** The memory of one question's answer, from the moment its key was shown. */
export interface ItemTrace {
  stability: number;
  last: number;
}

export interface SimStudent {
  index: number;
  profile: Profile;
  /** General ability (logits). */
  ability: number;
  /** Multiplies the seconds an answer takes. */
  speed: number;
  /** Multiplies every gain. */
  learnRate: number;
  slip: number;
  points: Map<string, PointState>;
  items: Map<string, ItemTrace>;
}

export type Mix = Profile | 'mix';

export const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** The 3PL probability of a right answer at ability θ. */
export const threePL = (model: StudentModel, theta: number, item: ItemParams) =>
  item.c + (1 - item.c) * logistic(model.scale * item.a * (theta - item.b));

/** The share of a memory left after `elapsedMs` at this stability (days): exp(−t / S). */
export const retention = (stability: number, elapsedMs: number) =>
  Math.exp(-Math.max(0, elapsedMs) / DAY_MS / stability);

/** The student's cohort: `n` students, the same for the same seed, world and model. */
export function makeCohort(model: StudentModel, world: World, seed: number, n: number, mix: Mix): SimStudent[] {
  return Array.from({ length: n }, (_, i) => makeStudent(model, world, seed, i, mix === 'mix' ? PROFILES[i % 3] : mix));
}

export function makeStudent(model: StudentModel, world: World, seed: number, index: number, profile: Profile) {
  const rng = stream(seed, 'student', index);
  const ability = rng.normal(model.profileMean[profile], model.abilitySd);
  const { mean, sd, max } = model.slip;
  const student: SimStudent = {
    index,
    profile,
    ability,
    speed: Math.exp(rng.normal(0, model.speedLogSd)),
    learnRate: Math.exp(model.learning.rateAbility * ability + rng.normal(0, model.learning.rateLogSd)),
    slip: Math.min(max, Math.max(0, rng.normal(mean, sd))),
    points: new Map(),
    items: new Map(),
  };
  for (const p of world.points)
    student.points.set(p, {
      base: ability + rng.normal(0, model.pointSd),
      gain: 0,
      stability: model.forgetting.initialStability,
      last: 0,
    });
  return student;
}

/** θ of a point at `at`: the base plus what is left of the gain. */
export function abilityAt(student: SimStudent, code: string, at: number): number {
  const p = student.points.get(code);
  if (!p) return student.ability;
  return p.base + p.gain * retention(p.stability, at - p.last);
}

/** The probability that the student knows the point's typical question (a = 1, b = the point's difficulty). */
export function knowProbability(model: StudentModel, world: World, student: SimStudent, code: string, at: number) {
  return logistic(model.scale * (abilityAt(student, code, at) - (world.difficulty.get(code) ?? 0)));
}

export const trulyMastered = (model: StudentModel, world: World, student: SimStudent, code: string, at: number) =>
  knowProbability(model, world, student, code, at) >= model.trueMastery;

/**
 * The share of a gain a point takes: the least known of its prerequisite groups (each group's mean know
 * probability), never below the floor; 1 without prerequisites.
 */
export function prerequisiteGate(model: StudentModel, world: World, student: SimStudent, code: string, at: number) {
  const groups = world.prerequisites.get(code);
  if (!groups) return 1;
  let gate = 1;
  for (const g of groups) {
    const known = g.reduce((sum, p) => sum + knowProbability(model, world, student, p, at), 0) / g.length;
    gate = Math.min(gate, known);
  }
  return Math.max(model.gateFloor, gate);
}

/** The chance of recalling this very question's answer at `at`. */
export function recallProbability(model: StudentModel, student: SimStudent, questionId: string, at: number) {
  const t = student.items.get(questionId);
  return t ? model.itemMemory.strength * retention(t.stability, at - t.last) : 0;
}

/** The probability of knowing a part: recalling the question, or knowing it by ability (the 3PL without guessing). */
export function knowPart(
  model: StudentModel,
  student: SimStudent,
  code: string,
  qid: string,
  item: ItemParams,
  at: number,
) {
  const recall = recallProbability(model, student, qid, at);
  const byAbility = logistic(model.scale * item.a * (abilityAt(student, code, at) - item.b));
  return recall + (1 - recall) * byAbility;
}

/**
 * The probability of a right answer to a one-part question without typos: c + (1 − c) · (1 − slip) · know. With
 * no slip and nothing remembered it is the 3PL.
 */
export function rightProbability(
  model: StudentModel,
  student: SimStudent,
  code: string,
  qid: string,
  item: ItemParams,
  at: number,
) {
  return item.c + (1 - item.c) * (1 - student.slip) * knowPart(model, student, code, qid, item, at);
}

export type Feedback = 'key' | 'verdict';

/**
 * What one answer teaches: once something was learnt, stability grows on a right answer (more when much had been
 * forgotten: the spacing effect) and shrinks on a wrong one; the gain left at `at` is kept and the answer's gain is
 * added, gated by the prerequisites and bounded above the point's difficulty.
 */
export function learn(
  model: StudentModel,
  world: World,
  student: SimStudent,
  code: string,
  at: number,
  right: boolean,
  feedback: Feedback,
) {
  const p = student.points.get(code);
  if (!p) return;
  const f = model.forgetting;
  const r = retention(p.stability, at - p.last);
  const gate = prerequisiteGate(model, world, student, code, at);
  // Stability belongs to what was learnt: nothing learnt yet, nothing recalled or lapsed.
  if (p.gain > 0) {
    if (right) p.stability *= Math.min(f.maxGrowth, 1 + f.massedGain + f.spacingGain * (1 - r));
    else p.stability *= f.lapse;
    p.stability = Math.min(f.maxStability, Math.max(f.minStability, p.stability));
  }
  p.gain *= r;
  const l = model.learning;
  const step = right ? l.right : feedback === 'key' ? l.wrongWithKey : l.wrongVerdictOnly;
  const cap = (world.difficulty.get(code) ?? 0) + l.capAbove - p.base;
  p.gain = Math.max(p.gain, Math.min(cap, p.gain + step * student.learnRate * gate));
  p.last = at;
}

/** The question's key was shown: its answer is remembered, longer each time it is seen again. */
export function remember(model: StudentModel, student: SimStudent, questionId: string, at: number) {
  const t = student.items.get(questionId);
  const m = model.itemMemory;
  student.items.set(questionId, { stability: t ? Math.min(365, t.stability * m.growth) : m.stability, last: at });
}
