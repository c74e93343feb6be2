// Gradebook calls (docs/gradebook.md; the contract's GRADEBOOK_API): the caller and the agency in context go to the
// service, which decides what the caller sees.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/download.js';
import { registerApi } from '../../lib/route.js';
import { gradebookWorkbook } from './gradebook-export.js';
import type { GradebookViewer } from './gradebook.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function gradebookRoutes(app: FastifyInstance) {
  const { gradebook } = app.services;
  const viewer = (ctx: { user: () => { id: number; roles: string[] }; agencyId: string | null }): GradebookViewer => {
    const u = ctx.user();
    return { userId: u.id, roles: u.roles, agencyId: ctx.agencyId! };
  };
  registerApi(app, API.classGradebook, (ctx) => gradebook.read(viewer(ctx), ctx.params.id, ctx.query));
  registerApi(app, API.classGradebookExport, async (ctx) => {
    const sheet = await gradebook.sheet(viewer(ctx), ctx.params.id);
    const data = await gradebookWorkbook(sheet);
    return ctx.reply
      .type(XLSX)
      .header('content-disposition', contentDisposition(`${sheet.className}-成绩册.xlsx`))
      .header('cache-control', 'no-store')
      .send(data);
  });
  registerApi(app, API.taskWeight, (ctx) => gradebook.setWeight(viewer(ctx), ctx.params.id, ctx.body.request.weight));
}
