// Training comment calls: read by the student who trained and by train staff, written by train staff.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function trainingCommentsRoutes(app: FastifyInstance) {
  const { trainingComments } = app.services;
  registerApi(app, API.trainingComments, (ctx) => trainingComments.list(ctx.user(), ctx.agencyId!, ctx.params.id));
  registerApi(app, API.trainingCommentSave, (ctx) =>
    trainingComments.save(ctx.user(), ctx.agencyId!, ctx.params.id, ctx.body.request),
  );
  registerApi(app, API.trainingCommentDelete, (ctx) =>
    trainingComments.remove(ctx.user(), ctx.agencyId!, ctx.params.id),
  );
}
