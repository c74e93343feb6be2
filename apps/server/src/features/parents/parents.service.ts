// Parents (docs/parents.md): a parent reads only their own children's trainings, through the training service's
// own history and report (so answer secrecy holds as it does for the student); pairing codes; the public sign-up;
// the agency's parent accounts and links. A child, training or parent the caller may not see answers 404.
import { randomInt } from 'node:crypto';
import type {
  AgencyParent,
  AgencyParentCreate,
  PairingCode,
  PasswordReset,
  ParentChild,
  ParentSignupRequest,
  TrainingReport,
} from '@edu/contract';
import { ApiError, forbidden, invalidField, isUniqueViolation, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import { checkNewPassword, hashPassword } from '../../lib/password.js';
import type { LoginAttemptKeys, LoginLimiter } from '../auth/login-limiter.js';
import type { NoticeHooks } from '../notices/notice-hooks.js';
import type { TrainingService } from '../training/training.service.js';
import { generatePassword } from '../users/accounts.js';
import { hashInitialPassword } from '../users/initial-password.js';
import {
  MAX_LINKS,
  newPairingCode,
  pairingExpiry,
  parentResetRefusal,
  type ParentResetRefusal,
} from './parents.policy.js';
import { PARENT_ROLE, type ParentsRepository, type PersonRow } from './parents.repository.js';

const NO_CHILD = '孩子不存在';
const NO_PARENT = '家长不存在';
const NO_STUDENT = '学生不存在';
const BAD_CODE = '配对码无效或已过期';
const USERNAME_TAKEN = '该用户名已被使用，请换一个';
const PAIRING_THROTTLED = '配对码错误次数过多';
const SIGNUP_THROTTLED = '注册失败次数过多';
const TOO_MANY_CHILDREN = `最多绑定 ${MAX_LINKS} 个孩子`;
/** Why this agency may not reset a parent's password, and who can help (docs/parents.md "Forgotten passwords"). */
export const RESET_REFUSED: Record<ParentResetRefusal, string> = {
  roles: '此账号除家长外还有其他身份，不能在家长列表中重置密码：请本人登录后在“修改密码”中修改',
  creator: '此家长账号由其他机构创建，本机构不能重置密码：请联系创建账号的机构管理员，或请本人登录后修改',
  children:
    '此家长的孩子不都只在本机构学习，本机构不能重置密码：请家长本人登录后修改，或让孩子生成新的配对码重新注册家长账号',
};

interface Actor {
  id: number;
}

export class ParentsService {
  /** In-app notices to both sides of a new link (docs/notices.md); set by services.ts. */
  notices?: NoticeHooks;

  constructor(
    private readonly repo: ParentsRepository,
    private readonly training: TrainingService,
    private readonly limiter: LoginLimiter,
    private readonly clock: Clock,
    private readonly randomBelow: (n: number) => number = (n) => randomInt(n),
    private readonly options: { codeValidMs?: number; forgetUser?: (userId: number) => void } = {},
  ) {}

  // The parent's side.

  async children(user: Actor): Promise<ParentChild[]> {
    const kids = await this.repo.children(user.id, MAX_LINKS);
    return kids.map((k) => ({ ...k, id: String(k.id) }));
  }

  /** The child's id when it is the parent's child and a student of the agency; else 404 (docs/parents.md "What a parent reads"). */
  async ownChild(user: Actor, agencyId: string, childId: string): Promise<number> {
    const id = parseNumericId(childId);
    if (id === null || !(await this.repo.isLinked(user.id, id)) || !(await this.repo.isActiveStudentOf(id, agencyId)))
      throw notFound(NO_CHILD);
    return id;
  }

  async history(user: Actor, agencyId: string, childId: string, page: { start: number; size: number }) {
    const id = await this.ownChild(user, agencyId, childId);
    return this.training.history({ id, agencyId }, page);
  }

  /** The child's report as the child reads it (the training service's check: the child's own training). */
  async report(
    user: Actor,
    agencyId: string,
    childId: string,
    trainId: string,
    questions: '0' | '1',
  ): Promise<TrainingReport> {
    const id = await this.ownChild(user, agencyId, childId);
    const report = await this.training.report({ id, roles: [] }, agencyId, trainId);
    return questions === '1' ? report : { ...report, records: [] };
  }

  /**
   * `GET /v1/train/report/{id}` for a parent: the report of a child's training, as the child reads it; null when
   * the caller is no parent of the training's owner (the training service then answers as it always did).
   */
  async childTrainingReport(
    user: Actor & { roles: readonly string[] },
    agencyId: string,
    trainId: string,
  ): Promise<TrainingReport | null> {
    const n = parseNumericId(trainId);
    if (n === null || !user.roles.includes(PARENT_ROLE)) return null;
    const child = await this.repo.childOwning(user.id, agencyId, n);
    if (child === null || !(await this.repo.isActiveStudentOf(child, agencyId))) return null;
    return this.training.report({ id: child, roles: [] }, agencyId, trainId);
  }

  async unlinkOwn(user: Actor, childId: string): Promise<null> {
    const id = parseNumericId(childId);
    if (id === null || !(await this.repo.unlink(user.id, id))) throw notFound(NO_CHILD);
    return null;
  }

  async pair(user: Actor, code: string, address: string): Promise<ParentChild> {
    const keys = { account: `user:${user.id}`, address };
    await this.throttle(keys);
    if ((await this.repo.countChildren(user.id)) >= MAX_LINKS) throw invalidField('request.code', TOO_MANY_CHILDREN);
    const childId = await this.repo.transaction(async (tx) => {
      const studentId = await this.repo.takeCode(tx, code, new Date(this.clock.now()));
      if (studentId === null || studentId === user.id) return null;
      await this.repo.link(tx, user.id, studentId);
      await this.notices?.parentPaired(tx, user.id, studentId);
      return studentId;
    });
    if (childId === null) return this.wrongCode(keys);
    await this.limiter.recordSuccess(keys);
    const kid = (await this.children(user)).find((c) => c.id === String(childId));
    if (!kid) throw notFound(NO_CHILD);
    return kid;
  }

  /**
   * A new parent account from a child's code (docs/parents.md "Signing up with a code"). The code is checked
   * first, so a caller without a live code learns nothing about usernames; every refused sign-up counts against
   * the address like a wrong pairing code (docs/security.md "Sign-up and usernames").
   */
  async signup(req: ParentSignupRequest, address: string): Promise<null> {
    const keys = { account: `signup:${req.username.toLowerCase()}`, address };
    await this.throttle(keys, SIGNUP_THROTTLED);
    if ((await this.repo.codeHolder(req.code, new Date(this.clock.now()))) === null)
      return this.refuse(keys, 'request.code', BAD_CODE);
    const weakness = checkNewPassword(req.password, [req.username, req.name]);
    if (weakness) return this.refuse(keys, 'request.password', weakness);
    if (await this.repo.usernameTaken(req.username)) return this.refuse(keys, 'request.username', USERNAME_TAKEN);
    const passwordHash = await hashPassword(req.password);
    let linked: boolean;
    try {
      linked = await this.repo.transaction(async (tx) => {
        // Taken for good only here: another sign-up may have used it since the check above.
        const studentId = await this.repo.takeCode(tx, req.code, new Date(this.clock.now()));
        if (studentId === null) return false;
        const parentId = await this.repo.createParent(
          tx,
          { username: req.username, name: req.name, passwordHash, mustChangePassword: false },
          null,
        );
        await this.repo.link(tx, parentId, studentId);
        await this.notices?.parentPaired(tx, parentId, studentId);
        return true;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return this.refuse(keys, 'request.username', USERNAME_TAKEN);
      throw err;
    }
    if (!linked) return this.refuse(keys, 'request.code', BAD_CODE);
    await this.limiter.recordSuccess(keys);
    return null;
  }

  private async throttle(keys: LoginAttemptKeys, what = PAIRING_THROTTLED) {
    const waitMs = await this.limiter.blockedFor(keys);
    if (waitMs <= 0) return;
    const seconds = Math.ceil(waitMs / 1000);
    const wait = seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
    throw new ApiError('too_many_requests', `${what}，请 ${wait}后再试`, {
      headers: { 'retry-after': String(seconds) },
    });
  }

  /** A refused attempt counts against the account and the address, then answers 400 naming the field. */
  private async refuse(keys: LoginAttemptKeys, field: string, message: string): Promise<never> {
    await this.limiter.recordFailure(keys);
    throw invalidField(field, message);
  }

  private wrongCode(keys: LoginAttemptKeys): Promise<never> {
    return this.refuse(keys, 'request.code', BAD_CODE);
  }

  // The student's side.

  async currentCode(student: Actor): Promise<PairingCode | null> {
    const r = await this.repo.currentCode(student.id, new Date(this.clock.now()));
    return r ? { code: r.code, expiresAt: r.expiresAt.getTime() } : null;
  }

  async newCode(student: Actor): Promise<PairingCode> {
    const now = this.clock.now();
    const expiresAt = pairingExpiry(now, this.options.codeValidMs);
    // Another student holding the same code is a one-in-a-billion clash: draw again.
    for (let attempt = 0; ; attempt++) {
      const code = newPairingCode(this.randomBelow);
      try {
        await this.repo.putCode(student.id, code, new Date(now), new Date(expiresAt));
        return { code, expiresAt };
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 4) throw err;
      }
    }
  }

  // The agency's side (docs/product.md §6 `/admin/user/parent`).

  async list(agencyId: string, q: { keyword?: string; start: number; size: number }) {
    const { total, rows } = await this.repo.listParents(agencyId, q);
    return { total, list: await this.present(agencyId, rows) };
  }

  private async present(
    agencyId: string,
    rows: (PersonRow & { mustChangePassword: boolean })[],
  ): Promise<AgencyParent[]> {
    const ids = rows.map((r) => r.id);
    const [kids, created, facts] = await Promise.all([
      this.repo.agencyChildren(agencyId, ids),
      this.repo.createdHere(agencyId, ids),
      this.repo.resetFacts(ids),
    ]);
    return rows.map((r) => ({
      id: String(r.id),
      username: r.username,
      name: r.name,
      mustChangePassword: r.mustChangePassword,
      createdHere: created.has(r.id),
      children: (kids.get(r.id) ?? []).map((c) => ({ ...c, id: String(c.id) })),
      canResetPassword: parentResetRefusal(agencyId, facts.get(r.id)!) === null,
    }));
  }

  private async one(agencyId: string, parentId: number): Promise<AgencyParent> {
    const u = await this.repo.person(parentId);
    if (!u) throw notFound(NO_PARENT);
    const withFlag = { ...u, mustChangePassword: await this.repo.mustChangePassword(parentId) };
    return (await this.present(agencyId, [withFlag]))[0];
  }

  private async agencyStudent(agencyId: string, childId: string): Promise<number> {
    const id = parseNumericId(childId);
    if (id === null || !(await this.repo.isStudentOf(id, agencyId))) throw notFound(NO_STUDENT);
    return id;
  }

  private async agencyParent(agencyId: string, parentId: string): Promise<number> {
    const id = parseNumericId(parentId);
    if (id === null || !(await this.repo.isVisibleParent(agencyId, id))) throw notFound(NO_PARENT);
    return id;
  }

  async create(agencyId: string, req: AgencyParentCreate): Promise<AgencyParent> {
    const weakness = checkNewPassword(req.password, [req.username, req.name]);
    if (weakness) throw invalidField('request.password', weakness);
    const childIds = [...new Set(req.childIds)];
    const kids: number[] = [];
    for (const c of childIds) kids.push(await this.agencyStudent(agencyId, c));
    if (await this.repo.usernameTaken(req.username)) throw invalidField('request.username', USERNAME_TAKEN);
    const passwordHash = await hashInitialPassword(req.password);
    let id: number;
    try {
      id = await this.repo.transaction(async (tx) => {
        const parentId = await this.repo.createParent(
          tx,
          // The agency chose the password: its owner replaces it at the first login (docs/security.md).
          { username: req.username, name: req.name, passwordHash, mustChangePassword: true },
          agencyId,
        );
        for (const k of kids) await this.repo.link(tx, parentId, k);
        for (const k of kids) await this.notices?.parentPaired(tx, parentId, k);
        return parentId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalidField('request.username', USERNAME_TAKEN);
      throw err;
    }
    return this.one(agencyId, id);
  }

  async link(agencyId: string, parentId: string, childId: string): Promise<AgencyParent> {
    const p = await this.agencyParent(agencyId, parentId);
    const c = await this.agencyStudent(agencyId, childId);
    if (!(await this.repo.isLinked(p, c))) {
      if ((await this.repo.countChildren(p)) >= MAX_LINKS) throw invalidField('childId', TOO_MANY_CHILDREN);
      await this.repo.link(this.repo.db, p, c);
      await this.notices?.parentPaired(this.repo.db, p, c);
    }
    return this.one(agencyId, p);
  }

  async unlink(agencyId: string, parentId: string, childId: string): Promise<AgencyParent> {
    const p = await this.agencyParent(agencyId, parentId);
    const c = await this.agencyStudent(agencyId, childId);
    // Idempotent, as a DELETE is: removing a link already gone answers the parent as it is.
    await this.repo.unlink(p, c);
    return this.one(agencyId, p);
  }

  /** A new generated initial password for a parent the agency alone answers for (docs/parents.md). */
  async resetPassword(agencyId: string, parentId: string): Promise<PasswordReset> {
    const p = await this.agencyParent(agencyId, parentId);
    const refusal = parentResetRefusal(agencyId, (await this.repo.resetFacts([p])).get(p)!);
    if (refusal) throw forbidden(RESET_REFUSED[refusal]);
    const u = await this.repo.person(p);
    if (!u) throw notFound(NO_PARENT);
    const password = generatePassword();
    await this.repo.resetPassword(p, await hashInitialPassword(password), new Date(this.clock.now()));
    this.options.forgetUser?.(p);
    return { username: u.username, password };
  }

  async students(agencyId: string, q: { keyword?: string; size: number }) {
    const rows = await this.repo.searchStudents(agencyId, q.keyword, q.size);
    return rows.map((r) => ({ ...r, id: String(r.id) }));
  }
}
