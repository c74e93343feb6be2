// Routes of scheme statistics (docs/product.md §7 /v1/train/scheme/{id}/stats/user and /stats/answer) and of a
// student's trainings for staff.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function schemeStatsRoutes(app: FastifyInstance) {
  const { schemeStats } = app.services;
  // Ended trainings' items into the buckets, off the answers' path (stats-fold.ts).
  if (schemeStats.foldEveryMs > 0) {
    const timer = setInterval(() => {
      schemeStats.foldPending().catch((err: unknown) => app.log.error({ err }, 'statistics fold failed'));
    }, schemeStats.foldEveryMs);
    timer.unref();
    app.addHook('onClose', () => clearInterval(timer));
  }
  registerApi(app, API.schemeStatsUser, (ctx) =>
    schemeStats.users(
      { userId: ctx.user().id, roles: ctx.user().roles, agencyId: ctx.agencyId! },
      ctx.params.id,
      ctx.query,
    ),
  );
  registerApi(app, API.schemeStatsAnswer, ({ agencyId, params, query }) =>
    schemeStats.answers(agencyId!, params.id, query),
  );
  registerApi(app, API.studentTrainingStats, ({ agencyId, params, query }) =>
    schemeStats.student(agencyId!, params.id, query),
  );
}
