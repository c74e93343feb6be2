// Manual marking calls (docs/marking.md): the queue, one training's answers, claims, marks and the history.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function markingRoutes(app: FastifyInstance) {
  const { marking } = app.services;
  registerApi(app, API.markingClasses, (ctx) => marking.classes(ctx.user(), ctx.agencyId!));
  registerApi(app, API.markingQueue, (ctx) => marking.queue(ctx.user(), ctx.agencyId!, ctx.query));
  registerApi(app, API.markingTraining, (ctx) =>
    marking.training(ctx.user(), ctx.agencyId!, ctx.params.taskId, ctx.params.trainId),
  );
  registerApi(app, API.markingClaim, (ctx) => marking.claim(ctx.user(), ctx.agencyId!, ctx.params.id));
  registerApi(app, API.markingRelease, (ctx) => marking.release(ctx.user(), ctx.agencyId!, ctx.params.id));
  registerApi(app, API.markingSave, (ctx) => marking.mark(ctx.user(), ctx.agencyId!, ctx.params.id, ctx.body.request));
  registerApi(app, API.markingHistory, (ctx) => marking.history(ctx.user(), ctx.agencyId!, ctx.query));
}
