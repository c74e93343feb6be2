// Classes (docs/classes.md). Every route acts in the agency in context: another agency's class, student or
// teacher answers 404. Agency admins manage classes; an agency teacher reads the classes they teach; the
// agency's other admins whom docs/product.md §6 lets onto class pages read every class of the agency.
import { z } from 'zod';
import { agencyRole as a } from '../roles.js';
import { roles } from '../access/api-access.js';
import { ROLE_SETS, type RoleAlternatives } from '../access/role-sets.js';
import { pageOf, requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  ClassCandidate,
  ClassCandidateQuery,
  ClassChangeResult,
  ClassCreate,
  ClassFields,
  ClassListQuery,
  ClassMember,
  ClassMemberQuery,
  ClassPerson,
  ClassStats,
  ClassStudentInfo,
  ClassStudentParams,
  ClassStudentScores,
  ClassSummary,
  ClassToday,
  ClassUserIds,
} from '../schemas/classes.js';
import { route } from './route.js';

const one = (...r: string[]): RoleAlternatives => r.map((x) => [x]);
/** Who reads class pages: the agency's admins of docs/product.md §6 "other /admin pages" and its teachers. */
export const CLASS_READERS = ROLE_SETS.agencyStaff;
/** Who changes classes, their members and teachers. */
export const CLASS_MANAGERS = one(a('admin'));

const readers = roles(CLASS_READERS);
const managers = roles(CLASS_MANAGERS);

export const CLASSES_API = {
  classList: route({
    method: 'GET',
    path: '/v1/class/list',
    module: 'class',
    summary: '班级列表（教师只见所教班级；可按类型、关键词、归档筛选，分页）',
    access: readers,
    query: ClassListQuery,
    response: pageOf(ClassSummary),
  }),
  classGet: route({
    method: 'GET',
    path: '/v1/class/:id',
    module: 'class',
    summary: '一个班级',
    access: readers,
    params: IdParams,
    response: ClassSummary,
  }),
  classCreate: route({
    method: 'PUT',
    path: '/v1/class',
    module: 'class',
    summary: '新建班级',
    access: managers,
    body: requestOf(ClassCreate),
    response: ClassSummary,
  }),
  classUpdate: route({
    method: 'POST',
    path: '/v1/class/:id',
    module: 'class',
    summary: '修改班级',
    access: managers,
    params: IdParams,
    body: requestOf(ClassFields),
    response: ClassSummary,
  }),
  classArchive: route({
    method: 'POST',
    path: '/v1/class/:id/archive',
    module: 'class',
    summary: '归档班级（保留成员与记录，只读）',
    access: managers,
    params: IdParams,
    response: ClassSummary,
  }),
  classUnarchive: route({
    method: 'POST',
    path: '/v1/class/:id/unarchive',
    module: 'class',
    summary: '恢复已归档的班级',
    access: managers,
    params: IdParams,
    response: ClassSummary,
  }),
  classMembers: route({
    method: 'GET',
    path: '/v1/class/:id/members',
    module: 'class',
    summary: '班级学生（分页）',
    access: readers,
    params: IdParams,
    query: ClassMemberQuery,
    response: pageOf(ClassMember),
  }),
  classAddMembers: route({
    method: 'POST',
    path: '/v1/class/:id/members/add',
    module: 'class',
    summary: '添加学生（本机构学生）',
    access: managers,
    params: IdParams,
    body: requestOf(ClassUserIds),
    response: ClassChangeResult,
  }),
  classRemoveMembers: route({
    method: 'POST',
    path: '/v1/class/:id/members/remove',
    module: 'class',
    summary: '移出学生',
    access: managers,
    params: IdParams,
    body: requestOf(ClassUserIds),
    response: ClassChangeResult,
  }),
  classTeachers: route({
    method: 'GET',
    path: '/v1/class/:id/teachers',
    module: 'class',
    summary: '班级教师',
    access: readers,
    params: IdParams,
    response: z.array(ClassPerson),
  }),
  classAddTeachers: route({
    method: 'POST',
    path: '/v1/class/:id/teachers/add',
    module: 'class',
    summary: '添加教师（本机构教师）',
    access: managers,
    params: IdParams,
    body: requestOf(ClassUserIds),
    response: ClassChangeResult,
  }),
  classRemoveTeachers: route({
    method: 'POST',
    path: '/v1/class/:id/teachers/remove',
    module: 'class',
    summary: '移出教师',
    access: managers,
    params: IdParams,
    body: requestOf(ClassUserIds),
    response: ClassChangeResult,
  }),
  classCandidates: route({
    method: 'GET',
    path: '/v1/class/:id/candidates',
    module: 'class',
    summary: '可加入班级的本机构学生或教师（分页）',
    access: managers,
    params: IdParams,
    query: ClassCandidateQuery,
    response: pageOf(ClassCandidate),
  }),
  classStudentInfo: route({
    method: 'GET',
    path: '/v1/class/student/:id',
    module: 'class',
    summary: '一名学生的训练与知识点掌握（机构管理员、训练管理员，以及学生所在班级的教师可见）',
    // docs/classes.md "Whose records a teacher reads": the train staff's roles; a teacher only their students.
    access: roles(ROLE_SETS.trainStaff),
    params: IdParams,
    response: ClassStudentInfo,
  }),
  classStudentScores: route({
    method: 'GET',
    path: '/v1/class/:classId/student/:id/scores',
    module: 'class',
    summary: '一名学生在班级中的成绩（与班级平均对比）',
    access: readers,
    params: ClassStudentParams,
    response: ClassStudentScores,
  }),
  classStats: route({
    method: 'GET',
    path: '/v1/class/:id/stats',
    module: 'class',
    summary: '班级统计：成员各知识点掌握分布、各方案完成与得分',
    access: readers,
    params: IdParams,
    response: ClassStats,
  }),
  classToday: route({
    method: 'GET',
    path: '/v1/class/:id/today',
    module: 'class',
    summary: '班级今日作业与完成情况（中国标准时间）',
    access: readers,
    params: IdParams,
    response: ClassToday,
  }),
};
