// A job's work in a child process with its own heap limit (docs/jobs.md "Why a child process, not a worker thread"):
// starts the child (its TypeScript source through tsx, as `npm start` runs the server), below the server's priority,
// and turns every way it can end — its answer, the job's abort, running out of heap, any other death — into one
// settled promise. What goes to and fro and the Chinese messages are the feature's (import-process.ts,
// dry-run-process.ts).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JobFailure } from './job-queue.js';

/** A child's niceness (0 normal, 19 lowest): on a machine with few cores the requests win the CPU over its work. */
const CHILD_NICE = 10;

/** V8's out-of-memory report on stderr (`FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap…`). */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/;

/** The end of one read of stderr kept for the next: the report's words may be split between two reads. */
const SPLIT_TAIL = 100;

/** The child's entry: its `.ts` source under tsx's loader (by absolute URL: `--import tsx` would be resolved from
 * the working directory) when the server runs from source, else the built `.js`. */
function entry(worker: URL): { file: string; execArgv: string[] } {
  const ts = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(ts ? new URL(worker.href.replace(/\.js$/, '.ts')) : worker);
  const tsx = ts ? pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href : '';
  return { file, execArgv: ts ? ['--import', tsx] : [] };
}

/** What a feature's handlers can do with the running child. */
export interface ChildRun<To extends object, T> {
  /** Sends to the child. A send to a child that died already is not the failure: its exit says why it died. */
  send: (m: To) => void;
  /** Ends the job with the child's answer (and kills the child). */
  done: (result: T) => void;
  /** Ends the job with `e` (and kills the child). */
  fail: (e: Error) => void;
  /** Whether the job has ended already. */
  settled: () => boolean;
}

export interface ChildProcessOptions<From, To extends object, T> {
  /** The child's module, named as imports are: `new URL('./import-worker.js', import.meta.url)`. */
  worker: URL;
  /** The child's heap limit (`--max-old-space-size`). */
  memoryMb: number;
  /** Aborting kills the child (time limit, shutdown, cancel); the job queue names the reason itself. */
  signal: AbortSignal;
  /** The child's pid once it runs (operators, tests). */
  onSpawn?: (pid: number) => void;
  /** The job's Chinese messages for a child that ran out of heap, and for any other death. */
  messages: { memory: (mb: number) => string; died: string };
  /** Handles a message from the child. */
  onMessage: (m: From, run: ChildRun<To, T>) => void;
  /** Starts the child's work once every handler is on (its first message, the input). */
  start: (run: ChildRun<To, T>) => void;
}

export function runChildProcess<From, To extends object, T>(o: ChildProcessOptions<From, To, T>): Promise<T> {
  if (o.signal.aborted) return Promise.reject(abortError(o.signal));
  const { file, execArgv } = entry(o.worker);
  const child = fork(file, [], {
    execArgv: [...execArgv, `--max-old-space-size=${o.memoryMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  // The child's last words tell a memory death from another one. Each read is searched as it comes: V8's report goes
  // on with a native stack trace many kilobytes long after the line that names it, in the same read or later ones,
  // so neither the end of stderr nor the end of a read may hold it.
  let tail = '';
  let outOfMemory = false;
  child.stderr?.on('data', (b: Buffer) => {
    const text = tail + b.toString('utf8');
    outOfMemory ||= OUT_OF_MEMORY.test(text);
    tail = text.slice(-SPLIT_TAIL);
  });
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      o.signal.removeEventListener('abort', onAbort);
      child.kill('SIGKILL');
      fn();
    };
    const run: ChildRun<To, T> = {
      send: (m) => {
        if (!settled) child.send(m, () => undefined);
      },
      done: (result) => settle(() => resolve(result)),
      fail: (e) => settle(() => reject(e)),
      settled: () => settled,
    };
    const onAbort = () => run.fail(abortError(o.signal));
    o.signal.addEventListener('abort', onAbort);
    if (child.pid) {
      try {
        setPriority(child.pid, CHILD_NICE);
      } catch {
        // Not permitted here: the child runs at normal priority.
      }
      o.onSpawn?.(child.pid);
    }
    child.on('message', (m: From) => o.onMessage(m, run));
    child.on('error', () => run.fail(new JobFailure(o.messages.died)));
    // `close`: the child exited and its stderr is read to the end.
    child.on('close', () => run.fail(new JobFailure(outOfMemory ? o.messages.memory(o.memoryMb) : o.messages.died)));
    o.start(run);
  });
}

/** The abort's reason as an error (the job queue reads the reason from the signal, not from this). */
const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error(`child process aborted: ${String(signal.reason)}`);
