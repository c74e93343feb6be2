// Parent calls (docs/parents.md): the parent's children and their trainings, pairing, the public sign-up, the
// student's pairing code and the agency's parent accounts.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/download.js';
import { registerApi } from '../../lib/route.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function parentsRoutes(app: FastifyInstance) {
  const { parents, parentsBulk } = app.services;
  registerApi(app, API.parentChildren, (ctx) => parents.children(ctx.user()));
  registerApi(app, API.parentChildHistory, (ctx) =>
    parents.history(ctx.user(), ctx.agencyId!, ctx.params.id, ctx.query),
  );
  registerApi(app, API.parentChildReport, (ctx) =>
    parents.report(ctx.user(), ctx.agencyId!, ctx.params.childId, ctx.params.id, ctx.query.questions),
  );
  registerApi(app, API.parentPair, (ctx) => parents.pair(ctx.user(), ctx.body.request.code, ctx.request.ip));
  registerApi(app, API.parentUnlink, (ctx) => parents.unlinkOwn(ctx.user(), ctx.params.id));
  registerApi(app, API.parentSignup, (ctx) => parents.signup(ctx.body.request, ctx.request.ip));
  registerApi(app, API.pairingCodeGet, (ctx) => parents.currentCode(ctx.user()));
  registerApi(app, API.pairingCodeCreate, (ctx) => parents.newCode(ctx.user()));
  registerApi(app, API.agencyParentList, (ctx) => parents.list(ctx.agencyId!, ctx.query));
  registerApi(app, API.agencyParentCreate, (ctx) => parents.create(ctx.agencyId!, ctx.body.request));
  registerApi(app, API.agencyParentLink, (ctx) => parents.link(ctx.agencyId!, ctx.params.id, ctx.params.childId));
  registerApi(app, API.agencyParentUnlink, (ctx) => parents.unlink(ctx.agencyId!, ctx.params.id, ctx.params.childId));
  registerApi(app, API.agencyParentResetPassword, (ctx) => parents.resetPassword(ctx.agencyId!, ctx.params.id));
  // Bulk actions on a selection (docs/parents.md "Bulk actions").
  registerApi(app, API.agencyParentBulkPasswords, (ctx) =>
    parentsBulk.resetPasswords(ctx.agencyId!, ctx.body.request.userIds),
  );
  registerApi(app, API.agencyParentBulkExport, async (ctx) => {
    const { fileName, data } = await parentsBulk.export(ctx.agencyId!, ctx.body.request.userIds);
    return ctx.reply
      .type(XLSX)
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(data);
  });
  registerApi(app, API.agencyParentStudents, (ctx) => parents.students(ctx.agencyId!, ctx.query));
}
