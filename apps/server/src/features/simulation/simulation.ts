// A run of the simulation (docs/simulation.md "A run"): the same seeded cohort through every strategy, day by day —
// the wrong-answer book's due reviews first, then the strategy's trainings until the session's minutes are used —
// and each strategy's figures of truth against estimate.
import { PROFILES, type StudentModel } from './sim-params.js';
import { OutcomeTracker, type StudentOutcome } from './sim-outcome.js';
import { stream } from './sim-random.js';
import { summarise, type StrategyReport } from './sim-report.js';
import { StudentLog } from './sim-log.js';
import type { Strategy } from './sim-strategies.js';
import { reviewDue, runTraining, type SessionContext } from './sim-training.js';
import { pointsIn, type World } from './sim-world.js';
import { makeStudent, type Mix, type SimStudent } from './student-model.js';

const DAY_MS = 86_400_000;

export interface SimOptions {
  seed: number;
  students: number;
  mix: Mix;
  days: number;
  /** Minutes a session's trainings start within; a training still running at 1.5 × is left (finished). */
  sessionMinutes: number;
  /** The chance a student practises on a given day. */
  attendance: number;
  reviewsPerSession: number;
  /** The knowledge subtrees the run is about: its target points and where the policies practise. */
  range: string[];
  /** Day 0's session window opens here (epoch ms); sessions start in the two hours after. */
  startAt: number;
}

export const DEFAULT_OPTIONS: SimOptions = {
  seed: 1,
  students: 200,
  mix: 'mix',
  days: 14,
  sessionMinutes: 20,
  attendance: 0.85,
  reviewsPerSession: 10,
  range: ['en.g7.c1', 'en.g7.c2'],
  // 2026-09-01 19:00 in China (UTC+8), the evening of a school day.
  startAt: Date.UTC(2026, 8, 1, 11),
};

export interface SimulationReport {
  options: SimOptions;
  targets: string[];
  strategies: StrategyReport[];
}

export function simulate(model: StudentModel, world: World, strategies: Strategy[], options: SimOptions) {
  const targets = targetsOf(world, options);
  const report: SimulationReport = { options, targets, strategies: [] };
  // Calibration cohorts by their strategy's name: strategies calibrated on the same history share it.
  const calibrations = new Map<string, StudentLog[]>();
  for (const strategy of strategies) {
    strategy.prepare?.(world, (base) => {
      const logs = calibrations.get(base.name) ?? calibrationLogs(model, world, base, options, targets);
      calibrations.set(base.name, logs);
      return logs;
    });
    const outcomes = runStudents(model, world, strategy, options, targets);
    report.strategies.push(summarise(strategy.name, strategy.description, targets, outcomes));
  }
  return report;
}

/** The run's target points: the latent points under its range (none: an error). */
export function targetsOf(world: World, options: SimOptions): string[] {
  const targets = pointsIn(world, options.range);
  if (targets.length === 0) throw new Error(`simulation: no question under ${options.range.join(', ')}`);
  return targets;
}

/**
 * The outcomes of the cohort's students `from`..`to` (exclusive) through a prepared strategy. A student's run depends
 * only on the seed and their index, so the cohort can be run in pieces (worker threads) and the pieces joined in order.
 */
export function runStudents(
  model: StudentModel,
  world: World,
  strategy: Strategy,
  o: SimOptions,
  targets: string[],
  from = 0,
  to = o.students,
): StudentOutcome[] {
  return cohortPart(model, world, o.seed, o.mix, from, to).map(
    (student) => runStudent(model, world, strategy, o, targets, student).outcome,
  );
}

/**
 * Other students (the cohort of seed + 1,000,003, as many as the run's; `from`..`to` of them) trained by `base` over
 * the run's days: their logs, as an agency's records before a change (docs/simulation.md "Ability-matched draws").
 */
export function calibrationLogs(
  model: StudentModel,
  world: World,
  base: Strategy,
  o: SimOptions,
  targets: string[],
  from = 0,
  to = o.students,
): StudentLog[] {
  const seed = (o.seed + 1_000_003) % 2 ** 31;
  return cohortPart(model, world, seed, o.mix, from, to).map(
    (student) => runStudent(model, world, base, { ...o, seed }, targets, student).log,
  );
}

/** Students `from`..`to` of the cohort `makeCohort` makes (the same students, without making the others). */
function cohortPart(model: StudentModel, world: World, seed: number, mix: Mix, from: number, to: number) {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => {
    const i = from + k;
    return makeStudent(model, world, seed, i, mix === 'mix' ? PROFILES[i % PROFILES.length] : mix);
  });
}

function runStudent(
  model: StudentModel,
  world: World,
  strategy: Strategy,
  o: SimOptions,
  targets: string[],
  student: SimStudent,
): { outcome: StudentOutcome; log: StudentLog } {
  const log = new StudentLog();
  const rng = stream(o.seed, `run:${strategy.name}`, student.index);
  const tracker = new OutcomeTracker(model, world, student, targets, log, o.startAt);
  for (let day = 0; day < o.days; day++) {
    if (!rng.chance(o.attendance)) continue;
    const start = o.startAt + day * DAY_MS + rng.int(7200) * 1000;
    const budgetEnd = start + o.sessionMinutes * 60_000;
    const s: SessionContext = {
      model,
      world,
      student,
      log,
      rng,
      now: start,
      stopAt: start + 1.5 * o.sessionMinutes * 60_000,
      draw: strategy.draw,
      afterAnswer: (code, seconds, counted) => {
        tracker.afterAnswer(code, seconds, s.now);
        if (counted) tracker.afterCounted(s.now);
      },
    };
    reviewDue(s, o.reviewsPerSession, budgetEnd);
    while (s.now < budgetEnd) {
      const engine = strategy.next({ world, log, range: o.range, rng });
      if (!engine) break;
      const stored = runTraining(s, engine);
      tracker.afterCounted(s.now);
      if (stored === 0) break;
    }
  }
  return { outcome: tracker.finish(o.startAt + o.days * DAY_MS), log };
}
