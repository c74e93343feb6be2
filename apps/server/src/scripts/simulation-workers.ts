// The demo simulation run across worker threads (docs/simulation.md "Speed"): every worker builds the same demo world
// and strategies from plain options, the cohort is split into one contiguous piece of students per worker, and the
// pieces' outcomes are joined in student order before the figures are taken — so the report is the same whatever the
// number of workers (a student's run depends only on the seed and their index). A calibration cohort (ability-matched
// draws) is run in pieces the same way; its records, joined in order, go to every worker, which calibrates from them.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SimRecord } from '../features/simulation/sim-log.js';
import { StudentLog } from '../features/simulation/sim-log.js';
import type { StudentOutcome } from '../features/simulation/sim-outcome.js';
import type { StudentModel } from '../features/simulation/sim-params.js';
import { summarise } from '../features/simulation/sim-report.js';
import type { Strategy } from '../features/simulation/sim-strategies.js';
import { buildWorld, type World } from '../features/simulation/sim-world.js';
import { simulate, targetsOf, type SimOptions, type SimulationReport } from '../features/simulation/simulation.js';
import { demoStrategies, demoWorldSource } from './simulation-demo.js';

/** Everything a run is a function of, as plain data: what each worker is given. */
export interface DemoRunSpec {
  model: StudentModel;
  options: SimOptions;
  /** Generated questions per point of the range (`--per-point`). */
  perPoint: number;
  /** Strategies by name (DEMO_STRATEGIES), then the scheme files. */
  names: string[];
  files: { name: string; json: unknown }[];
}

/** A worker's task: a piece of the calibration cohort of a base strategy, or of the cohort through a strategy. */
export type WorkerTask =
  | { kind: 'calibrate'; base: string; from: number; to: number }
  | {
      kind: 'run';
      strategy: number;
      from: number;
      to: number;
      /** The calibration cohort's records per student (in order), for a strategy calibrated on it. */
      calibration: SimRecord[][] | null;
    };

export type WorkerReply =
  | { kind: 'calibrate'; records: SimRecord[][] }
  | { kind: 'run'; outcomes: StudentOutcome[] }
  | { kind: 'error'; message: string };

/** One worker per core by default. */
export const defaultWorkers = () => availableParallelism();

/** The demo world and strategies of a spec (the same in every thread). */
export function demoRun(spec: DemoRunSpec) {
  const { model, options } = spec;
  const world = buildWorld(model, options.seed, demoWorldSource(options.seed, options.range, spec.perPoint));
  return { world, strategies: demoStrategies(world, spec.names, spec.files) };
}

/**
 * The base strategy each strategy calibrates on (by the strategy's index), read by asking `prepare` for it; the logs
 * it is given are empty, and a worker prepares the strategy again with the real ones before running it.
 */
export function calibrationBases(world: World, strategies: readonly Strategy[]): Map<number, Strategy> {
  const bases = new Map<number, Strategy>();
  strategies.forEach((s, i) =>
    s.prepare?.(world, (base) => {
      bases.set(i, base);
      return [];
    }),
  );
  return bases;
}

/** A calibration cohort's logs again from their records (calibration reads a log's records only). */
export function logsFrom(records: readonly SimRecord[][]): StudentLog[] {
  return records.map((mine) => {
    const log = new StudentLog();
    log.records.push(...mine);
    return log;
  });
}

/** Contiguous pieces of `n` students, one per worker (none empty). */
export function pieces(n: number, workers: number): { from: number; to: number }[] {
  const k = Math.max(1, Math.min(workers, n));
  return Array.from({ length: k }, (_, i) => ({ from: Math.floor((i * n) / k), to: Math.floor(((i + 1) * n) / k) }));
}

/**
 * The worker: built JS as it is; the TypeScript source (as `npm run simulate` runs it) through tsx's API, registered
 * in the worker by its absolute URL — Node 20 does not apply an `--import` loader to a worker's entry module.
 */
function startWorker(spec: DemoRunSpec): Worker {
  const ts = import.meta.url.endsWith('.ts');
  const file = new URL(`./simulation-worker.${ts ? 'ts' : 'js'}`, import.meta.url);
  if (!ts) return new Worker(file, { workerData: spec });
  const api = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(file.href)}))`;
  return new Worker(code, { eval: true, workerData: spec });
}

/** A worker taking one task at a time. */
class SimWorker {
  private readonly worker: Worker;
  private waiting: { resolve(r: WorkerReply): void; reject(e: Error): void } | null = null;
  /** Set once the worker failed or exited: it takes no more tasks. */
  private failed: Error | null = null;

  constructor(spec: DemoRunSpec) {
    this.worker = startWorker(spec);
    this.worker.on('message', (reply: WorkerReply) => this.settle(reply));
    this.worker.on('error', (e) => this.settle(e));
    this.worker.on('exit', (code) => this.settle(new Error(`simulation worker exited with code ${code}`)));
  }

  private settle(outcome: WorkerReply | Error) {
    const waiting = this.waiting;
    this.waiting = null;
    if (outcome instanceof Error) this.failed ??= outcome;
    if (!waiting) return;
    if (outcome instanceof Error) waiting.reject(outcome);
    else if (outcome.kind === 'error') waiting.reject(new Error(`simulation worker: ${outcome.message}`));
    else waiting.resolve(outcome);
  }

  ask(task: WorkerTask): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      this.waiting = { resolve, reject };
      this.worker.postMessage(task);
    });
  }

  stop() {
    return this.worker.terminate();
  }
}

/**
 * The demo simulation on `workers` threads (1: in this thread, `simulate` itself). The report is the same for any
 * number of workers.
 */
export async function simulateDemo(spec: DemoRunSpec, workers = defaultWorkers()): Promise<SimulationReport> {
  const { model, options } = spec;
  const { world, strategies } = demoRun(spec);
  const parts = pieces(options.students, workers);
  if (parts.length <= 1) return simulate(model, world, strategies, options);
  const targets = targetsOf(world, options);
  const bases = calibrationBases(world, strategies);
  const pool = parts.map(() => new SimWorker(spec));
  try {
    const calibrations = new Map<string, SimRecord[][]>();
    const calibrationOf = async (base: string) => {
      const known = calibrations.get(base);
      if (known) return known;
      const replies = await Promise.all(parts.map((p, w) => pool[w].ask({ kind: 'calibrate', base, ...p })));
      const records = replies.flatMap((r) => (r.kind === 'calibrate' ? r.records : []));
      calibrations.set(base, records);
      return records;
    };
    const report: SimulationReport = { options, targets, strategies: [] };
    for (const [i, strategy] of strategies.entries()) {
      const base = bases.get(i);
      const calibration = base ? await calibrationOf(base.name) : null;
      const replies = await Promise.all(
        parts.map((p, w) => pool[w].ask({ kind: 'run', strategy: i, calibration, ...p })),
      );
      const outcomes = replies.flatMap((r) => (r.kind === 'run' ? r.outcomes : []));
      report.strategies.push(summarise(strategy.name, strategy.description, targets, outcomes));
    }
    return report;
  } finally {
    await Promise.all(pool.map((w) => w.stop()));
  }
}
