// Mastery calls: the caller's own levels in the agency in context.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function masteryRoutes(app: FastifyInstance) {
  const { mastery } = app.services;
  registerApi(app, API.masteryPoints, (ctx) =>
    mastery.points({ userId: ctx.user().id, agencyId: ctx.agencyId! }, ctx.query),
  );
}
