// The periodic sweep of docs/domain.md "Schemes and trainings": time is checked on every request, and also here, so a training whose phase
// or scheme time ran out while nobody looked moves on (next phase, or `expired`) without waiting for its
// student. Each overdue training is read through the service, which applies the time and saves.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trainings } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { TrainingService } from './training.service.js';

/** How often the server sweeps, and how many overdue trainings one sweep handles. */
export const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 500;

export class TrainingSweep {
  constructor(
    private readonly db: Db,
    private readonly training: TrainingService,
    private readonly clock: Clock,
  ) {}

  /** Moves every running training past a deadline; returns how many it handled. */
  async run(): Promise<number> {
    const now = this.clock.now();
    const overdue = await this.db
      .select({ id: trainings.id, userId: trainings.userId, agencyId: trainings.agencyId })
      .from(trainings)
      .where(
        and(
          eq(trainings.status, 'running'),
          sql`least((${trainings.state} ->> 'phaseDeadline')::bigint, (${trainings.state} ->> 'schemeDeadline')::bigint)
            <= ${now}::bigint`,
        ),
      )
      .limit(SWEEP_BATCH);
    for (const r of overdue) await this.training.get({ id: r.userId, agencyId: r.agencyId }, String(r.id));
    return overdue.length;
  }
}
