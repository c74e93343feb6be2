// Builds the leaving service and hangs the purge of leavers' records on the job queue's sweep (docs/users.md
// "Leaving and retention"): every node may run it, each statement is short, and running it twice deletes nothing twice.
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../lib/clock.js';
import { HistoryExportRepository } from './history-export.repository.js';
import { LeaverPurge } from './leaving-purge.js';
import { LeavingRepository } from './leaving.repository.js';
import { LeavingService, type LeavingDeps } from './leaving.service.js';

/** The purge looks for leavers at most this often (the sweep itself runs every minute). */
const PURGE_EVERY_MS = 10 * 60_000;

export function createLeaving(
  db: Db,
  clock: Clock,
  retentionDays: number,
  jobs: JobQueue,
  forgetUser: (userId: number) => void,
  holders: LeavingDeps['holders'],
  waitingCorrections: LeavingDeps['waitingCorrections'],
) {
  const purge = new LeaverPurge(db, clock, { retentionDays });
  let last = -Infinity;
  jobs.afterSweep(async () => {
    if (clock.now() - last < PURGE_EVERY_MS) return;
    last = clock.now();
    await purge.run();
  });
  const service = new LeavingService(
    new LeavingRepository(db),
    new HistoryExportRepository(db),
    { forgetUser, retentionDays, holders, waitingCorrections },
    clock,
  );
  return Object.assign(service, { purge });
}
