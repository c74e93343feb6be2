// SQL of the per-agency FSRS fit (docs/practice-engine.md "FSRS fitted to each agency"): an agency's review log
// (bounded), the stored fits, the adopted parameters the book schedules with, and when the weekly job last ran.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lastRunAt } from '../../db/last-run.js';
import { agencies } from '../../db/schema.js';
import { fsrsFits } from '../../db/schema-fsrs.js';
import type { FitOutcome, ReviewLog } from './fsrs-fit.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export type FitRow = typeof fsrsFits.$inferSelect;

export interface FitListRow extends FitRow {
  agencyName: string;
}

export class FsrsFitRepository {
  constructor(private readonly db: Db) {}

  /** Every agency's id, never fitted first, then the longest ago (a run stopped by its time limit goes on there). */
  async agencyIds(): Promise<string[]> {
    const rows = await this.db
      .select({ id: agencies.id })
      .from(agencies)
      .leftJoin(fsrsFits, eq(fsrsFits.agencyId, agencies.id))
      .orderBy(sql`${fsrsFits.fittedAt} asc nulls first`, asc(agencies.id));
    return rows.map((r) => r.id);
  }

  /**
   * The agency's rated reviews of whole cards, at most `max`: cards are taken newest last review first while their
   * reviews fit in `max` (a card is read whole or not at all, so no history starts in its middle).
   */
  async reviews(agencyId: string, max: number): Promise<ReviewLog[]> {
    const rows = rowsOf<{
      user_id: number | string;
      question_id: number | string;
      at: number | string;
      right: boolean;
    }>(
      await this.db.execute(sql`
        with cards as (
          select user_id, question_id, count(*) as n, max(created_at) as last
          from wrong_reviews where agency_id = ${agencyId} and rating is not null
          group by user_id, question_id
        ), chosen as (
          select user_id, question_id from (
            select user_id, question_id,
                   sum(n) over (order by last desc, user_id, question_id rows unbounded preceding) as upto
            from cards
          ) c where upto <= ${max}
        )
        select r.user_id, r.question_id, (extract(epoch from r.created_at) * 1000)::float8 as at,
               r.rating = 'good' as right
        from wrong_reviews r join chosen c on c.user_id = r.user_id and c.question_id = r.question_id
        where r.agency_id = ${agencyId} and r.rating is not null
        order by r.user_id, r.question_id, r.created_at`),
    );
    return rows.map((r) => ({ card: `${r.user_id}:${r.question_id}`, at: Number(r.at), right: r.right }));
  }

  /** Stores an agency's fit, replacing its last one. */
  async save(row: FitRow): Promise<void> {
    const { agencyId: _key, ...rest } = row;
    await this.db.insert(fsrsFits).values(row).onConflictDoUpdate({ target: fsrsFits.agencyId, set: rest });
  }

  /** The parameters the agency adopted, or null (the defaults). */
  async adopted(agencyId: string): Promise<number[] | null> {
    const [r] = await this.db
      .select({ parameters: fsrsFits.parameters, adopted: fsrsFits.adopted })
      .from(fsrsFits)
      .where(eq(fsrsFits.agencyId, agencyId));
    return r?.adopted && r.parameters ? r.parameters : null;
  }

  async page(start: number, size: number): Promise<{ total: number; rows: FitListRow[] }> {
    const [{ total }] = await this.db.select({ total: count() }).from(fsrsFits);
    const rows = await this.db
      .select({ fit: fsrsFits, agencyName: agencies.name })
      .from(fsrsFits)
      .innerJoin(agencies, eq(agencies.id, fsrsFits.agencyId))
      .orderBy(asc(fsrsFits.agencyId))
      .limit(size)
      .offset(start);
    return { total, rows: rows.map((r) => ({ ...r.fit, agencyName: r.agencyName })) };
  }

  /** The later of the latest job of `kind` created (any status) and the latest fit stored, or null. */
  lastRunAt(kind: string): Promise<Date | null> {
    return lastRunAt(this.db, kind, fsrsFits, fsrsFits.fittedAt);
  }
}

export const isOutcome = (s: string): s is FitOutcome => s === 'adopted' || s === 'not_better' || s === 'too_few';
