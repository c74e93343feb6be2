// How an import's long writes share the database with the requests being served (docs/jobs.md "Imports"):
// each step (a write batch, a staging delete) is sized to a target duration from the last one's, and on
// PGlite — whose statements run on the server's own thread, so a step stops every request — the writer rests
// after each step until no API request has been in progress for a moment, at most a set multiple of the step's
// duration.
import { PGlite } from '@electric-sql/pglite';
import type { Server } from 'node:http';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';

/** The API requests in progress on this node (what a paced writer waits for). */
export class RequestActivity {
  private active = 0;
  /** When the last request ended (performance.now()); never, before the first. */
  private idleSince = -Infinity;
  private readonly waiters = new Set<() => void>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Counts every request the server receives until its response is closed (sent or aborted). */
  track(server: Server): void {
    server.on('request', (_req, res) => {
      this.begin();
      res.once('close', () => this.end());
    });
  }

  begin(): void {
    this.active++;
  }

  get inProgress(): number {
    return this.active;
  }

  end(): void {
    this.active--;
    if (this.active > 0) return;
    this.idleSince = this.now();
    for (const wake of [...this.waiters]) wake();
  }

  /**
   * Resolves once no request has been in progress for `gapMs`, or after `maxMs`. A moment with none in
   * progress is not enough: clients that call one after the other leave gaps of a millisecond between their
   * calls. It first lets the event loop poll for I/O, so that requests that arrived while a statement held the
   * thread are counted before it looks.
   */
  async quiet(maxMs: number, gapMs = QUIET_GAP_MS): Promise<void> {
    const deadline = this.now() + maxMs;
    await new Promise<void>((r) => setImmediate(r));
    for (;;) {
      const left = deadline - this.now();
      const idle = this.now() - this.idleSince;
      if (left <= 0 || (this.active === 0 && idle >= gapMs)) return;
      // Idle but not long enough: look again when it would be; busy: when the last request ends.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, this.active === 0 ? Math.min(gapMs - idle, left) : left);
        if (this.active > 0) this.waiters.add(done);
      });
    }
  }
}

/** How long no request must have been in progress for the writer to end its rest early. */
const QUIET_GAP_MS = 10;

export interface WritePace {
  /** Time one step should take: the next step's size follows from the last one's duration. */
  stepMs: number;
  /** Longest rest after a step of t ms, as a multiple of t; 0: only a turn of the event loop (PostgreSQL). */
  rest: number;
  /** Resolves once no request has been in progress for a moment, or after the given time. */
  quiet: (maxMs: number) => Promise<void>;
}

/** Only a turn of the event loop between steps (tests, and what has no request activity to watch). */
export const UNPACED: WritePace = {
  stepMs: 40,
  rest: 0,
  quiet: () => new Promise<void>((r) => setImmediate(r)),
};

/** True when `db` is the embedded PGlite (its statements run on this process's thread). */
export const isEmbedded = (db: Db) => (db as { $client?: unknown }).$client instanceof PGlite;

/**
 * The pace of imports' writes (docs/import-export.md "Limits"): on PGlite short steps and rests while requests
 * are served; on PostgreSQL, whose statements run in its own processes, longer steps and no rest.
 */
export function writePaceOf(t: Config['transfer'], embedded: boolean, activity: RequestActivity): WritePace {
  // PostgreSQL: the requests are not counted there (transfer.service.ts), a turn of the event loop is the rest.
  return embedded
    ? { stepMs: t.pgliteWriteBatchMs, rest: t.pgliteWriteRestPercent / 100, quiet: (ms) => activity.quiet(ms) }
    : { stepMs: t.writeBatchMs, rest: 0, quiet: UNPACED.quiet };
}

/**
 * Runs `step(size)` until it answers 0, each step sized from the last one's duration (between `min` and `max`)
 * to take `pace.stepMs`, resting between steps (`pace.rest`). Answers the sum of what the steps answered.
 */
export async function paced(
  pace: WritePace,
  bounds: { first: number; min: number; max: number },
  step: (size: number) => Promise<number>,
  after?: (done: number) => Promise<void> | void,
  now: () => number = () => performance.now(),
): Promise<number> {
  let size = Math.max(bounds.min, Math.min(bounds.first, bounds.max));
  let done = 0;
  for (;;) {
    const started = now();
    const n = await step(size);
    if (n === 0) return done;
    const ms = Math.max(now() - started, 0.5);
    done += n;
    if (n === size) size = Math.max(bounds.min, Math.min(bounds.max, Math.round((size * pace.stepMs) / ms)));
    await after?.(done);
    await pace.quiet(pace.rest * ms);
  }
}
