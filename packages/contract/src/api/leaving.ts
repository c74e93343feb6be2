// Leaving an agency and a student's own history (docs/users.md "Leaving and retention"). Leaving is a DELETE of
// the membership: an agency's student admins end a student's membership, a student ends their own; re-enrolling
// a leaver within the retention restores the kept records. The export is the caller's own, across agencies.
import { z } from 'zod';
import { LOGIN, roles } from '../access/api-access.js';
import { ROLE_SETS } from '../access/role-sets.js';
import { pageOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  HistoryAgencies,
  HistoryExportQuery,
  LeavingPolicy,
  LeftMembership,
  LeftStudent,
  LeftStudentQuery,
} from '../schemas/leaving.js';
import { route } from './route.js';

const studentAdmins = roles(ROLE_SETS.studentAdmin);

export const LEAVING_API = {
  leavingPolicy: route({
    method: 'GET',
    path: '/v1/users/leaving/policy',
    module: 'user',
    summary: '离开机构后记录的保留天数',
    access: LOGIN,
    response: LeavingPolicy,
  }),
  userStudentLeftList: route({
    method: 'GET',
    path: '/v1/users/students/left',
    module: 'user',
    summary: '已离开本机构的学生（记录保留期内），分页',
    access: studentAdmins,
    query: LeftStudentQuery,
    response: pageOf(LeftStudent),
  }),
  userStudentLeave: route({
    method: 'DELETE',
    path: '/v1/users/student/:id/membership',
    module: 'user',
    summary: '标记学生已离开本机构（移除本机构角色和班级；记录保留到保留期满）',
    access: studentAdmins,
    params: IdParams,
    response: LeftMembership,
  }),
  userStudentRejoin: route({
    method: 'POST',
    path: '/v1/users/student/:id/rejoin',
    module: 'user',
    summary: '让已离开的学生重新加入本机构（恢复学生角色，保留期内的记录仍在）',
    access: studentAdmins,
    params: IdParams,
    response: z.null(),
  }),
  myMembershipLeave: route({
    method: 'DELETE',
    path: '/v1/users/me/membership',
    module: 'user',
    summary: '学生本人退出当前机构',
    access: roles(ROLE_SETS.trainee),
    response: LeftMembership,
  }),
  myHistoryAgencies: route({
    method: 'GET',
    path: '/v1/users/me/history/agencies',
    module: 'user',
    summary: '我的练习记录所在的机构（当前所在及保留期内离开的）',
    access: LOGIN,
    response: HistoryAgencies,
  }),
  myHistoryExport: route({
    method: 'GET',
    path: '/v1/users/me/history/export',
    module: 'user',
    summary: '导出我的练习记录（Excel；全部机构或其中一个）',
    access: LOGIN,
    query: HistoryExportQuery,
    rawResponse: true,
    response: z.any(),
  }),
};
