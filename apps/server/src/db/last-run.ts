// When a periodic job last ran (docs/jobs.md): the later of its latest job created, whatever its status, and the
// latest result it stored. The weekly FSRS fit and the nightly calibration queue their next run from it.
import { desc, eq, max } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { jobs } from './schema.js';

export async function lastRunAt(db: Db, kind: string, results: PgTable, storedAt: PgColumn): Promise<Date | null> {
  const [job] = await db
    .select({ at: jobs.createdAt })
    .from(jobs)
    .where(eq(jobs.kind, kind))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  const [stored] = await db.select({ at: max(storedAt) }).from(results);
  const times = [job?.at, stored?.at].filter((d): d is Date => d instanceof Date);
  return times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
}
