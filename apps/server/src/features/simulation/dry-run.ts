// A scheme's dry run (docs/simulation.md "Dry run of a scheme"): a cohort of synthetic students of one ability spread
// each sits one training of the scheme through the real engine, and then the same questions as a fixed paper; what
// the editor sees: questions and minutes used, phases whose target is reached, where students get stuck (points
// looped, visit caps hit, draws short of questions), the product's level and the truth per point. The job runs it in
// a child process (dry-run-process.ts); it runs in slices that yield to the event loop wherever it runs.
import {
  MASTERY_LEVELS,
  MAX_ENTRIES,
  type EngineScheme,
  type MasteryLevel,
  type SimulationResult,
  type SimulationSpread,
  type TrainingState,
} from '@edu/contract';
import { paperScheme } from '../schemes/schemes.policy.js';
import { DEFAULT_MODEL, PROFILES, type StudentModel } from './sim-params.js';
import { drawQuestions } from './sim-draw.js';
import { StudentLog } from './sim-log.js';
import { stream } from './sim-random.js';
import { questionsOf } from './sim-strategies.js';
import { runTraining, type DrawRule, type SessionContext } from './sim-training.js';
import { pointsIn, type World } from './sim-world.js';
import { makeStudent, trulyMastered, type SimStudent } from './student-model.js';

/** A training with no time limit is left after this long (2 hours). */
const NO_LIMIT_STOP_MS = 2 * 3600_000;
/** The paper of the same questions takes at most this many (validateScheme's bound on a fixed list is higher). */
export const DRY_RUN_PAPER_MAX = 200;
/** A slice of students runs at most this long before the run yields to the event loop. */
const SLICE_MS = 10;
// 2026-09-01 19:00 in China (UTC+8), as the simulation's default day 0.
const START_AT = Date.UTC(2026, 8, 1, 11);

export interface DryRunOptions {
  students: number;
  spread: SimulationSpread;
  seed?: number;
  model?: StudentModel;
  /** Called after each slice with the students done (of `students` × 2: the scheme, then the paper). */
  progress?: (done: number, total: number) => Promise<void> | void;
  /** Checked between slices: an aborted run throws its reason. */
  signal?: AbortSignal;
  /** Milliseconds now (for the result's seconds); default performance.now. */
  clock?: () => number;
}

interface Sitting {
  answers: number;
  seconds: number;
  /** Of the training's last state: entries per `phase/point`, the last visits' outcomes, each phase's last point. */
  entries: Record<string, number>;
  passed: Record<string, boolean>;
  lastPointOf: Record<string, string>;
  /** The phase of the training's last answer. */
  lastPhase: string | null;
  timedOut: boolean;
  draws: { phase: string; point: string; asked: number; got: number }[];
  /** Per target point: truly mastered before and after, and the product's level after. */
  before: boolean[];
  after: boolean[];
  levels: MasteryLevel[];
}

/** One training of `engine` by `student`, from `START_AT`. */
function sit(
  model: StudentModel,
  world: World,
  engine: EngineScheme,
  student: SimStudent,
  seed: number,
  targets: string[],
) {
  const log = new StudentLog();
  const draws: Sitting['draws'] = [];
  const draw: DrawRule = (w, _log, req, ctx) => {
    const ids = drawQuestions(w, req, ctx);
    draws.push({ phase: req.phase, point: req.point, asked: ctx.paper ? ids.length : req.count, got: ids.length });
    return ids;
  };
  const before = targets.map((code) => trulyMastered(model, world, student, code, START_AT));
  const stopAt = START_AT + (engine.timeLimit > 0 ? engine.timeLimit * 1000 + 60_000 : NO_LIMIT_STOP_MS);
  let answers = 0;
  let seconds = 0;
  let end: { state: TrainingState; left: boolean } | undefined;
  const s: SessionContext = {
    model,
    world,
    student,
    log,
    rng: stream(seed, `dry-run:${engine.type}`, student.index),
    now: START_AT,
    stopAt,
    draw,
    afterAnswer: (_code, secs) => {
      answers++;
      seconds += secs;
    },
    onEnd: (state, left) => (end = { state, left }),
  };
  runTraining(s, engine);
  const { state, left } = end!;
  const timedOut = state.status === 'expired' || (left && s.now >= stopAt);
  // Only these figures are kept: the student and their log are dropped (10,000 of them would not fit).
  const after = targets.map((code) => trulyMastered(model, world, student, code, s.now));
  const levels = targets.map((code) => log.levels([code]).get(code)?.level ?? 'none');
  const lastPointOf: Record<string, string> = {};
  for (const a of state.answers) lastPointOf[a.phase] = a.point;
  const { entries, passed } = state;
  const lastPhase = state.answers.at(-1)?.phase ?? null;
  return { answers, seconds, entries, passed, lastPointOf, lastPhase, timedOut, draws, before, after, levels };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

function usage(sittings: Sitting[], targets: string[]) {
  const answers = sittings.map((s) => s.answers).sort((a, b) => a - b);
  const minutes = sittings.map((s) => s.seconds / 60).sort((a, b) => a - b);
  const width = Math.max(1, Math.ceil((answers[answers.length - 1] + 1) / 20));
  const histogram: { from: number; to: number; students: number }[] = [];
  for (const a of answers) {
    const from = Math.floor(a / width) * width;
    const last = histogram[histogram.length - 1];
    if (last?.from === from) last.students++;
    else histogram.push({ from, to: from + width, students: 1 });
  }
  const pairs = Math.max(1, sittings.length * targets.length);
  let before = 0;
  let after = 0;
  for (const s of sittings)
    targets.forEach((_code, i) => {
      if (s.before[i]) before++;
      if (s.after[i]) after++;
    });
  return {
    questions: { median: quantile(answers, 0.5), p90: quantile(answers, 0.9) },
    minutes: { median: round(quantile(minutes, 0.5)), p90: round(quantile(minutes, 0.9)) },
    histogram,
    trueMasteryBefore: round(before / pairs, 3),
    trueMasteryAfter: round(after / pairs, 3),
  };
}

/** Runs the dry run; `world` is the bank the scheme draws from. */
export async function dryRun(world: World, engine: EngineScheme, o: DryRunOptions): Promise<SimulationResult> {
  const model = o.model ?? DEFAULT_MODEL;
  const seed = o.seed ?? 1;
  const clock = o.clock ?? (() => performance.now());
  const started = clock();
  const targets = pointsIn(world, engine.kpRange);
  const ids = engine.type === 'paper' ? [] : questionsOf(world, engine).slice(0, DRY_RUN_PAPER_MAX);
  const paper = ids.length
    ? paperScheme({ kpRange: engine.kpRange, timeLimit: engine.timeLimit, questionIds: ids })
    : null;
  const total = o.students * (paper ? 2 : 1);
  let done = 0;
  const runAll = async (e: EngineScheme) => {
    const out: Sitting[] = [];
    let sliceStart = clock();
    for (let i = 0; i < o.students; i++) {
      const profile = o.spread === 'mix' ? PROFILES[i % 3] : o.spread;
      out.push(sit(model, world, e, makeStudent(model, world, seed, i, profile), seed, targets));
      done++;
      if (clock() - sliceStart >= SLICE_MS || i === o.students - 1) {
        await o.progress?.(done, total);
        await new Promise((r) => setImmediate(r));
        if (o.signal?.aborted) throw o.signal.reason;
        sliceStart = clock();
      }
    }
    return out;
  };
  const sittings = await runAll(engine);
  const result: SimulationResult = {
    students: o.students,
    spread: o.spread,
    bankQuestions: world.questions.length,
    scheme: usage(sittings, targets),
    timedOut: sittings.filter((s) => s.timedOut).length,
    phases: phasesOf(engine, sittings),
    stuck: stuckOf(engine, sittings),
    points: targets.map((code, i) => pointOf(sittings, code, i)),
    paper: null,
    seconds: 0,
  };
  if (paper) {
    // The sittings are dropped before the paper's run: one cohort's logs in memory at a time.
    sittings.length = 0;
    const papers = await runAll(paper);
    result.paper = { ...usage(papers, targets), questionCount: ids.length };
  }
  result.seconds = round((clock() - started) / 1000, 2);
  return result;
}

/** A phase's target is reached when the student left it by a passed visit (its last point's last visit passed). */
function phasesOf(engine: EngineScheme, sittings: Sitting[]) {
  return engine.phases.map((p) => {
    let entered = 0;
    let reached = 0;
    for (const s of sittings) {
      const last = s.lastPointOf[p.phase];
      const visited = Object.keys(s.entries).some((k) => k.startsWith(`${p.phase}/`));
      if (!visited && last === undefined) continue;
      entered++;
      // A student whose time ran out while in this phase has not reached its target.
      const inPhaseAtEnd = s.timedOut && s.lastPhase === p.phase;
      if (last !== undefined && s.passed[`${p.phase}/${last}`] && !inPhaseAtEnd) reached++;
    }
    return { phase: p.phase, entered, reached };
  });
}

function stuckOf(engine: EngineScheme, sittings: Sitting[]) {
  const out: SimulationResult['stuck'] = [];
  for (const p of engine.phases)
    for (const point of p.points) {
      const key = `${p.phase}/${point.name}`;
      let looped = 0;
      let capped = 0;
      let shortDraws = 0;
      let emptyDraws = 0;
      for (const s of sittings) {
        const n = s.entries[key] ?? 0;
        if (n > 1) looped++;
        if (n >= MAX_ENTRIES) capped++;
        for (const d of s.draws)
          if (d.phase === p.phase && d.point === point.name) {
            if (d.got === 0) emptyDraws++;
            else if (d.got < d.asked) shortDraws++;
          }
      }
      if (looped || capped || shortDraws || emptyDraws)
        out.push({ phase: p.phase, point: point.name, looped, capped, shortDraws, emptyDraws });
    }
  return out.sort((a, b) => b.capped - a.capped || b.emptyDraws - a.emptyDraws || b.looped - a.looped);
}

function pointOf(sittings: Sitting[], code: string, i: number) {
  const levels = Object.fromEntries(MASTERY_LEVELS.map((l) => [l, 0])) as SimulationResult['points'][number]['levels'];
  let before = 0;
  let after = 0;
  for (const s of sittings) {
    levels[s.levels[i]]++;
    if (s.before[i]) before++;
    if (s.after[i]) after++;
  }
  const n = Math.max(1, sittings.length);
  return { code, levels, trueBefore: round(before / n, 3), trueAfter: round(after / n, 3) };
}
