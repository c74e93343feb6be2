// SQL of background jobs (docs/jobs.md): the jobs rows, their files in chunks, and the sweep that fails the
// jobs of processes that stopped.
import { and, asc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobFiles, jobs } from '../db/schema.js';

export type JobRow = typeof jobs.$inferSelect;
export type JobInsert = typeof jobs.$inferInsert;
export type JobChange = Partial<
  Pick<JobRow, 'status' | 'phase' | 'total' | 'processed' | 'result' | 'message' | 'node' | 'heartbeatAt' | 'updatedAt'>
>;

/** Bytes per stored chunk of a job's file. */
export const FILE_CHUNK_BYTES = 1024 * 1024;

export class JobStore {
  constructor(private readonly db: Db) {}

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
  }

  async appendChunk(jobId: string, part: number, seq: number, data: Buffer): Promise<void> {
    await this.db.insert(jobFiles).values({ jobId, part, seq, data });
  }

  async chunkCount(jobId: string, part: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobFiles)
      .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.part, part)));
    return row?.n ?? 0;
  }

  /** One chunk of a job's file (chunks are read one at a time so that a file is never held whole). */
  async chunk(jobId: string, part: number, seq: number): Promise<Buffer | undefined> {
    const [row] = await this.db
      .select({ data: jobFiles.data })
      .from(jobFiles)
      .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.part, part), eq(jobFiles.seq, seq)))
      .orderBy(asc(jobFiles.seq));
    return row?.data;
  }

  /** A job's file, chunk by chunk (never held whole here). */
  async *readFile(jobId: string, part: number): AsyncGenerator<Buffer> {
    const count = await this.chunkCount(jobId, part);
    for (let seq = 0; seq < count; seq++) {
      const data = await this.chunk(jobId, part, seq);
      if (data) yield data;
    }
  }

  /** Stores a whole file (an export's part) in chunks. */
  async writeFile(jobId: string, part: number, data: Buffer): Promise<void> {
    for (let seq = 0; seq * FILE_CHUNK_BYTES < data.length; seq++)
      await this.appendChunk(jobId, part, seq, data.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES));
  }

  async deleteFile(jobId: string, part: number): Promise<void> {
    await this.db.delete(jobFiles).where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.part, part)));
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
    if (ids.length) await this.db.delete(jobFiles).where(and(inArray(jobFiles.jobId, ids), eq(jobFiles.part, 0)));
    return ids;
  }
}
