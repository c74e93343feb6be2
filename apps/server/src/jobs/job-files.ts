// Where a job's files live (an import's upload, an export's parts), in chunks so that no file is held whole
// (docs/jobs.md "Job files"): in the database's `job_files` table, which every node sharing a PostgreSQL
// database can read, or in a directory, the default on PGlite, whose WebAssembly memory grows with every
// byte that passes through it and never shrinks.
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobFiles } from '../db/schema.js';

/** Bytes per stored chunk of a job's file. */
export const FILE_CHUNK_BYTES = 1024 * 1024;

export interface JobFiles {
  /** Appends chunk `seq` (0, 1, 2, … in order) to part `part` of the job's files. */
  append(jobId: string, part: number, seq: number, data: Buffer): Promise<void>;
  /** A part, chunk by chunk (never held whole). */
  read(jobId: string, part: number): AsyncGenerator<Buffer>;
  /** Stores a whole part (an export's file). */
  write(jobId: string, part: number, data: Buffer): Promise<void>;
  /** Removes one part, or every file of the jobs when `part` is undefined. */
  remove(jobIds: readonly string[], part?: number): Promise<void>;
}

export class DatabaseJobFiles implements JobFiles {
  constructor(private readonly db: Db) {}

  async append(jobId: string, part: number, seq: number, data: Buffer): Promise<void> {
    await this.db.insert(jobFiles).values({ jobId, part, seq, data });
  }

  async *read(jobId: string, part: number): AsyncGenerator<Buffer> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobFiles)
      .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.part, part)));
    for (let seq = 0; seq < (row?.n ?? 0); seq++) {
      const [chunk] = await this.db
        .select({ data: jobFiles.data })
        .from(jobFiles)
        .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.part, part), eq(jobFiles.seq, seq)))
        .orderBy(asc(jobFiles.seq));
      if (chunk) yield chunk.data;
    }
  }

  async write(jobId: string, part: number, data: Buffer): Promise<void> {
    for (let seq = 0; seq * FILE_CHUNK_BYTES < data.length; seq++)
      await this.append(jobId, part, seq, data.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES));
  }

  async remove(jobIds: readonly string[], part?: number): Promise<void> {
    if (jobIds.length === 0) return;
    const ofJobs = inArray(jobFiles.jobId, [...jobIds]);
    await this.db.delete(jobFiles).where(part === undefined ? ofJobs : and(ofJobs, eq(jobFiles.part, part)));
  }
}

/** Job ids are ours (random hex); anything else never becomes a path. */
const JOB_ID_RE = /^[0-9a-f]{8,64}$/;

/** One directory per job under `dir`, one file per part (`dir/<jobId>/<part>.bin`). */
export class DirectoryJobFiles implements JobFiles {
  constructor(private readonly dir: string) {}

  private jobDir(jobId: string): string {
    if (!JOB_ID_RE.test(jobId)) throw new Error(`not a job id: ${jobId}`);
    return join(this.dir, jobId);
  }

  private path(jobId: string, part: number): string {
    if (!Number.isSafeInteger(part) || part < 0) throw new Error(`not a part number: ${part}`);
    return join(this.jobDir(jobId), `${part}.bin`);
  }

  async append(jobId: string, part: number, seq: number, data: Buffer): Promise<void> {
    if (seq === 0) {
      await mkdir(this.jobDir(jobId), { recursive: true });
      await writeFile(this.path(jobId, part), data);
    } else await appendFile(this.path(jobId, part), data);
  }

  async *read(jobId: string, part: number): AsyncGenerator<Buffer> {
    const stream = createReadStream(this.path(jobId, part), { highWaterMark: FILE_CHUNK_BYTES });
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
    } catch (e) {
      // A part that was never stored (or was swept) reads as empty, as in the database.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    } finally {
      stream.destroy();
    }
  }

  async write(jobId: string, part: number, data: Buffer): Promise<void> {
    await mkdir(this.jobDir(jobId), { recursive: true });
    await writeFile(this.path(jobId, part), data);
  }

  async remove(jobIds: readonly string[], part?: number): Promise<void> {
    for (const id of jobIds)
      await rm(part === undefined ? this.jobDir(id) : this.path(id, part), { recursive: true, force: true });
  }
}
