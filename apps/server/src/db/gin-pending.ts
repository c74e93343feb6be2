// The pending lists of the GIN indexes that requests write, merged off the request path (docs/performance.md
// "GIN pending lists merged off the request path"). A GIN index with `fastupdate` (the default) queues new entries in
// a pending list and merges them into the index later: by a vacuum, or by the insert that finds the list past
// `gin_pending_list_limit` (4 MB), which then merges all of it before its statement ends. A draw's event holds about
// fifty question ids, so every four thousand or so draws one start or one batch of answers waited ~0.5 s for that
// merge, unless autovacuum came first; PGlite runs no autovacuum at all. The server merges the lists every
// GIN_CLEAN_SECONDS instead, so an insert finds them short.
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * The GIN indexes written by requests: the draws' question ids (every start and every visit's end) and the questions'
 * search text (every question saved).
 */
export const REQUEST_WRITTEN_GIN_INDEXES = ['training_events_drawn_idx', 'questions_search_trgm'] as const;

/** Merges the indexes' pending lists into them; answers the pending pages removed, per index. */
export async function cleanPendingLists(db: Db): Promise<Record<string, number>> {
  const cleaned: Record<string, number> = {};
  // One statement per index: a merge under way in another process is waited for, not run twice.
  for (const name of REQUEST_WRITTEN_GIN_INDEXES) {
    const result = await db.execute(sql`select gin_clean_pending_list(${name}::regclass)::int as pages`);
    // Both drivers answer the rows under `rows`.
    const [row] = (result as { rows: { pages: number }[] }).rows;
    cleaned[name] = Number(row?.pages ?? 0);
  }
  return cleaned;
}

/**
 * Merges the pending lists every `seconds` (GIN_CLEAN_SECONDS; 0: never), one run at a time, a run skipped while the
 * one before is under way; answers a function that stops it and waits for a run under way.
 */
export function cleanPendingListsPeriodically(
  db: Db,
  seconds: number,
  onError: (err: unknown) => void,
): () => Promise<void> {
  if (seconds <= 0) return () => Promise.resolve();
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = cleanPendingLists(db)
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  }, seconds * 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running ?? Promise.resolve();
  };
}
