// Leaving calls (docs/users.md "Leaving and retention"; the contract's LEAVING_API): staff mark a student as left
// and let a leaver rejoin, a student leaves and exports their own history.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/download.js';
import { registerApi } from '../../lib/route.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function leavingRoutes(app: FastifyInstance) {
  const { leaving } = app.services;
  registerApi(app, API.leavingPolicy, () => leaving.policy());
  registerApi(app, API.userStudentLeftList, (c) => leaving.leftStudents(c.agencyId!, c.query));
  registerApi(app, API.userStudentLeave, (c) => leaving.leaveStudent(c.agencyId!, c.user(), c.params.id));
  registerApi(app, API.userStudentBulkLeave, (c) =>
    leaving.leaveStudents(c.agencyId!, c.user(), c.body.request.userIds),
  );
  registerApi(app, API.userStudentRejoin, (c) => leaving.rejoin(c.agencyId!, c.params.id));
  registerApi(app, API.myMembershipLeave, (c) => leaving.leaveSelf(c.agencyId!, c.user()));
  registerApi(app, API.myHistoryAgencies, (c) => leaving.historyAgencies(c.user().id));
  registerApi(app, API.myHistoryExport, async (c) => {
    const { fileName, data } = await leaving.exportHistory(c.user(), c.query.agency);
    return c.reply
      .type(XLSX)
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(data);
  });
}
