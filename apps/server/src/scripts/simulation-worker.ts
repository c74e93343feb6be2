// A worker thread of the demo simulation (`simulation-workers.ts`, docs/simulation.md "Speed"): builds the demo world
// and strategies from the run's plain options once, then runs the pieces of a cohort it is asked for and sends back
// the outcomes (or a calibration cohort's records).
import { parentPort, workerData } from 'node:worker_threads';
import { calibrationLogs, runStudents, targetsOf } from '../features/simulation/simulation.js';
import {
  calibrationBases,
  demoRun,
  logsFrom,
  type DemoRunSpec,
  type WorkerReply,
  type WorkerTask,
} from './simulation-workers.js';

const spec = workerData as DemoRunSpec;
const { model, options } = spec;
const { world, strategies } = demoRun(spec);
const targets = targetsOf(world, options);
const bases = new Map([...calibrationBases(world, strategies).values()].map((b) => [b.name, b]));
const prepared = new Set<number>();

function handle(task: WorkerTask): WorkerReply {
  if (task.kind === 'calibrate') {
    const base = bases.get(task.base);
    if (!base) throw new Error(`no calibration strategy "${task.base}"`);
    const logs = calibrationLogs(model, world, base, options, targets, task.from, task.to);
    return { kind: 'calibrate', records: logs.map((log) => log.records) };
  }
  const strategy = strategies[task.strategy];
  if (!prepared.has(task.strategy)) {
    const calibration = task.calibration;
    strategy.prepare?.(world, () => {
      if (!calibration) throw new Error(`strategy ${strategy.name}: no calibration cohort given`);
      return logsFrom(calibration);
    });
    prepared.add(task.strategy);
  }
  return { kind: 'run', outcomes: runStudents(model, world, strategy, options, targets, task.from, task.to) };
}

parentPort!.on('message', (task: WorkerTask) => {
  let reply: WorkerReply;
  try {
    reply = handle(task);
  } catch (e) {
    reply = { kind: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort!.postMessage(reply);
});
