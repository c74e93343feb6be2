// The password rule for a sheet's typed passwords, off the event loop (docs/enrolment.md "Passwords"): zxcvbn's
// estimate costs milliseconds a password, so 2,000 typed passwords held the event loop for seconds. A bounded pool
// of worker threads (one core left to requests) answers them in chunks; each worker has a small heap limit.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../../lib/worker-thread.js';

export interface PasswordToCheck {
  password: string;
  /** The username and name the password must not lean on. */
  inputs: string[];
}

/** Workers at most: every core but one, and no more than four. */
export const CHECK_WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));
/** Passwords per message: small enough for steady progress, large enough that messaging costs nothing. */
const CHUNK = 50;
const WORKER_HEAP_MB = 96;

/** The worker, with a small heap. */
const spawn = (): Worker =>
  spawnWorker(import.meta.url, 'password-check-worker', { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });

function ask(w: Worker, chunk: readonly PasswordToCheck[]): Promise<(string | null)[]> {
  return new Promise((resolve, reject) => {
    const done = () => {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    const onMessage = (answers: (string | null)[]) => {
      done();
      resolve(answers);
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`password check worker exited with code ${code}`));
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.postMessage(chunk);
  });
}

/**
 * The password rule's answer for each item (null: the password may be used), in order. `onChecked` hears how many
 * are answered so far. Aborting stops handing out chunks; the workers end either way.
 */
export async function checkPasswordsOffThread(
  items: readonly PasswordToCheck[],
  signal: AbortSignal,
  onChecked?: (checked: number) => Promise<void> | void,
): Promise<(string | null)[]> {
  const out: (string | null)[] = new Array<string | null>(items.length).fill(null);
  if (items.length === 0) return out;
  const workers = Array.from({ length: Math.min(CHECK_WORKERS, Math.ceil(items.length / CHUNK)) }, spawn);
  let next = 0;
  let checked = 0;
  const drive = async (w: Worker) => {
    while (next < items.length) {
      if (signal.aborted) throw new Error('aborted');
      const from = next;
      next += CHUNK;
      const answers = await ask(w, items.slice(from, from + CHUNK));
      answers.forEach((a, i) => (out[from + i] = a));
      checked += answers.length;
      await onChecked?.(checked);
    }
  };
  try {
    await Promise.all(workers.map(drive));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return out;
}
