// SQL of invitations (docs/users.md "Inviting an existing account"): the open invitation of an agency and username
// (renewed by inviting again), the agency's list, the invitee's pending ones, the answer, and the membership an
// acceptance grants.
import { agencyRole, agencyRolePrefix, type InvitationRole, type InvitationStatus } from '@edu/contract';
import { and, count, desc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { agencies, userRoles, users } from '../../db/schema.js';
import { agencyParents } from '../../db/schema-parents.js';
import { agencyInvitations, agencyMembers } from '../../db/schema-users.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export type InvitationRow = typeof agencyInvitations.$inferSelect;

export interface OpenInvitation {
  agencyId: string;
  username: string;
  userId: number | null;
  role: InvitationRole;
  invitedBy: number;
  now: Date;
  expiresAt: Date;
}

/** The rows of one status (statusOf in invitations.policy.ts, as SQL). */
function statusIs(status: InvitationStatus, now: Date): SQL {
  const t = agencyInvitations;
  switch (status) {
    case 'pending':
      return and(isNull(t.answeredAt), gt(t.expiresAt, now))!;
    case 'expired':
      return and(isNull(t.answeredAt), lte(t.expiresAt, now))!;
    case 'accepted':
      return and(isNotNull(t.answeredAt), eq(t.accepted, true))!;
    case 'refused':
      return and(isNotNull(t.answeredAt), eq(t.accepted, false))!;
  }
}

export class InvitationsRepository {
  constructor(readonly db: Db) {}

  async agencyName(agencyId: string): Promise<string | undefined> {
    const [a] = await this.db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId));
    return a?.name;
  }

  async userName(id: number): Promise<string> {
    const [u] = await this.db.select({ name: users.name }).from(users).where(eq(users.id, id));
    return u?.name ?? '';
  }

  /** The account with exactly this username. */
  async account(username: string): Promise<number | undefined> {
    const [u] = await this.db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    return u?.id;
  }

  /**
   * Whether the account already belongs to the agency: it holds one of the agency's roles (suspended ones too), or
   * it is one of the agency's parents (listed by it, or linked to one of its students).
   */
  async isMember(agencyId: string, userId: number): Promise<boolean> {
    const rows = rowsOf<{ member: boolean }>(
      await this.db.execute(sql`select (
          exists (select 1 from user_roles r where r.user_id = ${userId} and r.role like ${`${agencyRolePrefix(agencyId)}%`})
          or exists (select 1 from agency_parents ap where ap.agency_id = ${agencyId} and ap.parent_id = ${userId})
          or exists (select 1 from parent_children pc join user_roles r on r.user_id = pc.child_id
                      where pc.parent_id = ${userId} and r.role = ${agencyRole('student', agencyId)})
        ) as member`),
    );
    return rows[0]?.member === true;
  }

  /** Invitations of the agency waiting for an answer now. */
  async pendingCount(agencyId: string, now: Date): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(agencyInvitations)
      .where(and(eq(agencyInvitations.agencyId, agencyId), statusIs('pending', now)));
    return r?.n ?? 0;
  }

  /** Whether the agency has an unanswered invitation for this username (a renewal then). */
  async hasOpen(agencyId: string, username: string): Promise<boolean> {
    const [r] = await this.db
      .select({ id: agencyInvitations.id })
      .from(agencyInvitations)
      .where(
        and(
          eq(agencyInvitations.agencyId, agencyId),
          eq(agencyInvitations.username, username),
          isNull(agencyInvitations.answeredAt),
        ),
      )
      .limit(1);
    return r !== undefined;
  }

  /**
   * The agency's open invitation for the username, made or renewed (role, inviter, time and expiry replaced): one
   * statement, so two admins inviting at once leave one invitation.
   */
  async open(tx: DbOrTx, i: OpenInvitation): Promise<number> {
    const rows = rowsOf<{ id: number | string }>(
      await tx.execute(sql`insert into agency_invitations
          (agency_id, username, user_id, role, invited_by, created_at, expires_at)
        values (${i.agencyId}, ${i.username}, ${i.userId}, ${i.role}, ${i.invitedBy},
          ${i.now.toISOString()}::timestamptz, ${i.expiresAt.toISOString()}::timestamptz)
        on conflict (agency_id, username) where answered_at is null do update set
          user_id = excluded.user_id, role = excluded.role, invited_by = excluded.invited_by,
          created_at = excluded.created_at, expires_at = excluded.expires_at
        returning id`),
    );
    return Number(rows[0].id);
  }

  /** The agency's invitations, newest first, with the inviter's name. */
  async page(agencyId: string, status: InvitationStatus | undefined, now: Date, p: { start: number; size: number }) {
    const where = and(eq(agencyInvitations.agencyId, agencyId), status ? statusIs(status, now) : undefined);
    const [total] = await this.db.select({ n: count() }).from(agencyInvitations).where(where);
    const rows = await this.db
      .select({ row: agencyInvitations, inviter: users.name })
      .from(agencyInvitations)
      .leftJoin(users, eq(users.id, agencyInvitations.invitedBy))
      .where(where)
      .orderBy(desc(agencyInvitations.createdAt), desc(agencyInvitations.id))
      .offset(p.start)
      .limit(p.size);
    return { total: total?.n ?? 0, rows };
  }

  /** Deletes the agency's unanswered invitation; false when there is none such. */
  async withdraw(agencyId: string, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(agencyInvitations)
      .where(
        and(
          eq(agencyInvitations.id, id),
          eq(agencyInvitations.agencyId, agencyId),
          isNull(agencyInvitations.answeredAt),
        ),
      )
      .returning({ id: agencyInvitations.id });
    return rows.length > 0;
  }

  /** The user's invitations waiting for an answer, newest first (at most `limit`), with agency and inviter names. */
  async pendingOf(userId: number, now: Date, limit: number) {
    return this.db
      .select({ row: agencyInvitations, agencyName: agencies.name, inviter: users.name })
      .from(agencyInvitations)
      .innerJoin(agencies, eq(agencies.id, agencyInvitations.agencyId))
      .leftJoin(users, eq(users.id, agencyInvitations.invitedBy))
      .where(and(eq(agencyInvitations.userId, userId), statusIs('pending', now)))
      .orderBy(desc(agencyInvitations.createdAt), desc(agencyInvitations.id))
      .limit(limit);
  }

  /** The user's own invitation (any state), with its agency's name. */
  async ofUser(id: number, userId: number): Promise<{ row: InvitationRow; agencyName: string } | undefined> {
    const [r] = await this.db
      .select({ row: agencyInvitations, agencyName: agencies.name })
      .from(agencyInvitations)
      .innerJoin(agencies, eq(agencies.id, agencyInvitations.agencyId))
      .where(and(eq(agencyInvitations.id, id), eq(agencyInvitations.userId, userId)));
    return r;
  }

  /** Records the answer if the invitation is the user's and still pending; the row, or undefined. */
  async answer(
    tx: DbOrTx,
    id: number,
    userId: number,
    accepted: boolean,
    now: Date,
  ): Promise<InvitationRow | undefined> {
    const [r] = await tx
      .update(agencyInvitations)
      .set({ answeredAt: now, accepted })
      .where(and(eq(agencyInvitations.id, id), eq(agencyInvitations.userId, userId), statusIs('pending', now)))
      .returning();
    return r;
  }

  /**
   * Makes the account a member with the role (inside the acceptance's transaction). A student or teacher gets the
   * agency's role and a membership the agency did not create (one who had left is a member again; a suspension
   * stays); a parent gets `edu:parent` and a place in the agency's parents, not as created there.
   */
  async grant(tx: DbOrTx, agencyId: string, userId: number, role: InvitationRole, now: Date): Promise<void> {
    if (role === 'parent') {
      await tx.insert(userRoles).values({ userId, role: 'edu:parent' }).onConflictDoNothing();
      await tx.insert(agencyParents).values({ agencyId, parentId: userId, createdHere: false }).onConflictDoNothing();
      return;
    }
    await tx
      .insert(userRoles)
      .values({ userId, role: agencyRole(role, agencyId) })
      .onConflictDoNothing();
    await tx
      .insert(agencyMembers)
      .values({ agencyId, userId, createdHere: false, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [agencyMembers.agencyId, agencyMembers.userId],
        set: { leftAt: null, updatedAt: now },
      });
  }
}
