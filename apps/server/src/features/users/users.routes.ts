// Routes of the users module (docs/users.md): students, teachers, teacher profiles, homework teachers, public profiles.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/download.js';
import { registerApi } from '../../lib/route.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function usersRoutes(app: FastifyInstance) {
  const { users, usersBulk } = app.services;
  const member = {
    student: {
      list: API.userStudentList,
      create: API.userStudentCreate,
      edit: API.userStudentEdit,
      disable: API.userStudentDisable,
      enable: API.userStudentEnable,
      reset: API.userStudentResetPassword,
      bulkDisable: API.userStudentBulkDisable,
      bulkEnable: API.userStudentBulkEnable,
      bulkPasswords: API.userStudentBulkPasswords,
      bulkExport: API.userStudentBulkExport,
    },
    teacher: {
      list: API.userTeacherList,
      create: API.userTeacherCreate,
      edit: API.userTeacherEdit,
      disable: API.userTeacherDisable,
      enable: API.userTeacherEnable,
      reset: API.userTeacherResetPassword,
      bulkDisable: API.userTeacherBulkDisable,
      bulkEnable: API.userTeacherBulkEnable,
      bulkPasswords: API.userTeacherBulkPasswords,
      bulkExport: API.userTeacherBulkExport,
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
    // Bulk actions on a selection (docs/users.md "Bulk actions").
    registerApi(app, r.bulkDisable, (c) =>
      usersBulk.setDisabled(c.agencyId!, kind, c.user(), c.body.request.userIds, true),
    );
    registerApi(app, r.bulkEnable, (c) =>
      usersBulk.setDisabled(c.agencyId!, kind, c.user(), c.body.request.userIds, false),
    );
    registerApi(app, r.bulkPasswords, (c) => usersBulk.resetPasswords(c.agencyId!, kind, c.body.request.userIds));
    registerApi(app, r.bulkExport, async (c) => {
      const { fileName, data } = await usersBulk.export(c.agencyId!, kind, c.body.request.userIds);
      return c.reply
        .type(XLSX)
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(data);
    });
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
