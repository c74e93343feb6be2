// The sweep of unreferenced files (docs/security.md "Uploads"): a file older than the grace period that no record
// names is deleted, and its size given back to its owners' quotas. "No record" means every text and json column
// of every table of the schema (found in the catalogue on each run, so a new table is covered without a change
// here), searched for the file's URL, plus the columns that hold a bare file id.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { agencyQuotaOwner, userQuotaOwner } from './files.repository.js';

/** Columns that hold a file's id itself rather than its URL. */
export const FILE_ID_COLUMNS = [
  { table: 'agencies', column: 'logo' },
  { table: 'users', column: 'avatar' },
] as const;

/** JSON fields that hold a bare file id: a lesson board's image elements (docs/lessons.md "Board"). */
export const FILE_ID_JSON_FIELDS = [{ table: 'lesson_board_elements', column: 'data', field: 'fileId' }] as const;

/** Tables whose text cannot name a file: the files and their counters, and token hashes. */
const NOT_REFERENCING = new Set(['files', 'file_usage', 'auth_tokens']);

/** How a stored URL names a file: `/v1/files/` then its 22-character id (files.service.ts fileUrl). */
const FILE_URL_MARK = '/v1/files/';
const FILE_URL_RE = '/v1/files/([A-Za-z0-9_-]{22})';

/** At most this many files are deleted per statement: a first sweep of a large backlog goes in steps. */
const SWEEP_BATCH = 1000;
/** Table pages (8 kB each) read per step of the scan for references. */
const SCAN_BLOCKS = 64;

interface TextColumn {
  table: string;
  column: string;
}

/** The rows of a raw query (both drivers answer `{ rows }`). */
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

export class FilesSweep {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly graceMs: number,
  ) {}

  /** The text, json and array columns of the schema's tables that may hold a file's URL. */
  async textColumns(): Promise<TextColumn[]> {
    const result = await this.db.execute(sql`
      select c.table_name as "table", c.column_name as "column"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'json', 'jsonb') or c.udt_name in ('_text', '_varchar'))
      order by 1, 2`);
    return rowsOf<TextColumn>(result).filter((r) => !NOT_REFERENCING.has(r.table));
  }

  /** Deletes the unreferenced files older than the grace period; answers how many and how many bytes. */
  async run(): Promise<{ deleted: number; bytes: number }> {
    const cutoff = new Date(this.clock.now() - this.graceMs);
    const [old] = rowsOf<{ any: boolean }>(
      await this.db.execute(sql`select exists (select 1 from files where created_at < ${cutoff}) as any`),
    );
    if (!old?.any) return { deleted: 0, bytes: 0 };
    const referenced = JSON.stringify([...(await this.referencedIds(await this.textColumns()))]);
    let deleted = 0;
    let bytes = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          with referenced as (select jsonb_array_elements_text(${referenced}::jsonb) as id)
          delete from files where id in (
            select f.id from files f
            where f.created_at < ${cutoff} and not exists (select 1 from referenced r where r.id = f.id)
            limit ${SWEEP_BATCH})
          returning size, agency_id, created_by`);
        const gone = rowsOf<{ size: number; agency_id: string | null; created_by: number | null }>(result);
        const freed = new Map<string, number>();
        for (const f of gone) {
          const add = (owner: string) => freed.set(owner, (freed.get(owner) ?? 0) + Number(f.size));
          if (f.created_by !== null) add(userQuotaOwner(Number(f.created_by)));
          if (f.agency_id !== null) add(agencyQuotaOwner(f.agency_id));
        }
        for (const [owner, n] of freed)
          await tx.execute(sql`update file_usage set bytes = greatest(bytes - ${n}, 0) where owner = ${owner}`);
        return gone;
      });
      deleted += batch.length;
      bytes += batch.reduce((s, f) => s + Number(f.size), 0);
      if (batch.length < SWEEP_BATCH) return { deleted, bytes };
    }
  }

  /**
   * Every file id some record names: the id columns, and the URLs in every text column. Each table is read in
   * short steps of SCAN_BLOCKS pages (a TID range scan: no sort, no index), so that on PGlite, whose one
   * connection serves every request, other queries run between the steps instead of waiting for a whole scan.
   */
  private async referencedIds(columns: readonly TextColumn[]): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const c of FILE_ID_COLUMNS) {
      const rows = rowsOf<{ id: string }>(
        await this.db.execute(
          sql`select distinct ${ident(c.column)} as id from ${ident(c.table)} where ${ident(c.column)} is not null`,
        ),
      );
      for (const r of rows) ids.add(r.id);
    }
    for (const c of FILE_ID_JSON_FIELDS) {
      const rows = rowsOf<{ id: string }>(
        await this.db.execute(
          sql`select distinct ${ident(c.column)} ->> ${c.field} as id from ${ident(c.table)}
            where ${ident(c.column)} ->> ${c.field} is not null`,
        ),
      );
      for (const r of rows) ids.add(r.id);
    }
    const byTable = new Map<string, string[]>();
    for (const c of columns) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c.column]);
    for (const [table, cols] of byTable) await this.scanTable(table, cols, ids);
    return ids;
  }

  private async scanTable(table: string, columns: readonly string[], into: Set<string>) {
    // The table's columns joined into one text, searched only where the URL's mark appears.
    const text = sql.join(
      columns.map((c) => sql`coalesce(${ident(c)}::text, '')`),
      sql` || ' ' || `,
    );
    const [size] = rowsOf<{ blocks: number }>(
      await this.db.execute(
        sql`select (pg_relation_size(${table}::regclass) / current_setting('block_size')::int)::int as blocks`,
      ),
    );
    for (let from = 0; from < Number(size?.blocks ?? 0); from += SCAN_BLOCKS) {
      const [found] = rowsOf<{ ids: string[] }>(
        await this.db.execute(sql`
          select coalesce(jsonb_agg(distinct m[1]), '[]'::jsonb) as ids
          from (select ${text} as v from ${ident(table)}
                where ctid >= ${`(${from},0)`}::tid and ctid < ${`(${from + SCAN_BLOCKS},0)`}::tid) t,
               regexp_matches(t.v, ${FILE_URL_RE}, 'g') m
          where strpos(t.v, ${FILE_URL_MARK}) > 0`),
      );
      for (const id of found?.ids ?? []) into.add(id);
    }
  }
}
