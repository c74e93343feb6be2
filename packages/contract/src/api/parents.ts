// Parent calls (docs/parents.md): a parent's children and their trainings (only their own children: any other id
// answers 404), pairing by code, the public sign-up with a code, and the agency's parent list.
import { z } from 'zod';
import { ROLE_SETS } from '../access/role-sets.js';
import { PUBLIC, roles } from '../access/api-access.js';
import { PageQuery, pageOf, requestOf } from '../envelope.js';
import { TrainingReport, TrainingSummary } from '../schemas/training.js';
import { IdParams } from '../schemas/common.js';
import { PasswordReset } from '../schemas/users.js';
import { BulkPasswords, BulkUserIds } from '../schemas/users-bulk.js';
import {
  AgencyParent,
  AgencyParentCreate,
  AgencyParentQuery,
  AgencyStudentQuery,
  AgencyStudentRef,
  ChildParams,
  ChildReportParams,
  PairingCode,
  PairRequest,
  ParentChild,
  ParentChildParams,
  ParentReportQuery,
  ParentSignupRequest,
} from '../schemas/parents.js';
import { route } from './route.js';

const parent = roles(ROLE_SETS.parent, false);
const parentInAgency = roles(ROLE_SETS.parent, true);
const trainee = roles(ROLE_SETS.trainee);
const parentAdmin = roles(ROLE_SETS.parentAdmin);

export const PARENTS_API = {
  parentChildren: route({
    method: 'GET',
    path: '/v1/parent/children',
    module: 'parent',
    summary: '我的孩子（含其所在机构）',
    access: parent,
    response: z.array(ParentChild),
  }),
  parentChildHistory: route({
    method: 'GET',
    path: '/v1/parent/child/:id/history',
    module: 'parent',
    summary: '孩子在当前机构的训练记录',
    access: parentInAgency,
    params: ChildParams,
    query: PageQuery,
    response: pageOf(TrainingSummary),
  }),
  parentChildReport: route({
    method: 'GET',
    path: '/v1/parent/child/:childId/report/:id',
    module: 'parent',
    summary: '孩子的训练报告（questions=0 不含答题详情；进行中的试卷不显示对错）',
    access: parentInAgency,
    params: ChildReportParams,
    query: ParentReportQuery,
    response: TrainingReport,
  }),
  parentPair: route({
    method: 'POST',
    path: '/v1/parent/pair',
    module: 'parent',
    summary: '用孩子的配对码绑定孩子',
    access: parent,
    body: requestOf(PairRequest),
    response: ParentChild,
  }),
  parentUnlink: route({
    method: 'DELETE',
    path: '/v1/parent/child/:id',
    module: 'parent',
    summary: '解除与孩子的绑定',
    access: parent,
    params: ChildParams,
    response: z.null(),
  }),
  parentSignup: route({
    method: 'POST',
    path: '/v1/public/parent/signup',
    module: 'parent',
    summary: '家长用孩子的配对码注册并绑定',
    access: PUBLIC,
    body: requestOf(ParentSignupRequest),
    response: z.null(),
  }),
  pairingCodeGet: route({
    method: 'GET',
    path: '/v1/student/pairing-code',
    module: 'parent',
    summary: '我当前有效的家长配对码（没有则为 null）',
    access: trainee,
    response: PairingCode.nullable(),
  }),
  pairingCodeCreate: route({
    method: 'PUT',
    path: '/v1/student/pairing-code',
    module: 'parent',
    summary: '生成新的家长配对码（7 天有效，只能用一次；旧码作废）',
    access: trainee,
    response: PairingCode,
  }),
  agencyParentList: route({
    method: 'GET',
    path: '/v1/admin/parents',
    module: 'parent',
    summary: '本机构的家长（本机构创建的，或孩子是本机构学生的）',
    access: parentAdmin,
    query: AgencyParentQuery,
    response: pageOf(AgencyParent),
  }),
  agencyParentCreate: route({
    method: 'PUT',
    path: '/v1/admin/parent',
    module: 'parent',
    summary: '新建家长账号（首次登录须修改密码）',
    access: parentAdmin,
    body: requestOf(AgencyParentCreate),
    response: AgencyParent,
  }),
  agencyParentLink: route({
    method: 'PUT',
    path: '/v1/admin/parent/:id/child/:childId',
    module: 'parent',
    summary: '为家长关联本机构的学生',
    access: parentAdmin,
    params: ParentChildParams,
    response: AgencyParent,
  }),
  agencyParentUnlink: route({
    method: 'DELETE',
    path: '/v1/admin/parent/:id/child/:childId',
    module: 'parent',
    summary: '解除家长与本机构学生的关联',
    access: parentAdmin,
    params: ParentChildParams,
    response: AgencyParent,
  }),
  agencyParentResetPassword: route({
    method: 'POST',
    path: '/v1/admin/parent/:id/password',
    module: 'parent',
    summary: '重置家长密码（孩子都只是本机构的学生时；下次登录须修改）',
    access: parentAdmin,
    params: IdParams,
    response: PasswordReset,
  }),
  // Bulk actions on the selected rows of the parent list (docs/parents.md "Bulk actions"): every id a parent the
  // agency sees, else 404; all or nothing.
  agencyParentBulkPasswords: route({
    method: 'POST',
    path: '/v1/admin/parents/bulk/passwords',
    module: 'parent',
    summary: '批量重置所选家长的密码（每位都须可由本机构重置；全部成功或全部不变；新密码只返回这一次）',
    access: parentAdmin,
    body: requestOf(BulkUserIds),
    response: BulkPasswords,
  }),
  agencyParentBulkExport: route({
    method: 'POST',
    path: '/v1/admin/parents/bulk/export',
    module: 'parent',
    summary: '导出所选家长（Excel）',
    access: parentAdmin,
    body: requestOf(BulkUserIds),
    rawResponse: true,
    response: z.any(),
  }),
  agencyParentStudents: route({
    method: 'GET',
    path: '/v1/admin/parent/students',
    module: 'parent',
    summary: '按姓名或用户名查找本机构学生（供关联）',
    access: parentAdmin,
    query: AgencyStudentQuery,
    response: z.array(AgencyStudentRef),
  }),
};
