// SQL of AI reading (docs/reading.md "Settings and call log"): the provider settings (platform default with
// agency_id null, an agency's override) and the call log with its bounded retention.
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/api-error.js';
import { jobs } from '../../db/schema.js';
import { readingCalls, readingSettings } from '../../db/schema-reading.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export type SettingsRow = typeof readingSettings.$inferSelect;
export type SettingsWrite = Omit<typeof readingSettings.$inferInsert, 'id' | 'agencyId'>;
export type CallRow = typeof readingCalls.$inferSelect;
export type CallInsert = Omit<typeof readingCalls.$inferInsert, 'id'>;

const scope = (agencyId: string | null) =>
  agencyId === null ? isNull(readingSettings.agencyId) : eq(readingSettings.agencyId, agencyId);

export class ReadingRepository {
  constructor(private readonly db: Db) {}

  async settings(agencyId: string | null): Promise<SettingsRow | undefined> {
    const [row] = await this.db.select().from(readingSettings).where(scope(agencyId)).limit(1);
    return row;
  }

  /** Writes the scope's row (one per scope: the unique index on coalesce(agency_id, '') settles a race). */
  async saveSettings(agencyId: string | null, write: SettingsWrite): Promise<SettingsRow> {
    for (let attempt = 0; ; attempt++) {
      const [updated] = await this.db.update(readingSettings).set(write).where(scope(agencyId)).returning();
      if (updated) return updated;
      try {
        const [row] = await this.db
          .insert(readingSettings)
          .values({ ...write, agencyId })
          .returning();
        return row;
      } catch (e) {
        if (attempt > 0 || !isUniqueViolation(e)) throw e;
      }
    }
  }

  async removeSettings(agencyId: string): Promise<void> {
    await this.db.delete(readingSettings).where(scope(agencyId));
  }

  /** The agency's jobs of `kind` waiting or running. */
  async activeJobs(agencyId: string, kind: string): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.agencyId, agencyId), inArray(jobs.status, ['queued', 'running'])));
    return Number(r?.n ?? 0);
  }

  async logCall(call: CallInsert): Promise<void> {
    await this.db.insert(readingCalls).values(call);
  }

  /** Newest first; one agency's or (null) every agency's. */
  async calls(agencyId: string | null, start: number, size: number): Promise<{ total: number; list: CallRow[] }> {
    const where = agencyId === null ? undefined : eq(readingCalls.agencyId, agencyId);
    const [list, [c]] = await Promise.all([
      this.db
        .select()
        .from(readingCalls)
        .where(where)
        .orderBy(desc(readingCalls.at), desc(readingCalls.id))
        .offset(start)
        .limit(size),
      this.db.select({ n: count() }).from(readingCalls).where(where),
    ]);
    return { total: Number(c?.n ?? 0), list };
  }

  /** Deletes at most `limit` rows older than `before`; answers how many. */
  async purgeCalls(before: Date, limit: number): Promise<number> {
    const r = await this.db.execute(sql`delete from reading_calls where id in (
        select id from reading_calls where ${and(lt(readingCalls.at, before))} limit ${limit}) returning id`);
    return rowsOf(r).length;
  }
}
