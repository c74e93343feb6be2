// Bulk enrolment of students from Excel (issue 18 item 1). Rules: docs/enrolment.md.
import { z } from 'zod';
import { ROLE_SETS } from '../access/role-sets.js';
import { roles } from '../access/api-access.js';
import { IdParams } from '../schemas/common.js';
import { EnrolmentJob, EnrolmentLimits, EnrolmentQuery, EnrolmentStarted } from '../schemas/enrolment.js';
import { route } from './route.js';

/** docs/product.md §6 `/admin/user/student`: agency admin or agency student admin. */
const studentAdmin = roles(ROLE_SETS.studentAdmin);

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
} as const;
