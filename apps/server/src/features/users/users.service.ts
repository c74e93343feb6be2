// The agency's students and teachers, teacher profiles (own and public) and the platform's homework teachers
// (docs/users.md). An agency acts only on its own membership; anyone outside it answers 404.
import { agencyRole, agencyRolePrefix, STAFF_ROLE_KINDS, type StaffRoleKind } from '@edu/contract';
import type {
  AgencyTeacher,
  AgencyUser,
  CreatedUser,
  HomeworkTeacher,
  PasswordReset,
  PublicTeacherProfile,
  TeacherProfile,
} from '@edu/contract';
import { conflict, forbidden, invalidField, isUniqueViolation, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { checkNewPassword } from '../../lib/password.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { userRoles, users } from '../../db/schema.js';
import { checkStudentProfile, createAgencyAccount, generatePassword, USERNAME_TAKEN } from './accounts.js';
import { hashInitialPassword } from './initial-password.js';
import { teacherClasses } from './teacher-classes.repository.js';
import { agencyOwnsAccount, managesTeacherProfiles } from './users.policy.js';
import type { ListQuery, MemberKind, MemberRow, ProfileRow, UsersRepository } from './users.repository.js';

const KIND_LABEL: Record<MemberKind, string> = { student: '学生', teacher: '教师' };
const parseId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : null);

export interface UsersDeps {
  /** Checks that an uploaded file exists (avatars). */
  fileExists: (id: string) => Promise<boolean>;
  /** Forgets cached sessions of a user whose roles or password changed. */
  forgetUser: (userId: number) => void;
}

export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly deps: UsersDeps,
    private readonly clock: Clock,
  ) {}

  private now() {
    return new Date(this.clock.now());
  }

  private toWire(agencyId: string, r: MemberRow, actorRoles: readonly string[]): AgencyTeacher {
    const owned = agencyOwnsAccount(agencyId, r.createdHere, r.roles);
    const prefix = agencyRolePrefix(agencyId);
    return {
      id: String(r.id),
      username: r.username,
      name: r.name,
      avatar: r.avatar,
      disabled: r.disabledAt !== null,
      createdHere: r.createdHere,
      canResetPassword: owned && actorRoles.includes(agencyRole('admin', agencyId)),
      canRename: owned,
      gradeId: r.gradeId,
      gradeName: r.gradeName,
      subjectIds: r.subjectIds,
      mustChangePassword: r.mustChangePassword,
      roleKinds: r.roles.filter((role) => role.startsWith(prefix)).map((role) => role.slice(prefix.length)),
      createTime: r.createdAt.getTime(),
      profilePublished: r.published,
    };
  }

  async list(agencyId: string, kind: MemberKind, actor: AuthUser, q: ListQuery) {
    const { total, rows } = await this.repo.listMembers(agencyId, kind, q);
    return { total, list: rows.map((r) => this.toWire(agencyId, r, actor.roles)) };
  }

  private async member(agencyId: string, kind: MemberKind, id: string): Promise<MemberRow> {
    const userId = parseId(id);
    const row = userId === null ? undefined : await this.repo.member(agencyId, kind, userId);
    if (!row) throw notFound(`${KIND_LABEL[kind]}不存在`);
    return row;
  }

  async create(
    agencyId: string,
    kind: MemberKind,
    actor: AuthUser,
    input: { name: string; username?: string; password?: string; gradeId: string | null; subjectIds: string[] },
  ): Promise<CreatedUser> {
    const made = await this.repo.db.transaction((tx) =>
      createAgencyAccount(tx, {
        agencyId,
        name: input.name,
        username: input.username || undefined,
        password: input.password || undefined,
        roles: [kind],
        gradeId: input.gradeId,
        subjectIds: input.subjectIds,
        now: this.now(),
      }),
    );
    const row = await this.member(agencyId, kind, String(made.userId));
    return { user: this.toWire(agencyId, row, actor.roles), password: made.password };
  }

  async edit(
    agencyId: string,
    kind: MemberKind,
    actor: AuthUser,
    id: string,
    input: { name?: string; gradeId?: string | null; subjectIds?: string[]; staffRoles?: StaffRoleKind[] },
  ): Promise<AgencyUser> {
    const row = await this.member(agencyId, kind, id);
    const now = this.now();
    if (input.staffRoles !== undefined && !actor.roles.includes(agencyRole('admin', agencyId)))
      throw forbidden('只有机构管理员可以分配管理角色');
    if (input.name !== undefined && input.name !== row.name && !agencyOwnsAccount(agencyId, row.createdHere, row.roles))
      throw invalidField('request.name', '此账号不是本机构创建的，姓名只能由本人修改');
    await checkStudentProfile(this.repo.db, input.gradeId, input.subjectIds);
    await this.repo.db.transaction(async (tx) => {
      if (input.name !== undefined) await this.repo.setUser(tx, row.id, { name: input.name }, now);
      if (input.staffRoles !== undefined)
        await this.repo.setAgencyRoles(
          tx,
          row.id,
          STAFF_ROLE_KINDS.map((k) => agencyRole(k, agencyId)),
          [...new Set(input.staffRoles)].map((k) => agencyRole(k, agencyId)),
        );
      if (input.gradeId !== undefined || input.subjectIds !== undefined)
        await this.repo.setMembership(
          tx,
          agencyId,
          row.id,
          {
            ...(input.gradeId !== undefined ? { gradeId: input.gradeId } : {}),
            ...(input.subjectIds !== undefined ? { subjectIds: [...new Set(input.subjectIds)] } : {}),
          },
          now,
        );
    });
    this.deps.forgetUser(row.id);
    return this.toWire(agencyId, await this.member(agencyId, kind, id), actor.roles);
  }

  async setDisabled(
    agencyId: string,
    kind: MemberKind,
    actor: AuthUser,
    id: string,
    disabled: boolean,
  ): Promise<AgencyUser> {
    const row = await this.member(agencyId, kind, id);
    if (disabled && row.id === actor.id) throw invalidField('id', '不能停用自己的账号');
    // Suspending a membership suspends every role of it, the agency admin's too: only an agency admin may do that.
    const adminRole = agencyRole('admin', agencyId);
    if (row.roles.includes(adminRole) && !actor.roles.includes(adminRole))
      throw forbidden('此账号是机构管理员，只有机构管理员可以停用或启用');
    const now = this.now();
    await this.repo.setMembership(this.repo.db, agencyId, row.id, { disabledAt: disabled ? now : null }, now);
    // Cached sessions still carry the roles: forget them so the next request reads them again.
    this.deps.forgetUser(row.id);
    return this.toWire(agencyId, await this.member(agencyId, kind, id), actor.roles);
  }

  async resetPassword(agencyId: string, kind: MemberKind, id: string): Promise<PasswordReset> {
    const row = await this.member(agencyId, kind, id);
    if (!agencyOwnsAccount(agencyId, row.createdHere, row.roles))
      throw forbidden('此账号不能由本机构重置密码，请本人登录后在“修改密码”中修改');
    const password = generatePassword();
    await this.repo.resetPassword(row.id, await hashInitialPassword(password), this.now());
    this.deps.forgetUser(row.id);
    return { username: row.username, password };
  }

  /** The classes in use the agency's teacher teaches, by name, paged (docs/users.md "Pages"). */
  async teacherClasses(agencyId: string, id: string, page: { start: number; size: number }) {
    const row = await this.member(agencyId, 'teacher', id);
    const { total, rows } = await teacherClasses(this.repo.db, agencyId, row.id, page);
    return {
      total,
      list: rows.map((c) => ({
        id: c.id,
        kind: c.kind,
        name: c.name,
        gradeName: c.gradeName,
        subjectName: c.subjectName,
        memberCount: c.memberCount,
      })),
    };
  }

  // ---- Teacher profiles ----

  /** The teacher (holding the agency's teacher role) whose profile the actor may manage, else 404. */
  private async profileTarget(agencyId: string, actor: AuthUser, id: string): Promise<MemberRow> {
    const row = await this.member(agencyId, 'teacher', id);
    if (row.id !== actor.id && !managesTeacherProfiles(actor.roles, agencyId)) throw notFound('教师不存在');
    return row;
  }

  private profileWire(p: ProfileRow, canRename: boolean): TeacherProfile {
    return {
      id: String(p.id),
      username: p.username,
      name: p.name,
      avatar: p.avatar,
      subjectIds: p.subjectIds,
      introduction: p.introduction,
      published: p.published,
      canRename,
    };
  }

  async profile(agencyId: string, actor: AuthUser, id: string): Promise<TeacherProfile> {
    const row = await this.profileTarget(agencyId, actor, id);
    const p = await this.repo.profile(row.id);
    if (!p) throw notFound('教师不存在');
    return this.profileWire(p, row.id === actor.id || agencyOwnsAccount(agencyId, row.createdHere, row.roles));
  }

  async saveProfile(
    agencyId: string,
    actor: AuthUser,
    id: string,
    input: {
      name?: string;
      avatar?: string | null;
      subjectIds?: string[];
      introduction?: string;
      published?: boolean;
    },
  ): Promise<TeacherProfile> {
    const row = await this.profileTarget(agencyId, actor, id);
    const canRename = row.id === actor.id || agencyOwnsAccount(agencyId, row.createdHere, row.roles);
    if (input.name !== undefined && input.name !== row.name && !canRename)
      throw invalidField('request.name', '此账号不是本机构创建的，姓名只能由本人修改');
    if (input.avatar && !(await this.deps.fileExists(input.avatar)))
      throw invalidField('request.avatar', '头像图片不存在，请重新上传');
    await checkStudentProfile(this.repo.db, undefined, input.subjectIds);
    const now = this.now();
    await this.repo.db.transaction(async (tx) => {
      await this.repo.setUser(
        tx,
        row.id,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.avatar !== undefined ? { avatar: input.avatar || null } : {}),
        },
        now,
      );
      await this.repo.saveProfile(
        tx,
        row.id,
        {
          ...(input.subjectIds !== undefined ? { subjectIds: [...new Set(input.subjectIds)] } : {}),
          ...(input.introduction !== undefined ? { introduction: input.introduction } : {}),
          ...(input.published !== undefined ? { published: input.published } : {}),
        },
        now,
      );
    });
    this.deps.forgetUser(row.id);
    return this.profile(agencyId, actor, id);
  }

  // ---- Public profiles ----

  private async publicWire(rows: ProfileRow[]): Promise<PublicTeacherProfile[]> {
    const [names, agencies] = await Promise.all([
      this.repo.subjectNames(),
      this.repo.teachingAgencies(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => ({
      id: String(r.id),
      name: r.name,
      avatar: r.avatar,
      subjects: r.subjectIds.filter((s) => names.has(s)).map((s) => ({ id: s, name: names.get(s)! })),
      introduction: r.introduction,
      agencies: agencies.get(r.id) ?? [],
    }));
  }

  async publicProfile(id: string): Promise<PublicTeacherProfile> {
    const userId = parseId(id);
    const row = userId === null ? undefined : await this.repo.publishedProfile(userId);
    if (!row) throw notFound('教师资料不存在或未公开');
    const [wire] = await this.publicWire([row]);
    return wire;
  }

  async publicProfiles(agencyId: string, q: { start: number; size: number }) {
    if (!(await this.repo.agencyExists(agencyId))) throw notFound('机构不存在');
    const { total, rows } = await this.repo.publishedProfilesOf(agencyId, q.start, q.size);
    return { total, list: await this.publicWire(rows) };
  }

  // ---- Homework teachers ----

  private async homeworkWire(rows: NonNullable<Awaited<ReturnType<UsersRepository['homeworkTeacher']>>>[]) {
    const assigned = await this.repo.assignedAgencies(rows.map((r) => r.id));
    return rows.map((r): HomeworkTeacher => ({
      id: String(r.id),
      username: r.username,
      name: r.name,
      agencies: assigned.get(r.id) ?? [],
      mustChangePassword: r.mustChangePassword,
      createTime: r.createdAt.getTime(),
    }));
  }

  async homeworkTeachers(q: { keyword?: string; agencyId?: string; start: number; size: number }) {
    const { total, rows } = await this.repo.listHomeworkTeachers(q);
    return { total, list: await this.homeworkWire(rows) };
  }

  private async checkedAgencies(ids: string[]): Promise<string[]> {
    const wanted = [...new Set(ids)];
    const found = await this.repo.existingAgencies(wanted);
    if (found.length !== wanted.length) throw invalidField('request.agencyIds', '机构不存在');
    return wanted;
  }

  async createHomeworkTeacher(input: { name: string; username: string; password?: string; agencyIds: string[] }) {
    const agencyIds = await this.checkedAgencies(input.agencyIds);
    const password = input.password || generatePassword();
    const weakness = checkNewPassword(password, [input.username, input.name]);
    if (weakness) throw invalidField('request.password', weakness.replace(/^新密码/, '密码'));
    const passwordHash = await hashInitialPassword(password);
    const now = this.now();
    let userId: number;
    try {
      userId = await this.repo.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            username: input.username,
            name: input.name,
            passwordHash,
            mustChangePassword: true,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: users.id });
        await tx.insert(userRoles).values({ userId: row.id, role: 'edu:homework:teacher' });
        await this.repo.setAssignments(tx, row.id, agencyIds);
        return row.id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(USERNAME_TAKEN);
      throw e;
    }
    const [user] = await this.homeworkWire([await this.repo.homeworkTeacher(userId)]);
    return { user: user, password };
  }

  async editHomeworkTeacher(id: string, input: { name?: string; agencyIds?: string[] }): Promise<HomeworkTeacher> {
    const userId = parseId(id);
    const row = userId === null ? undefined : await this.repo.homeworkTeacher(userId);
    if (!row) throw notFound('作业老师不存在');
    const agencyIds = input.agencyIds === undefined ? undefined : await this.checkedAgencies(input.agencyIds);
    const now = this.now();
    await this.repo.db.transaction(async (tx) => {
      if (input.name !== undefined) await this.repo.setUser(tx, row.id, { name: input.name }, now);
      if (agencyIds !== undefined) await this.repo.setAssignments(tx, row.id, agencyIds);
    });
    this.deps.forgetUser(row.id);
    const [user] = await this.homeworkWire([await this.repo.homeworkTeacher(row.id)]);
    return user;
  }
}
