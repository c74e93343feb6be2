// What autovacuum's analyses do on PostgreSQL, done for PGlite, which runs no autovacuum (docs/pglite.md
// "Statistics without autovacuum"). Without it a table's statistics are never gathered, and a statement kept prepared
// (pglite-named.ts) keeps the plan made while its tables were small: a join planned as a scan of a ten-row table
// scans the same table at 300,000 rows, about 35 ms where an index probe takes 1. An analysis refreshes the
// statistics and drops the plans made without them.
import type { PGlite } from '@electric-sql/pglite';

/** autovacuum's default rule for analysing a table: more than 50 rows plus a tenth of it changed since the last. */
const CHANGED_TABLES = `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
  where n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0) order by schemaname, relname`;

/**
 * Analyses every table changed past autovacuum's threshold, one statement each (PGlite's `query` waits for a
 * running transaction, as every statement does); answers the tables' names. An analysis reads a bounded sample
 * (30,000 rows at the default statistics target), whatever the table's size.
 */
export async function analyzeChangedTables(client: Pick<PGlite, 'query'>): Promise<string[]> {
  // A backend hands its counts of changed rows to the statistics at most once a second, and an idle one not until
  // its next statement: this statement's end hands them over now.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string }>(CHANGED_TABLES);
  for (const { name } of rows) await client.query(`analyze ${name}`);
  return rows.map((r) => r.name);
}

/**
 * Analyses changed tables now and then every `seconds` (PGLITE_ANALYZE_SECONDS; 0: never), one run at a time;
 * answers a function that stops it and waits for a run under way.
 */
export function analyzePeriodically(
  client: Pick<PGlite, 'query'>,
  seconds: number,
  onError: (err: unknown) => void,
): () => Promise<void> {
  if (seconds <= 0) return () => Promise.resolve();
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() => analyzeChangedTables(client).then(() => undefined, onError));
  };
  run();
  const timer = setInterval(run, seconds * 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}
