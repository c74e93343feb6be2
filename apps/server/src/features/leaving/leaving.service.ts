// Leaving an agency, the leavers' list and rejoining, and a student's own history export
// (docs/users.md "Leaving and retention", "Own history export"). An agency acts only on its own members: any id
// that is not one answers 404.
import { cstDate, agencyRole } from '@edu/contract';
import type { CorrectionsPending, HistoryAgencies, LeftMembership, LeftStudent, LeftStudentQuery } from '@edu/contract';
import { conflict, invalidField, notFound } from '../../lib/api-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Clock } from '../../lib/clock.js';
import { historyWorkbook } from './history-export.js';
import type { HistoryExportRepository } from './history-export.repository.js';
import { leaveRefusal, purgeAt } from './leaving.policy.js';
import type { LeavingRepository } from './leaving.repository.js';

const parseId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : null);
const NO_STUDENT = '学生不存在';

export interface LeavingDeps {
  /** Forgets cached sessions of a user whose roles changed. */
  forgetUser: (userId: number) => void;
  retentionDays: number;
  /** The user's trainings holding each question now (training/sealing.ts `SealedQuestions.holders`). */
  holders: (userId: number) => Promise<ReadonlyMap<string, readonly number[]>>;
  /** The user's ended papers whose corrections wait, in the agencies (training/corrections.ts `Corrections.waitingOf`). */
  waitingCorrections: (
    userId: number,
    agencyIds: readonly string[],
  ) => Promise<ReadonlyMap<number, CorrectionsPending>>;
}

export class LeavingService {
  constructor(
    private readonly repo: LeavingRepository,
    private readonly exports: HistoryExportRepository,
    private readonly deps: LeavingDeps,
    private readonly clock: Clock,
  ) {}

  policy() {
    return { retentionDays: this.deps.retentionDays };
  }

  private membershipWire(agencyId: string, userId: number, leftAt: Date): LeftMembership {
    const at = leftAt.getTime();
    return { agencyId, userId: String(userId), leftAt: at, purgeAt: purgeAt(at, this.deps.retentionDays) };
  }

  private async end(agencyId: string, userId: number): Promise<LeftMembership> {
    const now = new Date(this.clock.now());
    await this.repo.db.transaction((tx) => this.repo.leave(tx, agencyId, userId, now));
    // Cached sessions still carry the roles: the next request reads them again (docs/users.md "Membership").
    this.deps.forgetUser(userId);
    return this.membershipWire(agencyId, userId, now);
  }

  /** Staff mark a student of their agency as left. */
  async leaveStudent(agencyId: string, actor: AuthUser, id: string): Promise<LeftMembership> {
    const userId = parseId(id);
    const m = userId === null ? undefined : await this.repo.membership(agencyId, userId);
    if (!m || !m.roles.includes(agencyRole('student', agencyId))) throw notFound(NO_STUDENT);
    const refusal = leaveRefusal(agencyId, m.roles, { self: false, actorId: actor.id, targetId: m.userId });
    if (refusal) throw m.userId === actor.id ? invalidField('id', refusal) : conflict(refusal);
    return this.end(agencyId, m.userId);
  }

  /**
   * Staff mark the selected students of their agency as left (docs/users.md "Bulk actions"): every id is checked
   * first (one that is neither a student of the agency nor one who left it answers 404, one that may not leave 409
   * or 400) and then all leave in one transaction, or none does. One who left already stays as they are.
   */
  async leaveStudents(agencyId: string, actor: AuthUser, ids: readonly string[]): Promise<{ changed: number }> {
    const userIds = [...new Set(ids.map(parseId))];
    if (userIds.includes(null)) throw notFound(NO_STUDENT);
    const members: number[] = [];
    for (const userId of userIds as number[]) {
      const m = await this.repo.membership(agencyId, userId);
      if (m && m.roles.length === 0 && m.leftAt !== null) continue;
      if (!m || !m.roles.includes(agencyRole('student', agencyId))) throw notFound(NO_STUDENT);
      const refusal = leaveRefusal(agencyId, m.roles, { self: false, actorId: actor.id, targetId: m.userId });
      if (refusal) throw m.userId === actor.id ? invalidField('request.userIds', refusal) : conflict(refusal);
      members.push(m.userId);
    }
    const now = new Date(this.clock.now());
    await this.repo.db.transaction(async (tx) => {
      for (const userId of members) await this.repo.leave(tx, agencyId, userId, now);
    });
    for (const userId of members) this.deps.forgetUser(userId);
    return { changed: members.length };
  }

  /** A student leaves the agency in context. */
  async leaveSelf(agencyId: string, actor: AuthUser): Promise<LeftMembership> {
    const m = await this.repo.membership(agencyId, actor.id);
    if (!m || !m.roles.includes(agencyRole('student', agencyId))) throw notFound('你不是该机构的学生');
    const refusal = leaveRefusal(agencyId, m.roles, { self: true });
    if (refusal) throw conflict(refusal);
    return this.end(agencyId, actor.id);
  }

  async leftStudents(agencyId: string, q: LeftStudentQuery): Promise<{ total: number; list: LeftStudent[] }> {
    const { total, rows } = await this.repo.leftStudents(agencyId, q);
    return {
      total,
      list: rows.map((r) => ({ ...r, id: String(r.id), purgeAt: purgeAt(r.leftAt, this.deps.retentionDays) })),
    };
  }

  /** A leaver (records still kept) is the agency's student again; a current member answers 409. */
  async rejoin(agencyId: string, id: string): Promise<null> {
    const userId = parseId(id);
    const m = userId === null ? undefined : await this.repo.membership(agencyId, userId);
    if (m && m.roles.length > 0) throw conflict('该学生仍在本机构，不需要恢复');
    if (!m || m.leftAt === null) throw notFound(NO_STUDENT);
    const now = new Date(this.clock.now());
    await this.repo.db.transaction((tx) => this.repo.rejoin(tx, agencyId, m.userId, now));
    this.deps.forgetUser(m.userId);
    return null;
  }

  async historyAgencies(userId: number): Promise<HistoryAgencies> {
    const rows = await this.repo.historyAgencies(userId);
    return {
      retentionDays: this.deps.retentionDays,
      list: rows.map((r) => ({
        ...r,
        // A left agency that holds a role again (rejoined) is a current one.
        purgeAt: r.leftAt === null ? null : purgeAt(r.leftAt, this.deps.retentionDays),
      })),
    };
  }

  /** The caller's own history: every agency keeping their records, or the one named. */
  async exportHistory(actor: AuthUser, agency?: string): Promise<{ fileName: string; data: Buffer }> {
    const rows = await this.repo.historyAgencies(actor.id, agency);
    if (agency !== undefined && rows.length === 0) throw notFound('没有该机构的练习记录');
    const now = this.clock.now();
    const agencies = new Map(rows.map((r) => [r.id, r.name]));
    // Read before the rows: a paper started while the file is written seals from the next export on.
    const [holders, waiting] = await Promise.all([
      this.deps.holders(actor.id),
      this.deps.waitingCorrections(actor.id, [...agencies.keys()]),
    ]);
    const data = await historyWorkbook(this.exports, {
      userId: actor.id,
      agencies,
      owner: actor.name || actor.username,
      now,
      holders,
      waiting,
    });
    const day = cstDate(now);
    return { fileName: `我的练习记录-${agency ? `${rows[0].name}-` : ''}${day}.xlsx`, data };
  }
}
