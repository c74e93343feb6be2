// The student home call (docs/student-home.md; the contract's STUDENT_HOME_API): the caller's own summary in the
// agency in context.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function studentHomeRoutes(app: FastifyInstance) {
  const { studentHome } = app.services;
  registerApi(app, API.studentHome, (ctx) => studentHome.summary({ id: ctx.user().id, agencyId: ctx.agencyId! }));
}
