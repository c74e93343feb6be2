// SQL for practice schemes. Reads are limited to what the agency in context may see: its own schemes and
// those in the shared train repositories it subscribed to; writes name the owning agency.
import { and, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { schemes as s, users } from '../../db/schema.js';
import { MicroBatch } from '../../lib/micro-batch.js';
import { withPlannedRows } from '../../db/planned-rows.js';

export type SchemeRow = typeof s.$inferSelect & { creatorName: string | null; system: boolean };
export type SchemeWrite = Pick<
  typeof s.$inferInsert,
  'trainRepoId' | 'title' | 'type' | 'initPhase' | 'initPoint' | 'timeLimit' | 'kpRange' | 'phases'
> &
  /** A paper's review options (docs/practice-engine.md "Review options"); left as they are when absent. */
  Partial<Pick<typeof s.$inferInsert, 'reviewAfter' | 'showScore'>>;

export interface SchemeFilter {
  agencyId: string;
  /** Shared train repositories the agency reads by reference. */
  subscribedRepoIds: number[];
  trainRepoId?: number;
  type?: string;
  /** Knowledge subtrees: schemes whose range overlaps any of them. */
  kpRange?: string[];
  creatorId?: number;
  /** Only switched-on schemes (what students may train on). */
  onlyOn?: boolean;
}

/** The per-agency system scheme of graph practice (docs/knowledge-graph.md "Practice"). */
const isSystem = sql<boolean>`exists (select 1 from graph_practice_schemes g where g.scheme_id = ${s.id})`;
const COLUMNS = { ...getTableColumns(s), creatorName: users.name, system: isSystem };

/**
 * A scheme's knowledge range is its kpRange plus its phases' knowledgeIds; two subtrees overlap when one
 * code equals or lies under the other (codes are `[a-z0-9.]`, so LIKE needs no escaping).
 */
const overlaps = (codes: string[]) => sql`exists (
  select 1
  from unnest(${s.kpRange} || array(
         select jsonb_array_elements_text(p -> 'knowledgeIds') from jsonb_array_elements(${s.phases}) p
       )) as c(code),
       unnest(${sql.param(codes)}::text[]) as q(code)
  where c.code = q.code or c.code like q.code || '.%' or q.code like c.code || '.%')`;

function whereOf(f: SchemeFilter): SQL | undefined {
  const visible = f.subscribedRepoIds.length
    ? or(eq(s.agencyId, f.agencyId), inArray(s.trainRepoId, f.subscribedRepoIds))
    : eq(s.agencyId, f.agencyId);
  return and(
    visible,
    // Graph practice's system schemes stay out of every list (docs/knowledge-graph.md "Practice").
    sql`not ${isSystem}`,
    f.trainRepoId === undefined ? undefined : eq(s.trainRepoId, f.trainRepoId),
    f.type === undefined ? undefined : eq(s.type, f.type),
    f.kpRange?.length ? overlaps(f.kpRange) : undefined,
    f.creatorId === undefined ? undefined : eq(s.creatorId, f.creatorId),
    f.onlyOn ? eq(s.status, 'on') : undefined,
  );
}

export class SchemesRepository {
  constructor(private readonly db: Db) {}

  /** One scheme of any agency (callers check visibility). */
  /** One scheme (lib/micro-batch.ts: reads arriving together, e.g. an exam start, share one statement). */
  get(id: number): Promise<SchemeRow | undefined> {
    return this.byId.load(id);
  }

  private readonly byId = new MicroBatch<number, SchemeRow | undefined>(async (ids) => {
    this.byIdStatement ??= this.buildById();
    const rows = await this.byIdStatement.execute({ ids: [...new Set(ids)] });
    const found = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => found.get(id));
  });

  private byIdStatement?: ReturnType<typeof this.buildById>;

  private buildById() {
    return withPlannedRows(
      this.db
        .select(COLUMNS)
        .from(s)
        .leftJoin(users, eq(users.id, s.creatorId))
        .where(sql`${s.id} = any(${sql.placeholder('ids')}::bigint[])`)
        .prepare('schemes_by_id'),
    );
  }

  /** A page of the visible schemes matching the filter, last updated first (ties by id), with the total. */
  async page(f: SchemeFilter, page: { start: number; size: number }) {
    const where = whereOf(f);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(COLUMNS)
        .from(s)
        .leftJoin(users, eq(users.id, s.creatorId))
        .where(where)
        .orderBy(desc(s.updatedAt), desc(s.id))
        .offset(page.start)
        .limit(page.size),
      this.db.select({ n: count() }).from(s).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  }

  /**
   * `page` of the switched-on schemes (the students' open list): identical reads arriving together — every
   * student of an exam opening the list at once — share one read (lib/micro-batch.ts), started after each
   * of them was asked for. Callers get the same rows: they must not change them.
   */
  openPage(f: SchemeFilter, page: { start: number; size: number }) {
    return this.openPages.load({ f: { ...f, onlyOn: true }, page });
  }

  private readonly openPages = new MicroBatch<
    { f: SchemeFilter; page: { start: number; size: number } },
    Awaited<ReturnType<SchemesRepository['page']>>
  >(async (keys) => {
    const reads = new Map<string, ReturnType<SchemesRepository['page']>>();
    return Promise.all(
      keys.map(({ f, page }) => {
        const key = JSON.stringify([f, page]);
        let read = reads.get(key);
        if (!read) reads.set(key, (read = this.page(f, page)));
        return read;
      }),
    );
  });

  async insert(agencyId: string, creatorId: number, w: SchemeWrite, now: Date): Promise<number> {
    const [row] = await this.db
      .insert(s)
      .values({ ...w, agencyId, creatorId, status: 'off', createdAt: now, updatedAt: now })
      .returning({ id: s.id });
    return row.id;
  }

  /** Replaces an owned scheme's content; the version moves so snapshots can tell edits apart. */
  async update(agencyId: string, id: number, w: SchemeWrite, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(s)
      .set({ ...w, updatedAt: now, version: sql`${s.version} + 1` })
      .where(and(eq(s.id, id), eq(s.agencyId, agencyId)))
      .returning({ id: s.id });
    return rows.length > 0;
  }

  /**
   * Releases an owned paper's corrections (docs/practice-engine.md "Review options"): the first release's time
   * stays; content and lastUpdate stay as they were.
   */
  async release(agencyId: string, id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(s)
      .set({ releasedAt: sql`coalesce(${s.releasedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(s.id, id), eq(s.agencyId, agencyId)))
      .returning({ id: s.id });
    return rows.length > 0;
  }

  /** Switches an owned scheme on or off; its content (and lastUpdate) stays as it was. */
  async setStatus(agencyId: string, id: number, status: 'on' | 'off'): Promise<boolean> {
    const rows = await this.db
      .update(s)
      .set({ status })
      .where(and(eq(s.id, id), eq(s.agencyId, agencyId)))
      .returning({ id: s.id });
    return rows.length > 0;
  }
}
