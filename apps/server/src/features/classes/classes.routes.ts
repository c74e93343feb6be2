// Class routes (docs/classes.md): the caller and the agency in context go to the service, which decides what
// the caller sees.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';
import type { ClassViewer } from './classes.service.js';

export async function classesRoutes(app: FastifyInstance) {
  const { classes } = app.services;
  const viewer = (ctx: { user: () => { id: number; roles: string[] }; agencyId: string | null }): ClassViewer => {
    const u = ctx.user();
    return { userId: u.id, roles: u.roles, agencyId: ctx.agencyId! };
  };
  registerApi(app, API.classList, (ctx) => classes.list(viewer(ctx), ctx.query));
  registerApi(app, API.classGet, (ctx) => classes.get(viewer(ctx), ctx.params.id));
  registerApi(app, API.classCreate, (ctx) => classes.create(viewer(ctx), ctx.body.request));
  registerApi(app, API.classUpdate, (ctx) => classes.update(viewer(ctx), ctx.params.id, ctx.body.request));
  registerApi(app, API.classArchive, (ctx) => classes.archive(viewer(ctx), ctx.params.id));
  registerApi(app, API.classUnarchive, (ctx) => classes.unarchive(viewer(ctx), ctx.params.id));
  registerApi(app, API.classMembers, (ctx) => classes.members(viewer(ctx), ctx.params.id, ctx.query));
  registerApi(app, API.classAddMembers, (ctx) =>
    classes.addPeople(viewer(ctx), 'members', ctx.params.id, ctx.body.request.userIds),
  );
  registerApi(app, API.classRemoveMembers, (ctx) =>
    classes.removePeople(viewer(ctx), 'members', ctx.params.id, ctx.body.request.userIds),
  );
  registerApi(app, API.classTeachers, (ctx) => classes.teachers(viewer(ctx), ctx.params.id));
  registerApi(app, API.classAddTeachers, (ctx) =>
    classes.addPeople(viewer(ctx), 'teachers', ctx.params.id, ctx.body.request.userIds),
  );
  registerApi(app, API.classRemoveTeachers, (ctx) =>
    classes.removePeople(viewer(ctx), 'teachers', ctx.params.id, ctx.body.request.userIds),
  );
  registerApi(app, API.classCandidates, (ctx) => classes.candidates(viewer(ctx), ctx.params.id, ctx.query));
  registerApi(app, API.classStudentInfo, (ctx) => classes.studentInfo(viewer(ctx), ctx.params.id));
  registerApi(app, API.classStudentScores, (ctx) =>
    classes.studentScores(viewer(ctx), ctx.params.classId, ctx.params.id),
  );
  registerApi(app, API.classStats, (ctx) => classes.stats(viewer(ctx), ctx.params.id));
  registerApi(app, API.classToday, (ctx) => classes.today(viewer(ctx), ctx.params.id));
}
