// Knowledge graph calls (docs/knowledge-graph.md): the platform graph admins' curation in no agency (stats narrow to
// the X-Agency-Id agency the viewer may act in, else count every agency), the student's graphs and practice in
// the agency in context, and the same graphs read-only for those who may read about that student, each through
// the check its own pages use (docs/knowledge-graph.md "Teachers and parents").
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function knowledgeGraphRoutes(app: FastifyInstance) {
  const { knowledgeGraph: kg, classes, parents } = app.services;
  const trainee = (ctx: { agencyId: string | null; user: () => { id: number } }) => ({
    id: ctx.user().id,
    agencyId: ctx.agencyId!,
  });
  const viewer = (ctx: { user: () => { id: number; roles: string[] }; agencyId: string | null }) => {
    const u = ctx.user();
    return { userId: u.id, roles: u.roles, agencyId: ctx.agencyId! };
  };
  registerApi(app, API.graphGroupList, (ctx) => kg.list(ctx.query));
  registerApi(app, API.graphGroupCreate, (ctx) => kg.create(ctx.body.request));
  registerApi(app, API.graphGroupGet, (ctx) => kg.detail(ctx.params.id));
  registerApi(app, API.graphGroupMove, (ctx) => kg.move(ctx.params.id, ctx.body.request.direction));
  registerApi(app, API.graphGroupUpdate, (ctx) => kg.update(ctx.params.id, ctx.body.request));
  registerApi(app, API.graphGroupDelete, (ctx) => kg.remove(ctx.params.id));
  registerApi(app, API.graphItemsAdd, (ctx) => kg.addItems(ctx.params.id, ctx.body.request.knowledgeCodes));
  registerApi(app, API.graphItemGet, (ctx) => kg.item(ctx.params.id));
  registerApi(app, API.graphItemUpdate, (ctx) => kg.updateItem(ctx.params.id, ctx.body.request));
  registerApi(app, API.graphItemUsage, (ctx) => kg.usage(ctx.params.id));
  registerApi(app, API.graphItemDelete, (ctx) => kg.removeItem(ctx.params.id));
  registerApi(app, API.graphEdgeCreate, (ctx) =>
    kg.addEdge(ctx.params.id, ctx.body.request.fromItemId, ctx.body.request.toItemId),
  );
  registerApi(app, API.graphEdgeDelete, (ctx) => kg.removeEdge(ctx.params.id));
  registerApi(app, API.graphLayoutSave, (ctx) => kg.saveLayout(ctx.params.id, ctx.body.request.positions));
  registerApi(app, API.graphStats, async (ctx) => kg.stats(ctx.params.id, await ctx.optionalAgency()));
  registerApi(app, API.studentGraphs, (ctx) => kg.studentGraphs(trainee(ctx)));
  registerApi(app, API.studentGraphPractice, (ctx) =>
    kg.practice(trainee(ctx), ctx.body.request.knowledgeCode, ctx.body.request.mode ?? 'practice'),
  );
  registerApi(app, API.agencyStudentGraphs, (ctx) => kg.agencyStudentGraphs(ctx.agencyId!, ctx.params.id));
  registerApi(app, API.classStudentGraphs, async (ctx) =>
    kg.studentGraphs({ id: await classes.readableStudent(viewer(ctx), ctx.params.id), agencyId: ctx.agencyId! }),
  );
  registerApi(app, API.parentChildGraphs, async (ctx) =>
    kg.studentGraphs({
      id: await parents.ownChild(ctx.user(), ctx.agencyId!, ctx.params.id),
      agencyId: ctx.agencyId!,
    }),
  );
  registerApi(app, API.classGraphStats, async (ctx) =>
    kg.classStats(ctx.agencyId!, await classes.readableClass(viewer(ctx), ctx.params.id)),
  );
}
