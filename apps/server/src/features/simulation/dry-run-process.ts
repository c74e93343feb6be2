// Runs a scheme's dry run in a child process (dry-run-worker.ts) with its own heap limit, off the server's thread
// (docs/simulation.md "Dry run of a scheme"): posts it the plain data, relays its progress, answers its result, and
// turns every other way it can end into a Chinese JobFailure. A child process, not a worker thread: a worker thread
// out of heap can abort the whole server (nodejs/node#47224, measured here: docs/jobs.md "Why a child process, not a
// worker thread"), and a child can run below the server's priority, so that the requests win the CPU on few cores;
// jobs/child-process.ts starts and ends it.
import type { SimulationResult } from '@edu/contract';
import { runChildProcess } from '../../jobs/child-process.js';
import { JobFailure } from '../../jobs/job-queue.js';
import type { DryRunData, FromDryRun, ToDryRun } from './dry-run-protocol.js';

export const DRY_RUN_PROCESS_MESSAGES = {
  memory: (mb: number) => `模拟失败：所需内存超过上限 ${mb} MB（模拟进程内存上限），请减少模拟人数后重试`,
  died: '模拟失败：模拟进程意外退出，请重试',
  error: (message: string) => `模拟失败：${message}`,
};

export interface DryRunProcessOptions {
  data: DryRunData;
  /** The child's heap limit (`--max-old-space-size`), SIMULATION_WORKER_MB. */
  memoryMb: number;
  onProgress: (processed: number, total: number) => Promise<void>;
  /** Aborting kills the child (time limit, shutdown, cancel). */
  signal: AbortSignal;
  /** The child's pid once it runs (operators, tests). */
  onSpawn?: (pid: number) => void;
}

export function runDryRunProcess(o: DryRunProcessOptions): Promise<SimulationResult> {
  // Progress writes one after the other, the result after the last of them.
  let written = Promise.resolve();
  return runChildProcess<FromDryRun, ToDryRun, SimulationResult>({
    worker: new URL('./dry-run-worker.js', import.meta.url),
    memoryMb: o.memoryMb,
    signal: o.signal,
    onSpawn: o.onSpawn,
    messages: DRY_RUN_PROCESS_MESSAGES,
    onMessage: (m, run) => {
      if (m.type === 'progress') written = written.then(() => o.onProgress(m.processed, m.total));
      else if (m.type === 'done') void written.then(() => run.done(m.result), run.fail);
      else run.fail(new JobFailure(DRY_RUN_PROCESS_MESSAGES.error(m.message)));
      written.catch(run.fail);
    },
    start: (run) => run.send({ type: 'start', data: o.data }),
  });
}
