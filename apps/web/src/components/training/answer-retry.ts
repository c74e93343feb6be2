// Sends one answer until the server has it. The request (and so its clientAnswerId) never changes between
// tries, so the server stores it once however often it arrives (docs/domain.md "Schemes and trainings"); only failures that say nothing
// about the answer are retried, with exponential backoff, jitter (a classroom should not retry in step) and an
// early try when the browser comes back online.
import { isEnvelope, RequestFailure } from '../../api/client';

/** Envelope errnos that mean "not now" rather than "no": too many requests, server error, unavailable. */
const TRANSIENT_ERRNOS = new Set([429, 500, 502, 503, 504]);

/** True when the failure is worth trying again with the same request. */
export function isTransient(error: unknown): boolean {
  if (error instanceof RequestFailure) return true;
  if (!isEnvelope(error)) return false;
  // 「训练正忙」 (parallel answers kept colliding on one training) is a 503; every 409 (time up, not the
  // current question) is a final answer.
  return TRANSIENT_ERRNOS.has(error.errno);
}

export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15_000;

/** Wait before try `attempt + 1` (attempt ≥ 1): 1 s, 2 s, 4 s, … at most 15 s, each ±25 %. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1), MAX_DELAY_MS);
  return Math.round(base * (0.75 + 0.5 * random()));
}

export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortedError';
  }
}

/** Resolves after `ms`, or earlier when the browser reports it is online again; rejects when aborted. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const abort = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      reject(new AbortedError());
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

export interface RetryOptions {
  /** Stops the retries (the page went away); the promise then rejects with AbortedError. */
  signal?: AbortSignal;
  /** Told after every transient failure, before waiting. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  delay?: (attempt: number) => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Calls `send` until it resolves or fails for a reason a retry cannot change. */
export async function sendUntilSaved<T>(send: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const delay = options.delay ?? ((a: number) => backoffDelay(a));
  const sleep = options.sleep ?? wait;
  for (let attempt = 1; ; attempt++) {
    if (options.signal?.aborted) throw new AbortedError();
    try {
      return await send();
    } catch (error) {
      if (!isTransient(error)) throw error;
      const ms = delay(attempt);
      options.onRetry?.(error, attempt, ms);
      await sleep(ms, options.signal);
    }
  }
}

/** A fresh id for one answer: randomUUID where the browser offers it (secure contexts only), else v4 by hand. */
export function newAnswerId(c: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = crypto): string {
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
