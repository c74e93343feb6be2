// Wrong-answer book and answer-record calls: the caller's own data in the agency in context.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function wrongBookRoutes(app: FastifyInstance) {
  const { wrongBook } = app.services;
  const owner = (ctx: { agencyId: string | null; user: () => { id: number } }) => ({
    userId: ctx.user().id,
    agencyId: ctx.agencyId!,
  });
  registerApi(app, API.wrongList, (ctx) => wrongBook.list(owner(ctx), ctx.query));
  registerApi(app, API.wrongDue, (ctx) => wrongBook.due(owner(ctx), ctx.query));
  registerApi(app, API.wrongReview, (ctx) => wrongBook.review(owner(ctx), ctx.params.id, ctx.body.request));
  registerApi(app, API.wrongRecord, (ctx) => wrongBook.record(owner(ctx), ctx.params.id));
}
