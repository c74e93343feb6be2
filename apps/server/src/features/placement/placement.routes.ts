// Placement test calls (docs/lessons.md "Placement test"; the contract's PLACEMENT_API): the agency's settings,
// papers, results and joins; the student's tests, start and results; a parent's child's results.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function placementRoutes(app: FastifyInstance) {
  const { placement } = app.services;
  const viewer = (ctx: { agencyId: string | null; user: () => { id: number; roles: string[] } }) => ({
    userId: ctx.user().id,
    roles: ctx.user().roles,
    agencyId: ctx.agencyId!,
  });
  const trainee = (ctx: { agencyId: string | null; user: () => { id: number } }) => ({
    id: ctx.user().id,
    agencyId: ctx.agencyId!,
  });
  registerApi(app, API.placementSettings, (ctx) => placement.settings(viewer(ctx)));
  registerApi(app, API.placementPapers, (ctx) => placement.papers(viewer(ctx)));
  registerApi(app, API.placementSave, (ctx) => placement.save(viewer(ctx), ctx.body.request));
  registerApi(app, API.placementRemove, (ctx) => placement.remove(viewer(ctx), ctx.params.id));
  registerApi(app, API.placementResults, (ctx) => placement.results(viewer(ctx), ctx.query));
  registerApi(app, API.placementJoin, (ctx) => placement.join(viewer(ctx), ctx.body.request));
  registerApi(app, API.studentPlacementTests, (ctx) => placement.tests(trainee(ctx)));
  registerApi(app, API.studentPlacementStart, (ctx) => placement.start(trainee(ctx), ctx.body.request.gradeId));
  registerApi(app, API.studentPlacementResults, (ctx) => placement.mine(trainee(ctx)));
  registerApi(app, API.parentChildPlacement, (ctx) => placement.ofChild(ctx.user(), ctx.agencyId!, ctx.params.id));
}
