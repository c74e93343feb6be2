// The API's one route table: method, path, module, access rule and schemas of every /v1 call.
// The server registers from it and refuses to start on a route missing here; OpenAPI is generated from it.
import { z } from 'zod';
import { route, type ApiRoute } from './api/route.js';
import { QUESTION_API } from './api/question.js';
import { QUESTION_PUBLICATION_API } from './api/question-publication.js';
import { TRANSFER_API } from './api/transfer.js';
import { TRAINING_API } from './api/training.js';
import { TRAIN_API } from './api/train.js';
import { SCHEME_STATS_API } from './api/scheme-stats.js';
import { SCHEME_SIMULATION_API } from './api/scheme-simulation.js';
import { WRONG_BOOK_API } from './api/wrong-book.js';
import { USERS_API } from './api/users.js';
import { USERS_BULK_API } from './api/users-bulk.js';
import { LEAVING_API } from './api/leaving.js';
import { INVITATIONS_API } from './api/invitations.js';
import { ENROLMENT_API } from './api/enrolment.js';
import { PARENTS_API } from './api/parents.js';
import { CLASSES_API } from './api/classes.js';
import { MARKING_API } from './api/marking.js';
import { TASKS_API } from './api/tasks.js';
import { GRADEBOOK_API } from './api/gradebook.js';
import { STUDENT_HOME_API } from './api/student-home.js';
import { NOTICES_API } from './api/notices.js';
import { KNOWLEDGE_GRAPH_API } from './api/knowledge-graph.js';
import { READING_API } from './api/reading.js';
import { RECITATION_API } from './api/recitation.js';
import { READING_STEPS_API } from './api/reading-steps.js';
import { STORE_API } from './api/store.js';
import { LESSONS_API } from './api/lessons.js';
import { LESSON_LIVE_API } from './api/lesson-live.js';
import { PLACEMENT_API } from './api/placement.js';
import { LESSON_ENGINE_API } from './api/lesson-engine.js';
import { FSRS_FIT_API } from './api/fsrs-fit.js';
import { requestOf, pageOf } from './envelope.js';
import { ROLE_SETS } from './access/role-sets.js';
import { LOGIN, LOGIN_IN_AGENCY, PUBLIC, roles } from './access/api-access.js';
import { Grade, Subject } from './schemas/general.js';
import { ChangePasswordRequest, LoginInfo, LoginRequest } from './schemas/auth.js';
import {
  Agency,
  AgencyAdmin,
  AgencyAdminAdd,
  AgencyAdminCreate,
  AgencyCreate,
  AgencyFields,
  AgencyListItem,
  AgencyListQuery,
  CreatedAgencyAdmin,
  PublicAgency,
} from './schemas/agency.js';
import {
  KnowledgePoint,
  KnowledgePointCreate,
  KnowledgePointRename,
  KnowledgeTreeCompact,
  KnowledgeTreeQuery,
  KpCodeParams,
} from './schemas/knowledge.js';
import { StoredFile } from './schemas/files.js';
import { AgencyId, IdParams } from './schemas/common.js';

export type { ApiRoute, HttpMethod } from './api/route.js';

export const API = {
  health: route({
    method: 'GET',
    path: '/v1/health',
    module: 'general',
    summary: '存活检查（不访问数据库）',
    access: PUBLIC,
    response: z.object({ status: z.literal('ok') }),
  }),
  grades: route({
    method: 'GET',
    path: '/v1/general/data/grades',
    module: 'general',
    summary: '年级列表',
    access: PUBLIC,
    response: z.array(Grade),
  }),
  subjects: route({
    method: 'GET',
    path: '/v1/general/data/subjects',
    module: 'general',
    summary: '学科列表',
    access: PUBLIC,
    response: z.array(Subject),
  }),

  login: route({
    method: 'POST',
    path: '/v1/auth/login',
    module: 'auth',
    summary: '登录',
    access: PUBLIC,
    body: requestOf(LoginRequest),
    response: LoginInfo,
  }),
  logout: route({
    method: 'POST',
    path: '/v1/auth/logout',
    module: 'auth',
    summary: '退出登录（吊销当前令牌）',
    access: LOGIN,
    response: z.null(),
  }),
  me: route({
    method: 'GET',
    path: '/v1/auth/me',
    module: 'auth',
    summary: '当前登录信息',
    access: LOGIN,
    response: LoginInfo,
  }),
  changePassword: route({
    method: 'POST',
    path: '/v1/auth/password',
    module: 'auth',
    summary: '修改密码（吊销其他令牌）',
    access: LOGIN,
    body: requestOf(ChangePasswordRequest),
    response: z.null(),
  }),

  agencyList: route({
    method: 'GET',
    path: '/v1/agencies',
    module: 'agency',
    summary: '机构列表',
    access: roles(ROLE_SETS.agencyManager),
    query: AgencyListQuery,
    response: pageOf(AgencyListItem),
  }),
  agencyGet: route({
    method: 'GET',
    path: '/v1/agency/:id',
    module: 'agency',
    summary: '机构详情',
    access: roles(ROLE_SETS.agencyManager),
    params: IdParams,
    response: Agency,
  }),
  agencyCreate: route({
    method: 'PUT',
    path: '/v1/agency',
    module: 'agency',
    summary: '新建机构',
    access: roles(ROLE_SETS.agencyManager),
    body: requestOf(AgencyCreate),
    response: Agency,
  }),
  agencyUpdate: route({
    method: 'POST',
    path: '/v1/agency/:id',
    module: 'agency',
    summary: '修改机构',
    access: roles(ROLE_SETS.agencyManager),
    params: IdParams,
    body: requestOf(AgencyFields),
    response: Agency,
  }),
  // An agency's first admin (docs/users.md "An agency's first admin"): the platform admin alone grants the role.
  agencyAdminCreate: route({
    method: 'PUT',
    path: '/v1/agency/:id/admin',
    module: 'agency',
    summary: '为机构新建管理员账号（一次性密码）',
    access: roles(ROLE_SETS.platformAdmin),
    params: IdParams,
    body: requestOf(AgencyAdminCreate),
    response: CreatedAgencyAdmin,
  }),
  agencyAdminAdd: route({
    method: 'POST',
    path: '/v1/agency/:id/admins/add',
    module: 'agency',
    summary: '把已有账号设为机构管理员',
    access: roles(ROLE_SETS.platformAdmin),
    params: IdParams,
    body: requestOf(AgencyAdminAdd),
    response: AgencyAdmin,
  }),
  publicAgency: route({
    method: 'GET',
    path: '/v1/public/agency/:agencyId',
    module: 'agency',
    summary: '机构公开简介',
    access: PUBLIC,
    params: z.object({ agencyId: AgencyId }),
    response: PublicAgency,
  }),

  fileUpload: route({
    method: 'PUT',
    path: '/v1/files',
    module: 'files',
    summary: '上传图片（请求体为文件内容）',
    access: LOGIN,
    rawBody: true,
    response: StoredFile,
  }),
  fileGet: route({
    method: 'GET',
    path: '/v1/files/:id',
    module: 'files',
    summary: '读取文件',
    access: PUBLIC,
    params: IdParams,
    rawResponse: true,
    response: z.any(),
  }),

  kpSubjects: route({
    method: 'GET',
    path: '/v1/exam/question/subjects',
    module: 'exam',
    summary: '学科（知识树的根节点）',
    access: LOGIN_IN_AGENCY,
    response: z.array(KnowledgePoint),
  }),
  kpList: route({
    method: 'GET',
    path: '/v1/exam/question/knowledgepoints',
    module: 'exam',
    summary: '全部知识点（含当前机构的引用计数）',
    access: LOGIN_IN_AGENCY,
    response: z.array(KnowledgePoint),
  }),
  kpTree: route({
    method: 'GET',
    path: '/v1/exam/question/knowledgepoints/tree',
    module: 'exam',
    summary: '知识树精简版（编码与名称，供页面选择器；可只取一棵子树；ETag/304）',
    access: LOGIN,
    query: KnowledgeTreeQuery,
    response: KnowledgeTreeCompact,
  }),
  kpDescendants: route({
    method: 'GET',
    path: '/v1/exam/question/knowledgepoints/parent/:id',
    module: 'exam',
    summary: '某知识点的全部后代',
    access: LOGIN_IN_AGENCY,
    params: KpCodeParams,
    response: z.array(KnowledgePoint),
  }),
  kpCreate: route({
    method: 'PUT',
    path: '/v1/exam/question/knowledgepoint',
    module: 'exam',
    summary: '新建知识点（编码由服务器分配）',
    access: roles(ROLE_SETS.knowledgeAdmin),
    body: requestOf(KnowledgePointCreate),
    response: KnowledgePoint,
  }),
  kpRename: route({
    method: 'POST',
    path: '/v1/exam/question/knowledgepoint/:id',
    module: 'exam',
    summary: '重命名知识点',
    access: roles(ROLE_SETS.knowledgeAdmin),
    params: KpCodeParams,
    body: requestOf(KnowledgePointRename),
    response: KnowledgePoint,
  }),
  kpDelete: route({
    method: 'DELETE',
    path: '/v1/exam/question/knowledgepoint/:id',
    module: 'exam',
    summary: '删除知识点（有子节点或题目时拒绝）',
    access: roles(ROLE_SETS.knowledgeAdmin),
    params: KpCodeParams,
    response: z.null(),
  }),
  ...QUESTION_API,
  ...QUESTION_PUBLICATION_API,
  ...TRANSFER_API,
  ...TRAINING_API,
  ...TRAIN_API,
  ...SCHEME_STATS_API,
  ...SCHEME_SIMULATION_API,
  ...WRONG_BOOK_API,
  ...USERS_API,
  ...USERS_BULK_API,
  ...LEAVING_API,
  ...INVITATIONS_API,
  ...ENROLMENT_API,
  ...PARENTS_API,
  ...CLASSES_API,
  ...MARKING_API,
  ...TASKS_API,
  ...GRADEBOOK_API,
  ...STUDENT_HOME_API,
  ...NOTICES_API,
  ...KNOWLEDGE_GRAPH_API,
  ...READING_API,
  ...RECITATION_API,
  ...READING_STEPS_API,
  ...STORE_API,
  ...LESSONS_API,
  ...LESSON_LIVE_API,
  ...PLACEMENT_API,
  ...LESSON_ENGINE_API,
  ...FSRS_FIT_API,
} as const satisfies Record<string, ApiRoute>;

export type ApiName = keyof typeof API;
export const API_ROUTES: readonly ApiRoute[] = Object.values(API);

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** The rule table: "METHOD /path" → route. */
export const API_ROUTE_TABLE: ReadonlyMap<string, ApiRoute> = new Map(
  API_ROUTES.map((r) => [routeKey(r.method, r.path), r]),
);

export type ResponseOf<N extends ApiName> = z.infer<(typeof API)[N]['response']>;
