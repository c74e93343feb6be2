// Bulk actions on the rows selected in the student and teacher lists (docs/users.md "Bulk actions"). Each call
// takes at most USER_BULK_MAX ids of the agency in context, checks every one (another agency's id, or one that is
// not of the list's kind, answers 404) and changes all of them in one transaction or none.
import { z } from 'zod';
import { agencyRole as a } from '../roles.js';
import { roles } from '../access/api-access.js';
import { ROLE_SETS, type RoleAlternatives } from '../access/role-sets.js';
import { requestOf } from '../envelope.js';
import { BulkChanged, BulkPasswords, BulkUserIds } from '../schemas/users-bulk.js';
import { route } from './route.js';

const one = (...r: string[]): RoleAlternatives => r.map((x) => [x]);
const resetters = roles(one(a('admin')));

function bulkRoutes(kind: 'student' | 'teacher', label: string) {
  const access = roles(kind === 'student' ? ROLE_SETS.studentAdmin : ROLE_SETS.teacherAdmin);
  const base = `/v1/users/${kind}s/bulk`;
  const body = requestOf(BulkUserIds);
  return {
    disable: route({
      method: 'POST',
      path: `${base}/disable`,
      module: 'user',
      summary: `批量停用所选${label}（全部成功或全部不变）`,
      access,
      body,
      response: BulkChanged,
    }),
    enable: route({
      method: 'POST',
      path: `${base}/enable`,
      module: 'user',
      summary: `批量启用所选${label}`,
      access,
      body,
      response: BulkChanged,
    }),
    passwords: route({
      method: 'POST',
      path: `${base}/passwords`,
      module: 'user',
      summary: `批量重置所选${label}的密码（仅机构管理员；新密码只返回这一次）`,
      access: resetters,
      body,
      response: BulkPasswords,
    }),
    export: route({
      method: 'POST',
      path: `${base}/export`,
      module: 'user',
      summary: `导出所选${label}（Excel）`,
      access,
      body,
      rawResponse: true,
      response: z.any(),
    }),
  };
}

const s = bulkRoutes('student', '学生');
const t = bulkRoutes('teacher', '教师');

export const USERS_BULK_API = {
  userStudentBulkDisable: s.disable,
  userStudentBulkEnable: s.enable,
  userStudentBulkPasswords: s.passwords,
  userStudentBulkExport: s.export,
  // A DELETE, as leaving one student (`DELETE /v1/users/student/{id}/membership`): it removes memberships.
  userStudentBulkLeave: route({
    method: 'DELETE',
    path: '/v1/users/students/membership',
    module: 'user',
    summary: '将所选学生标记为已离开本机构（已离开的不再改变；全部成功或全部不变）',
    access: roles(ROLE_SETS.studentAdmin),
    body: requestOf(BulkUserIds),
    response: BulkChanged,
  }),
  userTeacherBulkDisable: t.disable,
  userTeacherBulkEnable: t.enable,
  userTeacherBulkPasswords: t.passwords,
  userTeacherBulkExport: t.export,
} as const;
