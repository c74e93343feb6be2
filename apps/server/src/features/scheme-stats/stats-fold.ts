// The fold of ended trainings into the statistics' buckets (migration 0051, docs/scheme-stats.md "How it is computed
// fast"): the triggers only note an ended or changed training; a read of a scheme's question figures folds that
// scheme's notes first, and a background fold takes the rest every few seconds, a bounded number a statement.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** How many noted trainings one statement folds (the background's interval: STATS_FOLD_SECONDS). */
export const STATS_FOLD_BATCH = 100;
/** Statements one background run makes at most: the rest waits for the next run. */
const STATS_FOLD_STATEMENTS = 20;
/**
 * Statements a read makes at most (5,000 trainings ended since the last fold): past that it reads what is folded,
 * the rest being the background's, so no read waits on an unbounded backlog.
 */
const STATS_FOLD_ON_READ = 50;

const foldedBy = (r: unknown) => Number((r as { rows: { n: number }[] }).rows[0]?.n ?? 0);

/** Folds the scheme's noted trainings in the agency (all of them, up to STATS_FOLD_ON_READ statements). */
export async function foldScheme(db: Db, schemeId: number, agencyId: string): Promise<void> {
  for (let i = 0; i < STATS_FOLD_ON_READ; i++) {
    const n = foldedBy(
      await db.execute(
        sql`select scheme_stats_fold_pending(${schemeId}::bigint, ${agencyId}::text, ${STATS_FOLD_BATCH}::int) as n`,
      ),
    );
    if (n < STATS_FOLD_BATCH) return;
  }
}

/** One background run: folds noted trainings of any scheme, at most STATS_FOLD_STATEMENTS batches. Answers how many. */
export async function foldPending(db: Db): Promise<number> {
  let total = 0;
  for (let i = 0; i < STATS_FOLD_STATEMENTS; i++) {
    const n = foldedBy(
      await db.execute(sql`select scheme_stats_fold_pending(null, null, ${STATS_FOLD_BATCH}::int) as n`),
    );
    total += n;
    if (n < STATS_FOLD_BATCH) break;
  }
  return total;
}
