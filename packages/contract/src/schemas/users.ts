// The agency's people (docs/users.md): students, teachers, parents, homework teachers and public teacher profiles.
import { z } from 'zod';
import { PageQuery } from '../envelope.js';
import { AgencyId, EpochMs, Id } from './common.js';

/** Agency roles an agency admin grants on top of student or teacher (docs/users.md "Staff roles"). */
export const STAFF_ROLE_KINDS = [
  'question:admin',
  'train:admin',
  'student:admin',
  'teacher:admin',
  'parent:admin',
] as const;
export const StaffRoleKind = z.enum(STAFF_ROLE_KINDS);
export type StaffRoleKind = z.infer<typeof StaffRoleKind>;

/** `all` (default), `enabled` or `disabled` memberships. */
export const MemberStatus = z.enum(['all', 'enabled', 'disabled']);
export type MemberStatus = z.infer<typeof MemberStatus>;

export const UserListQuery = PageQuery.extend({
  /** Matches name or username (case-insensitive substring). */
  keyword: z.string().trim().max(64, '关键词不超过 64 个字符').optional(),
  status: MemberStatus.default('all'),
  gradeId: z.string().max(64).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** One person as the agency sees them: the account and this agency's membership only. */
export const AgencyUser = z.object({
  id: Id,
  username: z.string(),
  name: z.string(),
  /** File id of the avatar, or null (the web then draws the name's first character, docs/product.md §9). */
  avatar: z.string().nullable(),
  /** This agency suspended the membership (its roles are not honoured). */
  disabled: z.boolean(),
  /** This agency created the account. */
  createdHere: z.boolean(),
  /** Whether the caller may reset this account's password (docs/users.md "Passwords"). */
  canResetPassword: z.boolean(),
  /** Whether the caller may change the account's name (the same rule as the password). */
  canRename: z.boolean(),
  gradeId: z.string().nullable(),
  gradeName: z.string().nullable(),
  subjectIds: z.array(z.string()),
  mustChangePassword: z.boolean(),
  /** The kinds of this agency's roles the account holds (`teacher`, `train:admin`, …); never another agency's. */
  roleKinds: z.array(z.string()),
  createTime: EpochMs,
});
export type AgencyUser = z.infer<typeof AgencyUser>;

export const AgencyTeacher = AgencyUser.extend({ profilePublished: z.boolean() });
export type AgencyTeacher = z.infer<typeof AgencyTeacher>;

const Name = z.string().trim().min(1, '请输入姓名').max(40, '姓名不超过 40 个字符');
const SubjectIds = z.array(Id).max(20, '最多选择 20 个学科');
/** Without the agency prefix (it is added); empty means generate one. */
const Username = z
  .string()
  .trim()
  .max(80, '用户名过长')
  .regex(/^([A-Za-z0-9][A-Za-z0-9_.-]{1,79})?$/, '用户名只能包含字母、数字、下划线、点或连字符，以字母或数字开头')
  .optional();
/** Empty means generate one; the server checks the password rule. */
const InitialPassword = z.string().max(128, '密码不超过 128 个字符').optional();

export const UserCreate = z.object({
  name: Name,
  username: Username,
  password: InitialPassword,
  gradeId: Id.nullable().default(null),
  subjectIds: SubjectIds.default([]),
});
export type UserCreate = z.input<typeof UserCreate>;

export const UserEdit = z.object({
  name: Name.optional(),
  /** Replaces the staff roles held in this agency; agency admins only. */
  staffRoles: z.array(StaffRoleKind).max(STAFF_ROLE_KINDS.length).optional(),
  gradeId: Id.nullable().optional(),
  subjectIds: SubjectIds.optional(),
});
export type UserEdit = z.input<typeof UserEdit>;

/** A new account or a reset: the password is shown once and never stored in clear. */
export const CreatedUser = z.object({ user: AgencyUser, password: z.string() });
export type CreatedUser = z.infer<typeof CreatedUser>;
export const PasswordReset = z.object({ username: z.string(), password: z.string() });
export type PasswordReset = z.infer<typeof PasswordReset>;

// ---- Teacher profiles ----

export const TeacherProfile = z.object({
  id: Id,
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  subjectIds: z.array(z.string()),
  introduction: z.string(),
  published: z.boolean(),
  /** Whether the caller may change the name (the teacher, or an admin of the agency that owns the account). */
  canRename: z.boolean(),
});
export type TeacherProfile = z.infer<typeof TeacherProfile>;

export const TeacherProfileEdit = z.object({
  name: Name.optional(),
  avatar: Id.nullable().optional(),
  subjectIds: SubjectIds.optional(),
  introduction: z.string().max(2000, '简介不超过 2000 个字符').optional(),
  published: z.boolean().optional(),
});
export type TeacherProfileEdit = z.input<typeof TeacherProfileEdit>;

export const PublicTeacherProfile = z.object({
  id: Id,
  name: z.string(),
  avatar: z.string().nullable(),
  subjects: z.array(z.object({ id: z.string(), name: z.string() })),
  introduction: z.string(),
  agencies: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PublicTeacherProfile = z.infer<typeof PublicTeacherProfile>;

export const PublicProfilesQuery = PageQuery;
export const PublicAgencyParams = z.object({ agencyId: AgencyId });

// ---- Homework teachers (platform) ----

export const HomeworkTeacher = z.object({
  id: Id,
  username: z.string(),
  name: z.string(),
  agencies: z.array(z.object({ id: z.string(), name: z.string() })),
  mustChangePassword: z.boolean(),
  createTime: EpochMs,
});
export type HomeworkTeacher = z.infer<typeof HomeworkTeacher>;

export const HomeworkTeacherQuery = PageQuery.extend({
  keyword: z.string().trim().max(64, '关键词不超过 64 个字符').optional(),
  agencyId: AgencyId.optional(),
});

export const HomeworkTeacherCreate = z.object({
  name: Name,
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{1,39}$/, '用户名须为 2–40 位字母、数字、下划线、点或连字符，以字母或数字开头'),
  password: InitialPassword,
  agencyIds: z.array(AgencyId).max(100).default([]),
});
export type HomeworkTeacherCreate = z.input<typeof HomeworkTeacherCreate>;

export const HomeworkTeacherEdit = z.object({
  name: Name.optional(),
  /** Replaces the agencies the teacher is assigned to. */
  agencyIds: z.array(AgencyId).max(100).optional(),
});
export type HomeworkTeacherEdit = z.input<typeof HomeworkTeacherEdit>;

export const CreatedHomeworkTeacher = z.object({ user: HomeworkTeacher, password: z.string() });

/** A class the teacher teaches in the agency (`/admin/user/teacher/list/classInfo/{id}/{teacherName}`). */
export const TeacherClass = z.object({
  id: Id,
  kind: z.enum(['ordinary', 'event']),
  name: z.string(),
  gradeName: z.string().nullable(),
  subjectName: z.string().nullable(),
  memberCount: z.number().int(),
});
export type TeacherClass = z.infer<typeof TeacherClass>;
