// The background job queue (docs/jobs.md): the `jobs` table is the queue. A node claims queued jobs of the
// kinds it has handlers for (FOR UPDATE SKIP LOCKED), at most `concurrency` of a kind at once, keeps them
// alive with a heartbeat, and fails the jobs of nodes that stopped beating (sweep at start and periodically).
// The same code runs on PGlite and PostgreSQL: no LISTEN, only polling and a nudge when this node enqueues.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { DatabaseJobFiles, DirectoryJobFiles } from './job-files.js';
import { JobStore, type JobRow } from './job-store.js';

/** A failure whose message (Chinese) is what the job's owner reads; `result` is stored too (e.g. a report). */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly result?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const JOB_MESSAGES = {
  abandoned: '任务中断：处理它的服务器进程已停止，请重新提交',
  shutdown: '任务中断：服务器正在重启，请稍后重新提交',
  unexpected: '任务失败：服务器内部错误，请重试或联系管理员',
  timeout: (seconds: number) => `任务超过时限 ${seconds} 秒，已停止：请拆分后重新提交`,
  cancelled: '任务已取消',
};

export interface JobContext {
  job: JobRow;
  /** Stores progress (and the kind's phase) on the job row. */
  progress: (change: { processed?: number; total?: number; phase?: string }) => Promise<void>;
  /** Aborted when the node shuts down, the job passes its time limit or is cancelled; the handler stops and throws. */
  signal: AbortSignal;
}

/** A job to add: its kind, owner and payload; `receiving` while its file is being stored. */
export interface NewJob {
  kind: string;
  agencyId?: string;
  userId?: number;
  payload: Record<string, unknown>;
  receiving?: boolean;
}

/** Runs one job; answers its result (stored on the row) or throws (a JobFailure's message is stored). */
export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown>>;

export interface JobKindOptions {
  /** Most jobs of this kind this node runs at once. */
  concurrency: number;
  /** Longest run of one job; the signal aborts after it and the job fails with JOB_MESSAGES.timeout. */
  timeoutSeconds: number;
}

export interface JobQueueOptions {
  /** Whether this process is the database's only user (PGlite): then at start every running job is abandoned. */
  soleNode: boolean;
  heartbeatMs?: number;
  /** A running job whose heartbeat is older than this is failed by the sweep. */
  staleMs?: number;
  pollMs?: number;
  /** Where jobs' files are kept: this directory, or the database (`job_files`) when null (docs/jobs.md "Job files"). */
  filesDir?: string | null;
  /** Finished jobs (and their files) are removed this long after they finished; default 7 days. */
  retentionMs?: number;
}

interface Kind extends JobKindOptions {
  handler: JobHandler;
  running: number;
}

interface Running {
  done: Promise<void>;
  abort: AbortController;
}

export class JobQueue {
  /** This process among the nodes sharing the database. */
  readonly node = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly store: JobStore;
  private readonly kinds = new Map<string, Kind>();
  private readonly running = new Map<string, Running>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly sweepTasks: (() => Promise<unknown>)[] = [];
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private stopped = false;
  private readonly heartbeatMs: number;
  private readonly staleMs: number;
  private readonly pollMs: number;
  private readonly retentionMs: number;
  /** Where errors that are not a job's own failure go (the app sets its logger). */
  onError: (err: unknown) => void = (err) => console.error('background job error', err);

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly options: JobQueueOptions,
  ) {
    this.store = new JobStore(
      db,
      options.filesDir ? new DirectoryJobFiles(options.filesDir) : new DatabaseJobFiles(db),
    );
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.staleMs = options.staleMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.retentionMs = options.retentionMs ?? 7 * 24 * 3600_000;
  }

  private now = () => new Date(this.clock.now());

  register(kind: string, handler: JobHandler, options: JobKindOptions): void {
    this.kinds.set(kind, { ...options, handler, running: 0 });
  }

  /** Work that cleans up after failed jobs (a kind's own leftovers); runs after every sweep. */
  afterSweep(task: () => Promise<unknown>): void {
    this.sweepTasks.push(task);
  }

  /** Sweeps what stopped nodes left, then polls, beats and sweeps on timers (unref'd: they keep no process up). */
  async start(): Promise<void> {
    await this.sweep(this.options.soleNode);
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const t = setInterval(() => void fn().catch((e: unknown) => this.onError(e)), ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.pollMs, () => this.pump());
    every(this.heartbeatMs, () => this.beat());
    every(this.staleMs, () => this.sweep(false));
    every(this.staleMs, () => this.purge());
    void this.pump().catch((e: unknown) => this.onError(e));
  }

  /**
   * Fails the jobs no live node will finish (all running and receiving ones when `all`), then runs the
   * kinds' clean-ups (`afterSweep`); answers the ids failed.
   */
  async sweep(all: boolean): Promise<string[]> {
    const now = this.now();
    const failed = await this.store.failAbandoned({
      staleBefore: new Date(now.getTime() - this.staleMs),
      all,
      message: JOB_MESSAGES.abandoned,
      now,
      exceptNode: this.node,
    });
    for (const task of this.sweepTasks) await task().catch((e: unknown) => this.onError(e));
    return failed;
  }

  /** Removes finished jobs older than the retention, with their files; answers how many (docs/jobs.md "Retention"). */
  purge(): Promise<number> {
    return this.store.purgeFinished(new Date(this.clock.now() - this.retentionMs));
  }

  /** Renews the heartbeat of this node's running jobs. */
  beat(): Promise<void> {
    return this.store.heartbeat(this.node, [...this.running.keys()], this.now());
  }

  /** Claims and starts queued jobs while this node has free slots (one pump at a time; a nudge repeats it). */
  pump(): Promise<void> {
    this.pumpAgain = true;
    this.pumping ??= this.pumpLoop();
    return this.pumping;
  }

  private async pumpLoop(): Promise<void> {
    // Nothing runs before the first await, so `pumping` is set before the loop can end and clear it; and
    // the last check of `pumpAgain` and the clearing run in one go, so no nudge falls between them.
    await Promise.resolve();
    try {
      while (this.pumpAgain && !this.stopped) {
        this.pumpAgain = false;
        for (;;) {
          const free = [...this.kinds].filter(([, k]) => k.running < k.concurrency).map(([name]) => name);
          if (free.length === 0 || this.stopped) break;
          const job = await this.store.claim(this.node, free, this.now());
          if (!job) break;
          this.launch(job);
        }
      }
    } finally {
      this.pumping = undefined;
    }
  }

  private launch(job: JobRow): void {
    const kind = this.kinds.get(job.kind)!;
    kind.running++;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort('timeout'), kind.timeoutSeconds * 1000);
    timer.unref();
    const done = this.run(job, kind, abort.signal).finally(() => {
      clearTimeout(timer);
      kind.running--;
      this.running.delete(job.id);
      if (!this.stopped) void this.pump().catch((e: unknown) => this.onError(e));
    });
    this.running.set(job.id, { done, abort });
  }

  private async run(job: JobRow, kind: Kind, signal: AbortSignal): Promise<void> {
    const ctx: JobContext = {
      job,
      signal,
      progress: (change) => this.store.update(job.id, { ...change, updatedAt: this.now() }),
    };
    try {
      const result = await kind.handler(ctx);
      await this.store.transition(job.id, 'running', { status: 'done', result, updatedAt: this.now() });
    } catch (e) {
      const message =
        signal.reason === 'timeout'
          ? JOB_MESSAGES.timeout(kind.timeoutSeconds)
          : signal.reason === 'cancel'
            ? JOB_MESSAGES.cancelled
            : signal.aborted
              ? JOB_MESSAGES.shutdown
              : e instanceof JobFailure
                ? e.message
                : JOB_MESSAGES.unexpected;
      if (!(e instanceof JobFailure) && !signal.aborted) this.onError(e);
      const result = e instanceof JobFailure ? e.result : undefined;
      await this.store
        .transition(job.id, 'running', {
          status: 'failed',
          message,
          ...(result ? { result } : {}),
          updatedAt: this.now(),
        })
        .catch((err: unknown) => this.onError(err));
    }
  }

  /**
   * Adds a job: `queued` (runs when a node has a free slot) or `receiving` (its file is being stored; `release`
   * queues it). Answers its random id.
   */
  async enqueue(job: NewJob): Promise<string> {
    const id = randomBytes(12).toString('hex');
    const now = this.now();
    await this.store.insert({
      id,
      kind: job.kind,
      agencyId: job.agencyId,
      userId: job.userId,
      payload: job.payload,
      status: job.receiving ? 'receiving' : 'queued',
      createdAt: now,
      updatedAt: now,
    });
    if (!job.receiving) this.nudge();
    return id;
  }

  /** Marks a receiving job as alive (the sweep fails uploads untouched for a minute). */
  async touch(id: string): Promise<void> {
    await this.store.update(id, { updatedAt: this.now() });
  }

  /** Queues a job whose file is stored; false when it was swept meanwhile. */
  async release(id: string): Promise<boolean> {
    const ok = await this.store.transition(id, 'receiving', { status: 'queued', updatedAt: this.now() });
    if (ok) this.nudge();
    return ok;
  }

  /**
   * Cancels a job that has not finished (docs/jobs.md "Cancelling"): it fails with JOB_MESSAGES.cancelled at once
   * in the table, whichever node runs it; if this node runs it, its signal aborts and this waits until the handler
   * stopped. A job that reached `finalPhase` is past undoing and is not cancelled. False when nothing changed.
   */
  async cancel(id: string, finalPhase?: string): Promise<boolean> {
    if (!(await this.store.cancel(id, JOB_MESSAGES.cancelled, this.now(), finalPhase))) return false;
    const r = this.running.get(id);
    if (r) {
      r.abort.abort('cancel');
      await r.done;
    }
    return true;
  }

  /** Nudges the queue (after this node enqueued a job). */
  nudge(): void {
    if (!this.stopped) void this.pump().catch((e: unknown) => this.onError(e));
  }

  /** Waits until nothing is queued for this node and nothing of it runs (tests, scripts). */
  async drain(): Promise<void> {
    for (;;) {
      await this.pump();
      if (this.running.size === 0) return;
      await Promise.all([...this.running.values()].map((r) => r.done));
    }
  }

  /** Graceful shutdown: stop claiming, abort the running jobs (they fail as interrupted) and wait for them. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.pumping;
    for (const r of this.running.values()) r.abort.abort('shutdown');
    await Promise.all([...this.running.values()].map((r) => r.done));
  }
}
