// Routes of the users module (docs/users.md): students, teachers, teacher profiles, homework teachers, public profiles.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function usersRoutes(app: FastifyInstance) {
  const { users } = app.services;
  const member = {
    student: {
      list: API.userStudentList,
      create: API.userStudentCreate,
      edit: API.userStudentEdit,
      disable: API.userStudentDisable,
      enable: API.userStudentEnable,
      reset: API.userStudentResetPassword,
    },
    teacher: {
      list: API.userTeacherList,
      create: API.userTeacherCreate,
      edit: API.userTeacherEdit,
      disable: API.userTeacherDisable,
      enable: API.userTeacherEnable,
      reset: API.userTeacherResetPassword,
    },
  } as const;
  for (const kind of ['student', 'teacher'] as const) {
    const r = member[kind];
    registerApi(app, r.list, (c) => users.list(c.agencyId!, kind, c.user(), c.query));
    registerApi(app, r.create, (c) => users.create(c.agencyId!, kind, c.user(), c.body.request));
    registerApi(app, r.edit, (c) => users.edit(c.agencyId!, kind, c.user(), c.params.id, c.body.request));
    registerApi(app, r.disable, (c) => users.setDisabled(c.agencyId!, kind, c.user(), c.params.id, true));
    registerApi(app, r.enable, (c) => users.setDisabled(c.agencyId!, kind, c.user(), c.params.id, false));
    registerApi(app, r.reset, (c) => users.resetPassword(c.agencyId!, kind, c.params.id));
  }
  registerApi(app, API.teacherClasses, (c) => users.teacherClasses(c.agencyId!, c.params.id, c.query));
  registerApi(app, API.teacherProfileGet, (c) => users.profile(c.agencyId!, c.user(), c.params.id));
  registerApi(app, API.teacherProfileSave, (c) =>
    users.saveProfile(c.agencyId!, c.user(), c.params.id, c.body.request),
  );
  registerApi(app, API.homeworkTeacherList, (c) => users.homeworkTeachers(c.query));
  registerApi(app, API.homeworkTeacherCreate, (c) => users.createHomeworkTeacher(c.body.request));
  registerApi(app, API.homeworkTeacherEdit, (c) => users.editHomeworkTeacher(c.params.id, c.body.request));
  registerApi(app, API.publicTeacherProfile, (c) => users.publicProfile(c.params.id));
  registerApi(app, API.publicAgencyProfiles, (c) => users.publicProfiles(c.params.agencyId, c.query));
}
