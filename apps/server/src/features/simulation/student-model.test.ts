// The synthetic student model (docs/simulation.md "The student model"): determinism by seed, the 3PL and its
// guessing, answers judged by the real judge at the rate the model states, forgetting, stability, prerequisites.
import { describe, expect, it } from 'vitest';
import { attempt } from './sim-answer.js';
import { DEFAULT_MODEL, type StudentModel } from './sim-params.js';
import { stream } from './sim-random.js';
import { buildWorld, guessing, type SourceQuestion, type World } from './sim-world.js';
import {
  abilityAt,
  knowProbability,
  learn,
  makeCohort,
  makeStudent,
  prerequisiteGate,
  recallProbability,
  remember,
  retention,
  rightProbability,
  threePL,
  type SimStudent,
} from './student-model.js';
import { singleChoiceSource } from './sim-fixtures.test-helper.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 8, 1);

const sc = singleChoiceSource;
const fb = (id: string, code: string, answer: string[]): SourceQuestion => ({
  id,
  knowledgeId: code,
  type: 'fillBlank',
  judgeType: 'auto',
  answer,
});

/** Two points, `x.a` a prerequisite of `x.b`, and a third on its own. */
const SOURCE = {
  questions: [
    sc('1', 'x.a'),
    fb('2', 'x.a', ['went']),
    sc('3', 'x.b', 'C'),
    fb('4', 'x.b', ['is', 'are']),
    sc('5', 'y.c'),
  ],
  edges: [['x.a', 'x.b']] as [string, string][],
};

const world = (model: StudentModel = DEFAULT_MODEL, seed = 7) => buildWorld(model, seed, SOURCE);

/** A student with a fixed ability on every point and no slip, for exact probabilities. */
function fixedStudent(w: World, theta: number, slip = 0): SimStudent {
  const s = makeStudent(DEFAULT_MODEL, w, 1, 0, 'typical');
  s.slip = slip;
  s.learnRate = 1;
  for (const p of s.points.values()) Object.assign(p, { base: theta, gain: 0 });
  return s;
}

describe('the cohort', () => {
  it('is the same for the same seed and differs for another', () => {
    const w = world();
    const a = makeCohort(DEFAULT_MODEL, w, 11, 30, 'mix');
    expect(makeCohort(DEFAULT_MODEL, world(), 11, 30, 'mix')).toEqual(a);
    expect(makeCohort(DEFAULT_MODEL, w, 12, 30, 'mix')).not.toEqual(a);
    expect(new Set(a.map((s) => s.profile))).toEqual(new Set(['weak', 'typical', 'strong']));
  });

  it('gives a world its items by seed, and weaker profiles lower abilities', () => {
    expect(world(DEFAULT_MODEL, 3)).toEqual(world(DEFAULT_MODEL, 3));
    expect(world(DEFAULT_MODEL, 3).questions[0].parts[0].item).not.toEqual(
      world(DEFAULT_MODEL, 4).questions[0].parts[0].item,
    );
    const w = world();
    const mean = (profile: 'weak' | 'strong') =>
      makeCohort(DEFAULT_MODEL, w, 5, 300, profile).reduce((s, x) => s + x.ability, 0) / 300;
    expect(mean('weak')).toBeLessThan(mean('strong') - 1);
  });
});

describe('the 3PL', () => {
  it('guesses 1/options for choices, 1/(2^n − 1) for multiple choice and near 0 typed', () => {
    expect(guessing(DEFAULT_MODEL, 'singleChoice', 4)).toBe(0.25);
    expect(guessing(DEFAULT_MODEL, 'trueFalse', 0)).toBe(0.5);
    expect(guessing(DEFAULT_MODEL, 'multipleChoice', 4)).toBeCloseTo(1 / 15);
    expect(guessing(DEFAULT_MODEL, 'fillBlank', 0)).toBe(DEFAULT_MODEL.typedGuess);
    expect(world().questions[0].parts[0].item.c).toBe(0.25);
  });

  it('is c + (1 − c) / 2 at θ = b, rises with θ and tends to 1', () => {
    const item = { a: 1.2, b: 0.5, c: 0.25 };
    expect(threePL(DEFAULT_MODEL, 0.5, item)).toBeCloseTo(0.625);
    expect(threePL(DEFAULT_MODEL, 1, item)).toBeGreaterThan(threePL(DEFAULT_MODEL, 0.5, item));
    expect(threePL(DEFAULT_MODEL, -10, item)).toBeCloseTo(0.25, 5);
    expect(threePL(DEFAULT_MODEL, 10, item)).toBeCloseTo(1, 5);
    // Without slip and without a remembered key the answer probability is the 3PL.
    const w = world();
    const s = fixedStudent(w, 0.3);
    const q = w.questions[0];
    expect(rightProbability(DEFAULT_MODEL, s, q.code, q.id, q.parts[0].item, T0)).toBeCloseTo(
      threePL(DEFAULT_MODEL, 0.3, q.parts[0].item),
    );
  });

  it('is the rate at which the judge finds the answers right (choice with slip, typed without typos)', () => {
    const model: StudentModel = { ...DEFAULT_MODEL, typo: 0, typedGuess: 0 };
    const w = world(model);
    const s = fixedStudent(w, 0.4, 0.08);
    const rng = stream(1, 'test');
    for (const q of [w.questions[0], w.questions[1]]) {
      const n = 4000;
      let right = 0;
      for (let i = 0; i < n; i++) if (attempt(model, s, q, T0, rng, new Set()).result.isCorrect) right++;
      const p = rightProbability(model, s, q.code, q.id, q.parts[0].item, T0);
      // Within four standard errors.
      expect(Math.abs(right / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
    }
  });

  it('retries a choice without the options already tried', () => {
    const w = world();
    const s = fixedStudent(w, -20);
    const rng = stream(2, 'retry');
    const tried = new Set<string>();
    const picks = [0, 1, 2, 3].map(() => attempt(DEFAULT_MODEL, s, w.questions[0], T0, rng, tried).submission.answer);
    expect(new Set(picks.map((a) => a?.[0])).size).toBe(4);
  });
});

describe('forgetting and stability', () => {
  it('keeps exp(−t / S) of what was learnt, and only of that', () => {
    expect(retention(2, 2 * DAY)).toBeCloseTo(Math.exp(-1));
    const w = world();
    const s = fixedStudent(w, 0);
    learn(DEFAULT_MODEL, w, s, 'x.a', T0, false, 'key');
    const p = s.points.get('x.a')!;
    expect(p.gain).toBeGreaterThan(0);
    expect(abilityAt(s, 'x.a', T0)).toBeCloseTo(p.gain);
    expect(abilityAt(s, 'x.a', T0 + 3 * DAY)).toBeCloseTo(p.gain * Math.exp(-3 / p.stability));
    expect(abilityAt(s, 'x.a', T0 + 1000 * DAY)).toBeCloseTo(0);
    // Something learnt makes knowing likelier; forgetting makes it less likely again.
    expect(knowProbability(DEFAULT_MODEL, w, s, 'x.a', T0)).toBeGreaterThan(
      knowProbability(DEFAULT_MODEL, w, s, 'x.a', T0 + 5 * DAY),
    );
  });

  it('grows stability on a right answer, more after a spaced one than a massed one, and shrinks it on a wrong one', () => {
    const w = world();
    const grown = (gapDays: number, right: boolean) => {
      const s = fixedStudent(w, 0);
      learn(DEFAULT_MODEL, w, s, 'x.a', T0, true, 'key');
      const before = s.points.get('x.a')!.stability;
      learn(DEFAULT_MODEL, w, s, 'x.a', T0 + gapDays * DAY, right, 'key');
      return s.points.get('x.a')!.stability / before;
    };
    expect(grown(0.001, true)).toBeGreaterThan(1);
    expect(grown(2, true)).toBeGreaterThan(grown(0.001, true));
    expect(grown(2, true)).toBeLessThanOrEqual(DEFAULT_MODEL.forgetting.maxGrowth);
    expect(grown(1, false)).toBeLessThan(1);
  });

  it('remembers a question whose key was shown, fading, and longer after a second showing', () => {
    const w = world();
    const s = fixedStudent(w, 0);
    expect(recallProbability(DEFAULT_MODEL, s, '1', T0)).toBe(0);
    remember(DEFAULT_MODEL, s, '1', T0);
    expect(recallProbability(DEFAULT_MODEL, s, '1', T0)).toBeCloseTo(DEFAULT_MODEL.itemMemory.strength);
    const once = recallProbability(DEFAULT_MODEL, s, '1', T0 + 2 * DAY);
    remember(DEFAULT_MODEL, s, '1', T0);
    expect(recallProbability(DEFAULT_MODEL, s, '1', T0 + 2 * DAY)).toBeGreaterThan(once);
  });
});

describe('prerequisites', () => {
  it('come from the graph edges onto a point or its ancestors', () => {
    const w = buildWorld(DEFAULT_MODEL, 1, { ...SOURCE, edges: [['x.a', 'x']] });
    expect(w.prerequisites.get('x.b')).toEqual([['x.a']]);
    expect(w.prerequisites.has('x.a')).toBe(false);
    expect(world().prerequisites.get('x.b')).toEqual([['x.a']]);
    expect(world().prerequisites.has('y.c')).toBe(false);
  });

  it('gate learning: a point learns less while its prerequisite is unknown, never less than the floor', () => {
    const w = world();
    const gained = (prerequisite: number) => {
      const s = fixedStudent(w, 0);
      s.points.get('x.a')!.base = prerequisite;
      learn(DEFAULT_MODEL, w, s, 'x.b', T0, true, 'key');
      return s.points.get('x.b')!.gain;
    };
    expect(gained(-3)).toBeLessThan(gained(3) / 2);
    const s = fixedStudent(w, 0);
    s.points.get('x.a')!.base = -50;
    expect(prerequisiteGate(DEFAULT_MODEL, w, s, 'x.b', T0)).toBe(DEFAULT_MODEL.gateFloor);
    expect(prerequisiteGate(DEFAULT_MODEL, w, s, 'y.c', T0)).toBe(1);
    expect(gained(3)).toBeCloseTo(
      DEFAULT_MODEL.learning.right * prerequisiteGate(DEFAULT_MODEL, w, fixedStudent(w, 3), 'x.b', T0),
    );
  });

  it('learns more from the key of a wrong answer than from a right one, least from a bare verdict', () => {
    const w = world();
    const gain = (right: boolean, feedback: 'key' | 'verdict') => {
      const s = fixedStudent(w, 0);
      learn(DEFAULT_MODEL, w, s, 'y.c', T0, right, feedback);
      return s.points.get('y.c')!.gain;
    };
    expect(gain(false, 'key')).toBeGreaterThan(gain(true, 'key'));
    expect(gain(false, 'verdict')).toBeLessThan(gain(true, 'key'));
  });
});
