// Runs one import file through a child process (import-worker.ts) with its own heap limit: feeds it the file's
// chunks, stages what it sends back, and turns every way it can end into a result or a Chinese JobFailure.
// A child process, not a worker thread: a worker thread that runs out of heap can abort the whole server
// (nodejs/node#47224, measured here: a 24 MB worker parsing a 2.6 MB GIFT file took the process down), while
// a child that does only dies itself (docs/jobs.md "Why a child process"); jobs/child-process.ts starts and ends it.
import { runChildProcess } from '../../jobs/child-process.js';
import { JobFailure } from '../../jobs/job-queue.js';
import type { FromWorker, ImportOutcome, ImportWorkerData, ToWorker } from './import-protocol.js';
import type { StagedQuestion } from './transfer.validate.js';

export const IMPORT_PROCESS_MESSAGES = {
  memory: (mb: number) => `导入失败：解析该文件需要的内存超过上限 ${mb} MB（导入进程内存上限），请拆分文件后重新导入`,
  died: '导入失败：导入进程意外退出，未导入任何题目，请重试或拆分文件后重新导入',
  refused: (message: string) => `导入失败：${message}`,
};

export interface ImportProcessOptions {
  data: ImportWorkerData;
  memoryMb: number;
  /** The stored file, chunk by chunk. */
  chunks: AsyncIterable<Buffer>;
  /** Stores a batch of valid questions; the child waits for it. */
  onBatch: (items: StagedQuestion[]) => Promise<void>;
  onProgress: (processed: number, total: number) => Promise<void>;
  /** Aborting kills the child (shutdown, time limit). */
  signal: AbortSignal;
  /** The child's pid once it runs (operators, tests). */
  onSpawn?: (pid: number) => void;
}

export function runImportProcess(o: ImportProcessOptions): Promise<ImportOutcome> {
  return runChildProcess<FromWorker, ToWorker, ImportOutcome>({
    worker: new URL('./import-worker.js', import.meta.url),
    memoryMb: o.memoryMb,
    signal: o.signal,
    onSpawn: o.onSpawn,
    messages: IMPORT_PROCESS_MESSAGES,
    onMessage: (m, run) => {
      const step =
        m.type === 'batch'
          ? o.onBatch(m.items).then(async () => {
              await o.onProgress(m.processed, m.total);
              run.send({ type: 'ack' });
            })
          : m.type === 'progress'
            ? o.onProgress(m.processed, m.total)
            : m.type === 'done'
              ? Promise.resolve(run.done(m.outcome))
              : Promise.resolve(run.fail(new JobFailure(IMPORT_PROCESS_MESSAGES.refused(m.message))));
      step.catch(run.fail);
    },
    start: (run) => {
      run.send({ type: 'start', data: o.data });
      void (async () => {
        for await (const chunk of o.chunks) {
          if (run.settled()) return;
          run.send({ type: 'chunk', data: chunk });
        }
        run.send({ type: 'end' });
      })().catch(run.fail);
    },
  });
}
