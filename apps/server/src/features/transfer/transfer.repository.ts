// SQL of imports: staging validated questions, writing them hidden batch by batch, publishing them all at once
// or discarding them (docs/jobs.md "Imports"). Job rows and files are the job store's (jobs/job-store.ts).
import { and, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  importPending,
  importStaging,
  jobs,
  knowledgePoints,
  questions as q,
  questionTags,
  tags,
} from '../../db/schema.js';
import type { TagLinks } from '../tags/tag-links.js';
import type { QuestionWrite, StagedQuestion } from './transfer.validate.js';
import { isEmbedded, paced, UNPACED, type WritePace } from './write-pace.js';

/** The rows of `execute` on either driver (both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface PublishTarget {
  jobId: string;
  agencyId: string;
  repoId: number;
  at: Date;
  /** Most questions per write transaction. */
  batchSize: number;
  /**
   * How batches share the database with other requests (write-pace.ts): each is sized to take `pace.stepMs`
   * (between 10 and `batchSize` questions), and on PGlite the writer rests between them while requests run.
   */
  pace: WritePace;
  /** Aborted (time limit, shutdown): the write stops between two batches and throws. */
  signal?: AbortSignal;
  /** Called after the first batch and then at most every PROGRESS_MS with the questions written so far (hidden). */
  onProgress: (written: number) => Promise<void> | void;
}

/** Staging rows per insert (each statement short: other requests run between them). */
const STAGE_ROWS = 100;
/** Staging rows per delete: the first, fewest and most (sized to the pace in between). */
const CLEAR_ROWS = { first: 500, min: 100, max: 2000 };

/** Fewest questions per write transaction, however slow one is. */
const MIN_BATCH = 10;
/** Progress is stored at most this often while writing (each store is a statement too). */
const PROGRESS_MS = 250;

/** Lets other requests run between two statements of a long write. */
const yieldToOthers = () => new Promise<void>((r) => setImmediate(r));

/** The stored fields of a staged question (questionChange), each read from the staged JSON by its column's type. */
const WRITE_FIELDS = [
  'type',
  'judgeType',
  'title',
  'question',
  'explanation',
  'answer',
  'options',
  'videos',
  'questionSub',
  'knowledgeCode',
  'subKnowledgePoints',
  'searchText',
] as const satisfies readonly (keyof QuestionWrite)[];
// A field questionChange adds and WRITE_FIELDS lacks fails to compile here.
type Unlisted = Exclude<keyof QuestionWrite, (typeof WRITE_FIELDS)[number]>;
const _everyField: [Unlisted] extends [never] ? true : Unlisted = true;

/** `c` (a staged question's `change`) read as the column of `field`. */
function fromStaged(field: (typeof WRITE_FIELDS)[number]): SQL {
  const key = sql.raw(`'${field}'`);
  const type = q[field].getSQLType();
  if (type === 'jsonb') return sql`c -> ${key}`;
  if (type === 'text') return sql`c ->> ${key}`;
  if (type === 'text[]') return sql`array(select jsonb_array_elements_text(c -> ${key}))`;
  throw new Error(`import: no reading of staged ${field} (${type})`);
}
const WRITE_COLUMNS = sql.join(
  WRITE_FIELDS.map((f) => sql.identifier(q[f].name)),
  sql`, `,
);
const WRITE_VALUES = sql.join(WRITE_FIELDS.map(fromStaged), sql`, `);
const col = (c: { name: string }) => sql.identifier(c.name);

export class TransferRepository {
  /** PGlite: statements run on this process's thread (write-pace.ts). */
  readonly embedded: boolean;

  constructor(
    private readonly db: Db,
    private readonly tags: TagLinks,
  ) {
    this.embedded = isEmbedded(db);
  }

  /** Every knowledge point code (the worker validates against them). */
  async knowledgeCodes(): Promise<string[]> {
    const rows = await this.db.select({ code: knowledgePoints.code }).from(knowledgePoints);
    return rows.map((r) => r.code);
  }

  /**
   * Stores validated items, a short statement at a time, resting between them as the writes do (PGlite runs
   * each on the event loop's thread; the import child waits for the database before it goes on).
   */
  async stage(jobId: string, firstSeq: number, items: readonly StagedQuestion[], pace = UNPACED): Promise<void> {
    for (let from = 0; from < items.length; from += STAGE_ROWS) {
      const rows = items.slice(from, from + STAGE_ROWS).map((item, i) => ({
        jobId,
        seq: firstSeq + from + i,
        item: item as unknown as Record<string, unknown>,
      }));
      const started = performance.now();
      await this.db.insert(importStaging).values(rows);
      await pace.quiet(pace.rest * (performance.now() - started));
    }
  }

  /**
   * Removes the job's staging rows, the lowest ones a statement at a time, paced like the writes (one delete
   * of 300,000 held PGlite for ~1 s).
   */
  async clearStaging(jobId: string, pace: WritePace = UNPACED): Promise<void> {
    await paced(pace, CLEAR_ROWS, async (size) => {
      const s = importStaging;
      const r = await this.db.execute(sql`with d as (delete from ${s} where ${s.jobId} = ${jobId}
          and ${s.seq} < (select min(${s.seq}) from ${s} where ${s.jobId} = ${jobId}) + ${size} returning 1)
        select count(*)::int as n from d`);
      return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
    });
  }

  /**
   * Writes the job's staged questions with their tags, a batch per short transaction so that other requests
   * run between them (PGlite has one connection), hidden while the job is in `import_pending`; then publishes
   * all of them at once by deleting that row (docs/jobs.md "Imports"). On an error the caller discards what
   * was written (`discard`). Answers how many were written.
   */
  async publish(t: PublishTarget): Promise<number> {
    await this.db.insert(importPending).values({ jobId: t.jobId }).onConflictDoNothing();
    let reported = -Infinity;
    let next = 0;
    const bounds = { first: Math.min(MIN_BATCH * 5, t.batchSize), min: MIN_BATCH, max: t.batchSize };
    const written = await paced(
      t.pace,
      bounds,
      (size) => {
        t.signal?.throwIfAborted();
        const from = next;
        return this.db.transaction(async (tx) => {
          const n = await this.writeBatch(tx, t, from, size);
          next = from + n;
          return n;
        });
      },
      async (n) => {
        if (performance.now() - reported < PROGRESS_MS) return;
        reported = performance.now();
        await t.onProgress(n);
      },
    );
    t.signal?.throwIfAborted();
    await this.db.transaction(async (tx) => {
      await tx.delete(importPending).where(eq(importPending.jobId, t.jobId));
      // Cached lists and pages re-read once the agency's bank version moves.
      await tx.execute(sql`select bump_bank_versions(array[${t.agencyId}]::text[])`);
    });
    return written;
  }

  /**
   * Writes staged items `from`…`from + size - 1`, in one statement and inside the database: each gets
   * a question id from the sequence, its question is inserted from the staged JSON and the id noted on its
   * staging row (what `discard` deletes by). Then the tags of the batch, when it has any.
   */
  private async writeBatch(tx: Tx, t: PublishTarget, from: number, size: number): Promise<number> {
    const s = importStaging;
    const at = sql`${t.at.toISOString()}::timestamptz`;
    const result = await tx.execute(sql`with src as materialized (
        select seq, item, nextval(pg_get_serial_sequence('questions', 'id')) as id
        from (select ${s.seq} as seq, ${s.item} as item from ${s}
          where ${s.jobId} = ${t.jobId} and ${s.seq} >= ${from} and ${s.seq} < ${from + size} order by ${s.seq}) ordered),
      ins as (insert into ${q} (${col(q.id)}, ${col(q.agencyId)}, ${col(q.repoId)}, ${col(q.version)}, ${col(q.extra)},
          ${col(q.importJobId)}, ${col(q.createdAt)}, ${col(q.updatedAt)}, ${WRITE_COLUMNS})
        overriding system value
        select id, ${t.agencyId}, ${t.repoId}, 1, '{}'::jsonb, ${t.jobId}, ${at}, ${at}, ${WRITE_VALUES}
        from src cross join lateral (select item -> 'change' as c) staged),
      marked as (update ${s} set question_id = src.id from src where ${s.jobId} = ${t.jobId} and ${s.seq} = src.seq)
      select count(*)::int as n, min(seq) as first, max(seq) as last,
        coalesce(bool_or(jsonb_array_length(item -> 'tags') > 0), false) as tagged from src`);
    const [batch] = rowsOf<{ n: number; first: number | null; last: number | null; tagged: boolean }>(result);
    if (!batch || batch.n === 0) return 0;
    if (batch.tagged) await this.writeTags(tx, t, Number(batch.first), Number(batch.last));
    return batch.n;
  }

  /** Creates the batch's new tag names (idsForNames) and links its questions to their tags. */
  private async writeTags(tx: Tx, t: PublishTarget, first: number, last: number): Promise<void> {
    const s = importStaging;
    const inBatch = sql`${s.jobId} = ${t.jobId} and ${s.seq} between ${first} and ${last}`;
    const names = rowsOf<{ name: string }>(
      await tx.execute(sql`select distinct n as name from ${s}
        cross join jsonb_array_elements_text(${s.item} -> 'tags') n where ${inBatch}`),
    ).map((r) => r.name);
    await this.tags.idsForNames(t.agencyId, names, tx);
    await tx.execute(sql`insert into ${questionTags} (${col(questionTags.questionId)}, ${col(questionTags.tagId)})
      select ${s.questionId}, ${tags.id} from ${s}
        cross join jsonb_array_elements_text(${s.item} -> 'tags') n(name)
        join ${tags} on ${tags.agencyId} = ${t.agencyId} and ${tags.name} = n.name
      where ${inBatch} on conflict do nothing`);
  }

  /**
   * Deletes what an unpublished import wrote (hidden all along), a batch per transaction, then its pending
   * mark. Safe to run again after a crash: what is left is found through the staging table.
   */
  async discard(jobId: string, batchSize: number): Promise<void> {
    for (;;) {
      const rows = await this.db
        .select({ id: importStaging.questionId })
        .from(importStaging)
        .where(and(eq(importStaging.jobId, jobId), isNotNull(importStaging.questionId)))
        .limit(batchSize);
      const ids = rows.map((r) => r.id!);
      if (ids.length === 0) break;
      await this.db.transaction(async (tx) => {
        await tx.delete(q).where(and(inArray(q.id, ids), eq(q.importJobId, jobId)));
        await tx
          .update(importStaging)
          .set({ questionId: null })
          .where(and(eq(importStaging.jobId, jobId), inArray(importStaging.questionId, ids)));
      });
      await yieldToOthers();
    }
    await this.db.delete(importPending).where(eq(importPending.jobId, jobId));
  }

  /** Imports marked pending whose job no longer runs (it failed, or a process died while writing). */
  async abandonedPending(): Promise<string[]> {
    const rows = await this.db
      .select({ jobId: importPending.jobId })
      .from(importPending)
      .leftJoin(jobs, eq(jobs.id, importPending.jobId))
      .where(or(isNull(jobs.id), ne(jobs.status, 'running')));
    return rows.map((r) => r.jobId);
  }
}
