// Inviting an existing account into an agency (docs/users.md "Inviting an existing account"). The agency admin
// names a username and a role; the answer is the same whether an account has that username or not, so the call
// tells nothing about other agencies' accounts (an unknown username is kept as an invitation nobody receives). The
// invited person gets a notice and answers on /invitations: only an acceptance changes their account; refusing or
// letting the invitation expire changes nothing.
import {
  INVITATION_SENT,
  INVITATIONS_OPEN_MAX,
  type AgencyInvitation,
  type AgencyInvitationQuery,
  type InvitationAnswer,
  type InvitationCreate,
  type InvitationRole,
  type InvitationSent,
  type MyInvitation,
} from '@edu/contract';
import { conflict, notFound } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseNumericId } from '../../lib/ids.js';
import type { NoticeHooks } from '../notices/notice-hooks.js';
import { answerRefusal, INVITATION_VALID_MS, statusOf } from './invitations.policy.js';
import type { InvitationsRepository } from './invitations.repository.js';

const NOT_FOUND = '邀请不存在';
/** The invitee's page lists at most this many waiting invitations. */
const MINE_MAX = 50;

export interface Inviter {
  userId: number;
  agencyId: string;
}

export class InvitationsService {
  /** In-app notices (docs/notices.md); set by services.ts. */
  notices?: NoticeHooks;

  constructor(
    private readonly repo: InvitationsRepository,
    private readonly clock: Clock,
    /** Forgets cached sessions of a user whose roles changed. */
    private readonly forgetUser: (userId: number) => void,
    private readonly options: { validMs?: number } = {},
  ) {}

  private now = () => new Date(this.clock.now());

  /**
   * Invites (or invites again) the username with the role. A member of the agency answers 409; anything else —
   * an account of another agency, an account of no agency, no account at all — answers the same sentence.
   */
  async invite(v: Inviter, body: InvitationCreate): Promise<InvitationSent> {
    const username = body.username.trim();
    const role = body.role;
    const now = this.now();
    const userId = await this.repo.account(username);
    if (userId !== undefined && (await this.repo.isMember(v.agencyId, userId)))
      throw conflict(`${username} 已是本机构的成员，无需邀请`);
    if (
      !(await this.repo.hasOpen(v.agencyId, username)) &&
      (await this.repo.pendingCount(v.agencyId, now)) >= INVITATIONS_OPEN_MAX
    )
      throw conflict(`等待答复的邀请已有 ${INVITATIONS_OPEN_MAX} 条，请等对方答复或撤回一些后再邀请`);
    const expiresAt = new Date(now.getTime() + (this.options.validMs ?? INVITATION_VALID_MS));
    const [agencyName, inviter] = await Promise.all([this.repo.agencyName(v.agencyId), this.repo.userName(v.userId)]);
    await this.repo.db.transaction(async (tx) => {
      const id = await this.repo.open(tx, {
        agencyId: v.agencyId,
        username,
        userId: userId ?? null,
        role,
        invitedBy: v.userId,
        now,
        expiresAt,
      });
      if (userId !== undefined)
        await this.notices?.agencyInvited(tx, {
          invitationId: id,
          userId,
          agencyId: v.agencyId,
          agencyName: agencyName ?? v.agencyId,
          inviter,
          role,
          expiresAt: expiresAt.getTime(),
        });
    });
    return { message: INVITATION_SENT, expiresAt: expiresAt.getTime() };
  }

  async list(agencyId: string, q: AgencyInvitationQuery): Promise<{ total: number; list: AgencyInvitation[] }> {
    const now = this.now();
    const { total, rows } = await this.repo.page(agencyId, q.status, now, q);
    return {
      total,
      list: rows.map(({ row, inviter }) => ({
        id: String(row.id),
        username: row.username,
        role: row.role as InvitationRole,
        status: statusOf(row, now.getTime()),
        invitedBy: inviter ?? '',
        createTime: row.createdAt.getTime(),
        expiresAt: row.expiresAt.getTime(),
        answeredAt: row.answeredAt ? row.answeredAt.getTime() : null,
      })),
    };
  }

  /** Withdraws an invitation nobody has answered yet (pending or expired); anything else answers 404. */
  async withdraw(agencyId: string, id: string): Promise<null> {
    const n = parseNumericId(id);
    if (n === null || !(await this.repo.withdraw(agencyId, n))) throw notFound(NOT_FOUND);
    return null;
  }

  // The invited person's side.

  async mine(userId: number): Promise<MyInvitation[]> {
    const rows = await this.repo.pendingOf(userId, this.now(), MINE_MAX);
    return rows.map(({ row, agencyName, inviter }) => ({
      id: String(row.id),
      agency: { id: row.agencyId, name: agencyName },
      role: row.role as InvitationRole,
      invitedBy: inviter ?? '',
      createTime: row.createdAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
    }));
  }

  /** Accepts: the account becomes a member with the invited role, in one transaction with the answer. */
  accept(userId: number, id: string): Promise<InvitationAnswer> {
    return this.answer(userId, id, true);
  }

  /** Refuses: only the answer is written. */
  refuse(userId: number, id: string): Promise<InvitationAnswer> {
    return this.answer(userId, id, false);
  }

  private async answer(userId: number, id: string, accept: boolean): Promise<InvitationAnswer> {
    const n = parseNumericId(id);
    const found = n === null ? undefined : await this.repo.ofUser(n, userId);
    if (!found || n === null) throw notFound(NOT_FOUND);
    const now = this.now();
    const answered = await this.repo.db.transaction(async (tx) => {
      const row = await this.repo.answer(tx, n, userId, accept, now);
      if (row && accept) await this.repo.grant(tx, row.agencyId, userId, row.role as InvitationRole, now);
      return row;
    });
    // Not pending any more (answered meanwhile, or expired): say why, changing nothing.
    if (!answered) {
      const current = await this.repo.ofUser(n, userId);
      if (!current) throw notFound(NOT_FOUND);
      throw conflict(answerRefusal(current.row, now.getTime()) ?? NOT_FOUND);
    }
    if (accept) this.forgetUser(userId);
    return {
      id: String(n),
      agency: { id: found.row.agencyId, name: found.agencyName },
      role: found.row.role as InvitationRole,
      status: accept ? 'accepted' : 'refused',
    };
  }
}
