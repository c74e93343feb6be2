// Routes of scheme statistics (docs/product.md §7 /v1/train/scheme/{id}/stats/user and /stats/answer) and of a
// student's trainings for staff.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function schemeStatsRoutes(app: FastifyInstance) {
  const { schemeStats } = app.services;
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
