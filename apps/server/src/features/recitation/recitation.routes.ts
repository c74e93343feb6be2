// Recitation text calls (docs/recitation.md), all in the agency of X-Agency-Id.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function recitationRoutes(app: FastifyInstance) {
  const { recitation } = app.services;
  registerApi(app, API.recitationList, (ctx) => recitation.list(ctx.agencyId!, ctx.query));
  registerApi(app, API.recitationGet, (ctx) => recitation.get(ctx.agencyId!, ctx.params.id));
  registerApi(app, API.recitationCreate, (ctx) => recitation.create(ctx.agencyId!, ctx.user().id, ctx.body.request));
  registerApi(app, API.recitationUpdate, (ctx) => recitation.update(ctx.agencyId!, ctx.params.id, ctx.body.request));
  registerApi(app, API.recitationDelete, (ctx) => recitation.remove(ctx.agencyId!, ctx.params.id));
}
