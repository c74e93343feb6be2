// Bulk enrolment from Excel: students (issue 18 item 1), teachers and parents (issue 28). Rules: docs/enrolment.md.
import { z } from 'zod';
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { IdParams } from '../schemas/common.js';
import { EnrolmentJob, EnrolmentLimits, EnrolmentQuery, EnrolmentStarted } from '../schemas/enrolment.js';
import { route } from './route.js';

/** docs/product.md §6 `/admin/user/student`: agency admin or agency student admin. */
const studentAdmin = roles(ROLE_SETS.studentAdmin);
/** `/admin/user/teacher`: agency admin or agency teacher admin. */
const teacherAdmin = roles(ROLE_SETS.teacherAdmin);
/** `/admin/user/parent`: agency admin or agency parent admin. */
const parentAdmin = roles(ROLE_SETS.parentAdmin);

/**
 * The same seven calls for teachers and for parents (docs/enrolment.md "Kinds"): a route set per kind, because
 * access is fixed per route; a job of another kind answers 404 as one of another agency does.
 */
function kindRoutes(kind: 'teacher' | 'parent', label: string) {
  const base = `/v1/user/${kind}-enrolment`;
  const access = kind === 'teacher' ? teacherAdmin : parentAdmin;
  const module = kind === 'teacher' ? 'user' : 'parent';
  return {
    start: route({
      method: 'PUT',
      path: base,
      module,
      summary: `批量导入${label}（请求体为 Excel 文件；后台校验并创建账号，返回任务号）`,
      access,
      query: EnrolmentQuery,
      rawBody: true,
      response: EnrolmentStarted,
    }),
    limits: route({
      method: 'GET',
      path: `${base}/limits`,
      module,
      summary: `批量导入${label}的限制（行数、文件大小）`,
      access,
      response: EnrolmentLimits,
    }),
    template: route({
      method: 'GET',
      path: `${base}/template`,
      module,
      summary: `下载批量导入${label}的 Excel 模板`,
      access,
      rawResponse: true,
      response: z.any(),
    }),
    job: route({
      method: 'GET',
      path: `${base}/:id`,
      module,
      summary: `批量导入${label}任务的进度与逐行错误报告`,
      access,
      params: IdParams,
      response: EnrolmentJob,
    }),
    cancel: route({
      method: 'POST',
      path: `${base}/:id/cancel`,
      module,
      summary: `取消未完成的批量导入${label}（开始写入账号后不能取消）`,
      access,
      params: IdParams,
      response: EnrolmentJob,
    }),
    errors: route({
      method: 'GET',
      path: `${base}/:id/errors`,
      module,
      summary: `下载批量导入${label}的错误报告（Excel）`,
      access,
      params: IdParams,
      rawResponse: true,
      response: z.any(),
    }),
    passwords: route({
      method: 'POST',
      path: `${base}/:id/passwords`,
      module,
      summary: `下载导入${label}的初始密码（Excel，仅能下载一次，下载后服务器即删除）`,
      access,
      params: IdParams,
      rawResponse: true,
      response: z.any(),
    }),
  };
}

const t = kindRoutes('teacher', '教师');
const p = kindRoutes('parent', '家长');

export const ENROLMENT_API = {
  enrolmentStart: route({
    method: 'PUT',
    path: '/v1/user/enrolment',
    module: 'user',
    summary: '批量注册学生（请求体为 Excel 文件；后台校验并创建账号，返回任务号）',
    access: studentAdmin,
    query: EnrolmentQuery,
    rawBody: true,
    response: EnrolmentStarted,
  }),
  enrolmentLimits: route({
    method: 'GET',
    path: '/v1/user/enrolment/limits',
    module: 'user',
    summary: '批量注册的限制（行数、文件大小）',
    access: studentAdmin,
    response: EnrolmentLimits,
  }),
  enrolmentTemplate: route({
    method: 'GET',
    path: '/v1/user/enrolment/template',
    module: 'user',
    summary: '下载批量注册的 Excel 模板',
    access: studentAdmin,
    rawResponse: true,
    response: z.any(),
  }),
  enrolmentJob: route({
    method: 'GET',
    path: '/v1/user/enrolment/:id',
    module: 'user',
    summary: '批量注册任务的进度与逐行错误报告',
    access: studentAdmin,
    params: IdParams,
    response: EnrolmentJob,
  }),
  enrolmentCancel: route({
    method: 'POST',
    path: '/v1/user/enrolment/:id/cancel',
    module: 'user',
    summary: '取消未完成的批量注册（开始写入账号后不能取消）',
    access: studentAdmin,
    params: IdParams,
    response: EnrolmentJob,
  }),
  enrolmentErrors: route({
    method: 'GET',
    path: '/v1/user/enrolment/:id/errors',
    module: 'user',
    summary: '下载批量注册的错误报告（Excel）',
    access: studentAdmin,
    params: IdParams,
    rawResponse: true,
    response: z.any(),
  }),
  enrolmentPasswords: route({
    method: 'POST',
    path: '/v1/user/enrolment/:id/passwords',
    module: 'user',
    summary: '下载初始密码（Excel，仅能下载一次，下载后服务器即删除）',
    access: studentAdmin,
    params: IdParams,
    rawResponse: true,
    response: z.any(),
  }),
  teacherEnrolmentStart: t.start,
  teacherEnrolmentLimits: t.limits,
  teacherEnrolmentTemplate: t.template,
  teacherEnrolmentJob: t.job,
  teacherEnrolmentCancel: t.cancel,
  teacherEnrolmentErrors: t.errors,
  teacherEnrolmentPasswords: t.passwords,
  parentEnrolmentStart: p.start,
  parentEnrolmentLimits: p.limits,
  parentEnrolmentTemplate: p.template,
  parentEnrolmentJob: p.job,
  parentEnrolmentCancel: p.cancel,
  parentEnrolmentErrors: p.errors,
  parentEnrolmentPasswords: p.passwords,
} as const;
