// Bulk actions on the parents selected in the agency's parent list (docs/parents.md "Bulk actions"): reset
// passwords and export. Every id is checked first — one the agency does not see answers 404, one whose password the
// agency may not reset 403 — then every row changes in one transaction, or none does.
import { cstDate, type BulkPassword } from '@edu/contract';
import { forbidden, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { generatePassword } from '../users/accounts.js';
import { hashInitialPassword } from '../users/initial-password.js';
import { parentsWorkbook } from './parents-export.js';
import { parentResetRefusal, type ParentResetRefusal } from './parents.policy.js';
import type { ParentsRepository } from './parents.repository.js';

const parseId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : null);
/** Initial passwords hashed at once (libuv's threads; docs/enrolment.md "Passwords"). */
const HASH_BATCH = 4;
/** Named in a refusal: at most this many parents, each with its reason. */
const NAMED = 3;
/** Why one parent of a selection may not be reset here (the long texts of a single reset are RESET_REFUSED). */
const REASON: Record<ParentResetRefusal, string> = {
  roles: '账号除家长外还有其他身份',
  creator: '账号由其他机构创建或经邀请加入',
  children: '孩子不都只在本机构学习',
};

export class ParentsBulkService {
  constructor(
    private readonly repo: ParentsRepository,
    private readonly deps: { forgetUser?: (userId: number) => void },
    private readonly clock: Clock,
  ) {}

  /** Every selected id as a parent the agency sees, else 404 naming how many are not. */
  private async selected(agencyId: string, ids: readonly string[]) {
    const wanted = [...new Set(ids)];
    const parentIds = wanted.map(parseId).filter((i): i is number => i !== null);
    const rows = await this.repo.visibleParents(agencyId, parentIds);
    const missing = wanted.length - rows.length;
    if (missing > 0) throw notFound(`所选家长中有 ${missing} 人不存在或不属于本机构，未做任何修改`);
    return rows;
  }

  /**
   * New one-time passwords for parents the agency alone answers for (docs/parents.md "Forgotten passwords"), the
   * rule of a single reset applied to every row; answered once, never stored.
   */
  async resetPasswords(agencyId: string, ids: readonly string[]): Promise<{ list: BulkPassword[] }> {
    const rows = await this.selected(agencyId, ids);
    const facts = await this.repo.resetFacts(rows.map((r) => r.id));
    const refused = rows
      .map((r) => ({ r, why: parentResetRefusal(agencyId, facts.get(r.id)!) }))
      .filter((x): x is { r: (typeof rows)[number]; why: ParentResetRefusal } => x.why !== null);
    if (refused.length > 0) {
      const named = refused
        .slice(0, NAMED)
        .map((x) => `「${x.r.name}」${REASON[x.why]}`)
        .join('；');
      const more = refused.length > NAMED ? `等 ${refused.length} 人` : '';
      throw forbidden(`${named}${more}，本机构不能重置其密码，请取消选择后再试；未做任何修改`);
    }
    const passwords = rows.map(() => generatePassword());
    const hashes: string[] = [];
    for (let i = 0; i < passwords.length; i += HASH_BATCH)
      hashes.push(...(await Promise.all(passwords.slice(i, i + HASH_BATCH).map(hashInitialPassword))));
    await this.repo.resetPasswords(
      rows.map((r, i) => ({ id: r.id, passwordHash: hashes[i] })),
      new Date(this.clock.now()),
    );
    for (const r of rows) this.deps.forgetUser?.(r.id);
    return {
      list: rows.map((r, i) => ({ id: String(r.id), name: r.name, username: r.username, password: passwords[i] })),
    };
  }

  /** The selected parents as the list shows them: children among the agency's students, origin, dates. */
  async export(agencyId: string, ids: readonly string[]) {
    const rows = await this.selected(agencyId, ids);
    const parentIds = rows.map((r) => r.id);
    const [kids, created] = await Promise.all([
      this.repo.agencyChildren(agencyId, parentIds),
      this.repo.createdHere(agencyId, parentIds),
    ]);
    const data = await parentsWorkbook(
      rows.map((r) => ({
        ...r,
        children: (kids.get(r.id) ?? []).map((c) => c.name),
        createdHere: created.has(r.id),
      })),
    );
    return { fileName: `家长名单-${cstDate(this.clock.now())}.xlsx`, data };
  }
}
