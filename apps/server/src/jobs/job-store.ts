// SQL of background jobs (docs/jobs.md): the jobs rows (their files are `files`, jobs/job-files.ts), the sweep
// that fails the jobs of processes that stopped, and the purge of old finished jobs.
import { and, asc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import type { JobFiles } from './job-files.js';

export type JobRow = typeof jobs.$inferSelect;
export type JobInsert = typeof jobs.$inferInsert;
export type JobChange = Partial<
  Pick<JobRow, 'status' | 'phase' | 'total' | 'processed' | 'result' | 'message' | 'node' | 'heartbeatAt' | 'updatedAt'>
>;

export class JobStore {
  constructor(
    private readonly db: Db,
    /** The jobs' files (an import's upload, an export's parts): in the database or in a directory. */
    readonly files: JobFiles,
  ) {}

  async insert(values: JobInsert): Promise<void> {
    await this.db.insert(jobs).values(values);
  }

  async update(id: string, change: JobChange): Promise<void> {
    await this.db.update(jobs).set(change).where(eq(jobs.id, id));
  }

  /** Moves a job from one status to the next; false when it was no longer in `from` (swept, finished). */
  async transition(id: string, from: string, change: JobChange): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set(change)
      .where(and(eq(jobs.id, id), eq(jobs.status, from)))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /**
   * Fails a job that has not finished with `message` (docs/jobs.md "Cancelling"): receiving, queued or running,
   * unless it reached `finalPhase` (the phase a handler sets, in its last transaction, once it may no longer be
   * undone). False when nothing changed.
   */
  async cancel(id: string, message: string, now: Date, finalPhase?: string): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ status: 'failed', message, updatedAt: now })
      .where(
        and(
          eq(jobs.id, id),
          inArray(jobs.status, ['receiving', 'queued', 'running']),
          finalPhase === undefined ? undefined : sql`${jobs.phase} is distinct from ${finalPhase}`,
        ),
      )
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /**
   * Takes the oldest queued job of one of `kinds` for `node` (status running, heartbeat now). Concurrent
   * claimers skip each other's locked rows, so a job is claimed once (docs/jobs.md "Decision: our own table is the queue").
   */
  async claim(node: string, kinds: readonly string[], now: Date): Promise<JobRow | undefined> {
    if (kinds.length === 0) return undefined;
    const next = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), inArray(jobs.kind, [...kinds])))
      .orderBy(asc(jobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'running', node, heartbeatAt: now, updatedAt: now })
      // A scalar subquery runs once (an InitPlan); `id IN (…)` may be re-run per row and claim several.
      .where(and(eq(jobs.id, sql<string>`(${next})`), eq(jobs.status, 'queued')))
      .returning();
    return row;
  }

  /** The sign of life of a node's running jobs. */
  async heartbeat(node: string, ids: readonly string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(jobs)
      .set({ heartbeatAt: now })
      .where(and(eq(jobs.node, node), eq(jobs.status, 'running'), inArray(jobs.id, [...ids])));
  }

  async get(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }

  /** The agency's job of one of `kinds`; another agency's is never found. */
  async getScoped(agencyId: string, id: string, kinds: readonly string[]): Promise<JobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.agencyId, agencyId), inArray(jobs.kind, [...kinds])));
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(jobs).where(eq(jobs.id, id));
    await this.files.remove([id]);
  }

  /**
   * Removes the finished (done or failed) jobs last changed before `before`, with their files (an export's
   * parts, a failed import's report): docs/jobs.md "Retention". Answers how many.
   */
  async purgeFinished(before: Date): Promise<number> {
    const rows = await this.db
      .delete(jobs)
      .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.updatedAt, before)))
      .returning({ id: jobs.id });
    const ids = rows.map((r) => r.id);
    await this.files.remove(ids);
    return ids.length;
  }

  /**
   * Fails the jobs no live process will finish: `running` ones of other nodes whose heartbeat is older than
   * `staleBefore` and `receiving` ones (an upload) not touched since; every running or receiving one when `all`
   * (a PGlite process starting alone on its data directory). Their files are removed. Answers the ids failed.
   */
  async failAbandoned(opts: {
    staleBefore: Date;
    all: boolean;
    message: string;
    now: Date;
    exceptNode: string;
  }): Promise<string[]> {
    const where = opts.all
      ? inArray(jobs.status, ['running', 'receiving'])
      : or(
          and(eq(jobs.status, 'running'), lt(jobs.heartbeatAt, opts.staleBefore), ne(jobs.node, opts.exceptNode)),
          and(eq(jobs.status, 'receiving'), lt(jobs.updatedAt, opts.staleBefore)),
        );
    const rows = await this.db
      .update(jobs)
      .set({ status: 'failed', message: opts.message, updatedAt: opts.now })
      .where(where)
      .returning({ id: jobs.id });
    const ids = rows.map((r) => r.id);
    await this.files.remove(ids, 0);
    return ids;
  }
}
