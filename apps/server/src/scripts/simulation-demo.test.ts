// A small simulation of the demo world through the product's engine, judge, mastery rules and wrong-answer book
// (docs/simulation.md "A run"): sane figures, not fixed ones.
import { validateScheme } from '@edu/contract';
import { describe, expect, it } from 'vitest';
import { masteryByPoint, selfAndAncestors } from '../features/mastery/mastery-levels.js';
import { StudentLog } from '../features/simulation/sim-log.js';
import { DEFAULT_MODEL } from '../features/simulation/sim-params.js';
import { stream } from '../features/simulation/sim-random.js';
import { reviewDue, runTraining, type SessionContext } from '../features/simulation/sim-training.js';
import { buildWorld } from '../features/simulation/sim-world.js';
import { DEFAULT_OPTIONS, simulate, type SimOptions } from '../features/simulation/simulation.js';
import { makeStudent } from '../features/simulation/student-model.js';
import { DEMO_STRATEGIES, demoStrategies, demoWorldSource } from './simulation-demo.js';

const options: SimOptions = { ...DEFAULT_OPTIONS, students: 12, days: 4 };
const world = buildWorld(DEFAULT_MODEL, options.seed, demoWorldSource(options.seed, options.range));

describe('a small simulation of the demo', () => {
  const run = () => simulate(DEFAULT_MODEL, world, demoStrategies(world, DEMO_STRATEGIES), options);
  const report = run();

  it('is the same for the same seed', () => {
    expect(run()).toEqual(report);
  });

  it('teaches: every strategy answers questions and ends with more true mastery than it started with', () => {
    expect(report.targets.length).toBeGreaterThan(5);
    expect(report.strategies.map((s) => s.name)).toEqual([...DEMO_STRATEGIES]);
    for (const s of report.strategies) {
      expect(s.students).toBe(options.students);
      expect(s.meanAnswers).toBeGreaterThan(20);
      expect(s.meanMinutes).toBeGreaterThan(10);
      expect(s.finalTrueMastery).toBeGreaterThan(s.initialTrueMastery);
      expect(s.reached.share).toBeGreaterThanOrEqual(0);
      expect(s.reached.share).toBeLessThanOrEqual(1);
    }
  });

  it('compares each point with its truth: levels cover every pair and 已掌握 means more than attempted', () => {
    for (const s of report.strategies) {
      expect(s.calibration.reduce((n, c) => n + c.pairs, 0)).toBe(options.students * report.targets.length);
      for (const x of [s.mastered.precision, s.mastered.recall, s.mastered.declaredPrecision])
        if (x !== null) expect(x >= 0 && x <= 1).toBe(true);
    }
    const pooled = (level: string) => {
      const rows = report.strategies.flatMap((s) => s.calibration.filter((c) => c.level === level && c.pairs > 0));
      const pairs = rows.reduce((n, c) => n + c.pairs, 0);
      return rows.reduce((sum, c) => sum + c.pairs * c.meanKnow!, 0) / pairs;
    };
    expect(pooled('mastered')).toBeGreaterThan(pooled('attempted'));
    expect(report.strategies.some((s) => s.mastered.declared > 0)).toBe(true);
  });
});

describe('one student through the engine', () => {
  it('trains the demo scheme as the service would: valid scheme, drawn in range, one first answer per question', () => {
    const [adaptive] = demoStrategies(world, ['demo-adaptive']);
    const engine = adaptive.next({ world, log: new StudentLog(), range: options.range, rng: stream(1, 't') })!;
    expect(validateScheme(engine)).toEqual([]);
    const log = new StudentLog();
    const s: SessionContext = {
      model: DEFAULT_MODEL,
      world,
      student: makeStudent(DEFAULT_MODEL, world, 1, 0, 'typical'),
      log,
      rng: stream(1, 'one'),
      now: options.startAt,
      stopAt: options.startAt + 3600_000,
      afterAnswer: () => undefined,
    };
    const stored = runTraining(s, engine);
    expect(stored).toBe(log.records.length);
    expect(stored).toBeGreaterThan(2);
    const [row] = log.trainings.values();
    expect(row.ended).toBe(true);
    const types = new Set(engine.phases.flatMap((p) => p.points.flatMap((pt) => pt.selectors.types ?? [])));
    for (const r of log.records) {
      const q = world.byId.get(r.questionId)!;
      expect(q.code.startsWith('en.g7.c1') || q.code.startsWith('en.g7.c2')).toBe(true);
      expect(types.has(q.type)).toBe(true);
    }
    const firsts = log.records.filter((r) => r.first).map((r) => r.questionId);
    expect(new Set(firsts).size).toBe(firsts.length);
    expect(new Set(log.records.map((r) => r.questionId))).toEqual(new Set(firsts));
    // Its wrong answers are due in the book at once, and a review moves the card (FSRS): then it is not due.
    const due = log.due(s.now);
    const wrong = new Set(log.records.filter((r) => r.isCorrect === false).map((r) => r.questionId));
    expect(new Set(due.map((d) => d.questionId))).toEqual(wrong);
    expect(due.length).toBeGreaterThan(0);
    expect(reviewDue(s, 1, s.now + 3600_000)).toBe(1);
    expect(log.cards.get(due[0].questionId)!.reps).toBe(1);
    expect(log.due(s.now).map((d) => d.questionId)).not.toContain(due[0].questionId);
  });

  it("reads levels as the product's masteryByPoint does, for every point and ancestor, after days of practice", () => {
    const [graph] = demoStrategies(world, ['graph']);
    const log = new StudentLog();
    const rng = stream(1, 'levels');
    const s: SessionContext = {
      model: DEFAULT_MODEL,
      world,
      student: makeStudent(DEFAULT_MODEL, world, 1, 2, 'typical'),
      log,
      rng,
      now: options.startAt,
      stopAt: 0,
      afterAnswer: () => undefined,
    };
    for (let day = 0; day < 3; day++) {
      s.now = options.startAt + day * 86_400_000;
      s.stopAt = s.now + 1800_000;
      reviewDue(s, 10, s.now + 1200_000);
      for (let n = 0; n < 6; n++) runTraining(s, graph.next({ world, log, range: options.range, rng })!);
    }
    const codes = [...new Set(world.points.flatMap(selfAndAncestors))];
    const product = masteryByPoint(log.masteryAnswers());
    expect(product.size).toBeGreaterThan(3);
    expect(log.levels(codes)).toEqual(new Map(codes.filter((c) => product.has(c)).map((c) => [c, product.get(c)])));
  });
});
