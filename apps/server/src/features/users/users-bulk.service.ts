// Bulk actions on the students or teachers selected in a list (docs/users.md "Bulk actions"): disable, enable,
// reset passwords and export. Every id is checked first — one that is not of the list's kind in the agency answers
// 404, one the caller may not act on 400 or 403 — then all rows change in one transaction, or none does.
import { agencyRole, cstDate, type BulkPassword } from '@edu/contract';
import { forbidden, invalidField, notFound } from '../../lib/api-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Clock } from '../../lib/clock.js';
import { generatePassword, resetAccountPasswords } from './accounts.js';
import { hashInitialPassword } from './initial-password.js';
import { agencyOwnsAccount } from './users.policy.js';
import type { MemberKind, MemberRow, UsersRepository } from './users.repository.js';
import { membersWorkbook } from './users-export.js';

const KIND_LABEL: Record<MemberKind, string> = { student: '学生', teacher: '教师' };
const parseId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : null);
/** Initial passwords hashed at once (libuv's threads; docs/enrolment.md "Passwords"). */
const HASH_BATCH = 4;

/** `「甲」、「乙」等 5 人`: who a refusal is about, at most three names. */
function whom(rows: readonly MemberRow[]): string {
  const names = rows
    .slice(0, 3)
    .map((r) => `「${r.name}」`)
    .join('、');
  return rows.length > 3 ? `${names}等 ${rows.length} 人` : names;
}

export interface UsersBulkDeps {
  /** Forgets cached sessions of a user whose roles or password changed. */
  forgetUser: (userId: number) => void;
}

export class UsersBulkService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly deps: UsersBulkDeps,
    private readonly clock: Clock,
  ) {}

  /** Every selected id as the agency's member of `kind`, else 404 naming how many are not. */
  private async selected(agencyId: string, kind: MemberKind, ids: readonly string[]): Promise<MemberRow[]> {
    const wanted = [...new Set(ids)];
    const userIds = wanted.map(parseId).filter((i): i is number => i !== null);
    const rows = await this.repo.membersByIds(agencyId, kind, userIds);
    const missing = wanted.length - rows.length;
    if (missing > 0) throw notFound(`所选${KIND_LABEL[kind]}中有 ${missing} 人不存在或不属于本机构，未做任何修改`);
    return rows;
  }

  async setDisabled(agencyId: string, kind: MemberKind, actor: AuthUser, ids: readonly string[], disabled: boolean) {
    const rows = await this.selected(agencyId, kind, ids);
    if (disabled && rows.some((r) => r.id === actor.id))
      throw invalidField('request.userIds', '不能停用自己的账号，请取消选择自己');
    // As one at a time (docs/users.md "Membership"): only an agency admin suspends or enables an agency admin.
    const adminRole = agencyRole('admin', agencyId);
    const admins = rows.filter((r) => r.roles.includes(adminRole));
    if (admins.length > 0 && !actor.roles.includes(adminRole))
      throw forbidden(`${whom(admins)}是机构管理员，只有机构管理员可以停用或启用`);
    const now = new Date(this.clock.now());
    await this.repo.db.transaction(async (tx) => {
      for (const r of rows)
        await this.repo.setMembership(tx, agencyId, r.id, { disabledAt: disabled ? now : null }, now);
    });
    for (const r of rows) this.deps.forgetUser(r.id);
    return { changed: rows.length };
  }

  /** New one-time passwords for accounts the agency owns (docs/users.md "Passwords"); answered once, never stored. */
  async resetPasswords(agencyId: string, kind: MemberKind, ids: readonly string[]): Promise<{ list: BulkPassword[] }> {
    const rows = await this.selected(agencyId, kind, ids);
    const refused = rows.filter((r) => !agencyOwnsAccount(agencyId, r.createdHere, r.roles));
    if (refused.length > 0)
      throw forbidden(
        `${whom(refused)}的账号不是本机构创建的（或还属于其他机构），不能由本机构重置密码，请取消选择后再试；未做任何修改`,
      );
    const passwords = rows.map(() => generatePassword());
    const hashes: string[] = [];
    for (let i = 0; i < passwords.length; i += HASH_BATCH)
      hashes.push(...(await Promise.all(passwords.slice(i, i + HASH_BATCH).map(hashInitialPassword))));
    const now = new Date(this.clock.now());
    // A reset ends the account's sessions.
    await resetAccountPasswords(
      this.repo.db,
      rows.map((r, i) => ({ id: r.id, passwordHash: hashes[i] })),
      now,
    );
    for (const r of rows) this.deps.forgetUser(r.id);
    return {
      list: rows.map((r, i) => ({ id: String(r.id), name: r.name, username: r.username, password: passwords[i] })),
    };
  }

  async export(agencyId: string, kind: MemberKind, ids: readonly string[]) {
    const rows = await this.selected(agencyId, kind, ids);
    const data = await membersWorkbook(kind, rows, await this.repo.subjectNames());
    const day = cstDate(this.clock.now());
    return { fileName: `${KIND_LABEL[kind]}名单-${day}.xlsx`, data };
  }
}
