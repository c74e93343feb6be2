// Runs one import file through a child process (import-worker.ts) with its own heap limit: feeds it the file's
// chunks, stages what it sends back, and turns every way it can end into a result or a Chinese JobFailure.
// A child process, not a worker thread: a worker thread that runs out of heap can abort the whole server
// (nodejs/node#47224, measured here: a 24 MB worker parsing a 2.6 MB GIFT file took the process down), while
// a child that does only dies itself (docs/jobs.md "Why a child process").
import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JobFailure } from '../../jobs/job-queue.js';
import type { FromWorker, ImportOutcome, ImportWorkerData, ToWorker } from './import-protocol.js';
import type { StagedQuestion } from './transfer.validate.js';

export const IMPORT_PROCESS_MESSAGES = {
  memory: (mb: number) => `导入失败：解析该文件需要的内存超过上限 ${mb} MB（导入进程内存上限），请拆分文件后重新导入`,
  died: '导入失败：导入进程意外退出，未导入任何题目，请重试或拆分文件后重新导入',
};

/** The import process's niceness (0 normal, 19 lowest). */
const IMPORT_PROCESS_NICE = 10;

/** The child's entry: the TypeScript source run through tsx (as `npm start` runs the server), or built JS. */
function entry(): { file: string; execArgv: string[] } {
  const ts = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(`./import-worker.${ts ? 'ts' : 'js'}`, import.meta.url));
  // tsx's loader by its absolute URL: `--import tsx` would be resolved from the working directory.
  const tsx = ts ? pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href : '';
  return { file, execArgv: ts ? ['--import', tsx] : [] };
}

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
  const { file, execArgv } = entry();
  const child = fork(file, [], {
    execArgv: [...execArgv, `--max-old-space-size=${o.memoryMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  // The child's last words (V8's out-of-memory report) tell a memory death from another one.
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString('utf8')).slice(-4000);
  });
  const post = (m: ToWorker) => child.send(m);
  return new Promise<ImportOutcome>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      o.signal.removeEventListener('abort', onAbort);
      child.kill('SIGKILL');
      fn();
    };
    const fail = (e: Error) => settle(() => reject(e));
    const onAbort = () => fail(new Error(`import process aborted: ${String(o.signal.reason)}`));
    o.signal.addEventListener('abort', onAbort);
    if (o.signal.aborted) return onAbort();
    if (child.pid) {
      // Below the server's priority: on a machine with few cores the requests win the CPU over a long parse.
      try {
        setPriority(child.pid, IMPORT_PROCESS_NICE);
      } catch {
        // Not permitted here: the child runs at normal priority.
      }
      o.onSpawn?.(child.pid);
    }

    child.on('message', (m: FromWorker) => {
      const step =
        m.type === 'batch'
          ? o.onBatch(m.items).then(async () => {
              await o.onProgress(m.processed, m.total);
              post({ type: 'ack' });
            })
          : m.type === 'progress'
            ? o.onProgress(m.processed, m.total)
            : m.type === 'done'
              ? Promise.resolve(settle(() => resolve(m.outcome)))
              : Promise.resolve(fail(new JobFailure(`导入失败：${m.message}`)));
      step.catch(fail);
    });
    child.on('error', () => fail(new JobFailure(IMPORT_PROCESS_MESSAGES.died)));
    // `close`: the child exited and its stderr is read to the end.
    child.on('close', () =>
      fail(
        new JobFailure(
          /heap out of memory|Reached heap limit|Allocation failed/.test(stderr)
            ? IMPORT_PROCESS_MESSAGES.memory(o.memoryMb)
            : IMPORT_PROCESS_MESSAGES.died,
        ),
      ),
    );

    post({ type: 'start', data: o.data });
    void (async () => {
      for await (const chunk of o.chunks) {
        if (settled) return;
        post({ type: 'chunk', data: chunk });
      }
      post({ type: 'end' });
    })().catch(fail);
  });
}
