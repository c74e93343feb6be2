// The agency's people (docs/users.md); the parents' list and links are in api/parents.ts. Agency routes act in the agency in context: a user without a role of that
// agency answers 404. Lists, create, edit, disable/enable follow the docs/product.md §6 rows of /admin/user/*;
// a password reset is for agency admins only (docs/users.md "Passwords").
import { agencyRole as a } from '../roles.js';
import { PUBLIC, roles } from '../access/api-access.js';
import { ROLE_SETS, type RoleAlternatives } from '../access/role-sets.js';
import { PageQuery, pageOf, requestOf } from '../envelope.js';
import { IdParams } from '../schemas/common.js';
import {
  AgencyTeacher,
  AgencyUser,
  CreatedHomeworkTeacher,
  CreatedUser,
  HomeworkTeacher,
  HomeworkTeacherCreate,
  HomeworkTeacherEdit,
  HomeworkTeacherQuery,
  PasswordReset,
  PublicAgencyParams,
  PublicProfilesQuery,
  PublicTeacherProfile,
  TeacherClass,
  TeacherProfile,
  TeacherProfileEdit,
  UserCreate,
  UserEdit,
  UserListQuery,
} from '../schemas/users.js';
import { route } from './route.js';

const one = (...r: string[]): RoleAlternatives => r.map((x) => [x]);
/** Only the agency admin resets passwords. */
export const PASSWORD_RESETTERS = one(a('admin'));
/** Who reads and edits a teacher profile: the teacher (their own) and the agency's teacher admins. */
export const PROFILE_EDITORS = one(a('admin'), a('teacher:admin'), a('teacher'));

const students = roles(ROLE_SETS.studentAdmin);
const teachers = roles(ROLE_SETS.teacherAdmin);
const resetters = roles(PASSWORD_RESETTERS);
const coach = roles(ROLE_SETS.coachAdmin);

/** The same six calls for students and for teachers. */
function memberRoutes<K extends 'student' | 'teacher'>(kind: K, label: string) {
  const access = kind === 'student' ? students : teachers;
  const item = kind === 'student' ? AgencyUser : AgencyTeacher;
  return {
    list: route({
      method: 'GET',
      path: `/v1/users/${kind}s`,
      module: 'user',
      summary: `本机构${label}列表（按姓名或用户名搜索，按状态、年级筛选，分页）`,
      access,
      query: UserListQuery,
      response: pageOf(item),
    }),
    create: route({
      method: 'PUT',
      path: `/v1/users/${kind}`,
      module: 'user',
      summary: `新建${label}账号（用户名带机构前缀，可自动生成；初始密码只显示一次）`,
      access,
      body: requestOf(UserCreate),
      response: CreatedUser,
    }),
    edit: route({
      method: 'POST',
      path: `/v1/users/${kind}/:id`,
      module: 'user',
      summary: `修改${label}（姓名、年级、学科）`,
      access,
      params: IdParams,
      body: requestOf(UserEdit),
      response: AgencyUser,
    }),
    disable: route({
      method: 'POST',
      path: `/v1/users/${kind}/:id/disable`,
      module: 'user',
      summary: `停用${label}（只停用本机构的角色）`,
      access,
      params: IdParams,
      response: AgencyUser,
    }),
    enable: route({
      method: 'POST',
      path: `/v1/users/${kind}/:id/enable`,
      module: 'user',
      summary: `启用${label}`,
      access,
      params: IdParams,
      response: AgencyUser,
    }),
    reset: route({
      method: 'POST',
      path: `/v1/users/${kind}/:id/password`,
      module: 'user',
      summary: `重置${label}密码（仅本机构创建且无其他机构角色的账号；下次登录须修改）`,
      access: resetters,
      params: IdParams,
      response: PasswordReset,
    }),
  };
}

const s = memberRoutes('student', '学生');
const t = memberRoutes('teacher', '教师');

export const USERS_API = {
  userStudentList: s.list,
  userStudentCreate: s.create,
  userStudentEdit: s.edit,
  userStudentDisable: s.disable,
  userStudentEnable: s.enable,
  userStudentResetPassword: s.reset,
  userTeacherList: t.list,
  userTeacherCreate: t.create,
  userTeacherEdit: t.edit,
  userTeacherDisable: t.disable,
  userTeacherEnable: t.enable,
  userTeacherResetPassword: t.reset,
  teacherClasses: route({
    method: 'GET',
    path: '/v1/users/teacher/:id/classes',
    module: 'user',
    summary: '教师在本机构所教的班级（未归档，按名称，分页）',
    access: teachers,
    params: IdParams,
    query: PageQuery,
    response: pageOf(TeacherClass),
  }),
  teacherProfileGet: route({
    method: 'GET',
    path: '/v1/users/teacher/:id/profile',
    module: 'user',
    summary: '教师资料（教师本人或本机构教师管理员）',
    access: roles(PROFILE_EDITORS),
    params: IdParams,
    response: TeacherProfile,
  }),
  teacherProfileSave: route({
    method: 'POST',
    path: '/v1/users/teacher/:id/profile',
    module: 'user',
    summary: '保存教师资料（姓名、头像、学科、简介、是否公开）',
    access: roles(PROFILE_EDITORS),
    params: IdParams,
    body: requestOf(TeacherProfileEdit),
    response: TeacherProfile,
  }),
  homeworkTeacherList: route({
    method: 'GET',
    path: '/v1/users/homework-teachers',
    module: 'user',
    summary: '作业老师列表（平台管理员；按关键词、机构筛选，分页）',
    access: coach,
    query: HomeworkTeacherQuery,
    response: pageOf(HomeworkTeacher),
  }),
  homeworkTeacherCreate: route({
    method: 'PUT',
    path: '/v1/users/homework-teacher',
    module: 'user',
    summary: '新建作业老师（初始密码只显示一次）',
    access: coach,
    body: requestOf(HomeworkTeacherCreate),
    response: CreatedHomeworkTeacher,
  }),
  homeworkTeacherEdit: route({
    method: 'POST',
    path: '/v1/users/homework-teacher/:id',
    module: 'user',
    summary: '修改作业老师（姓名、分配的机构）',
    access: coach,
    params: IdParams,
    body: requestOf(HomeworkTeacherEdit),
    response: HomeworkTeacher,
  }),
  publicTeacherProfile: route({
    method: 'GET',
    path: '/v1/public/teacher/:id/profile',
    module: 'user',
    summary: '教师公开资料（仅本人公开的资料）',
    access: PUBLIC,
    params: IdParams,
    response: PublicTeacherProfile,
  }),
  publicAgencyProfiles: route({
    method: 'GET',
    path: '/v1/public/agency/:agencyId/profiles',
    module: 'user',
    summary: '机构教师公开资料列表（仅已公开的资料）',
    access: PUBLIC,
    params: PublicAgencyParams,
    query: PublicProfilesQuery,
    response: pageOf(PublicTeacherProfile),
  }),
} as const;
