// A scheme's dry run (docs/simulation.md "Dry run of a scheme").
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function simulationRoutes(app: FastifyInstance) {
  const { schemeSimulation } = app.services;
  registerApi(app, API.schemeSimulate, ({ agencyId, params, body, user }) =>
    schemeSimulation.simulate({ agencyId: agencyId!, userId: user().id }, params.id, body.request),
  );
  registerApi(app, API.schemeSimulation, ({ agencyId, params }) => schemeSimulation.job(agencyId!, params.jobId));
}
