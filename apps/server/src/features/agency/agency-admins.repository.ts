// SQL for giving an agency its admins (docs/users.md "An agency's first admin").
import { agencyRole } from '@edu/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { userRoles, users } from '../../db/schema.js';
import { agencyMembers } from '../../db/schema-users.js';
import type { AdminRow } from './agency.repository.js';

export class AgencyAdminsRepository {
  constructor(readonly db: Db) {}

  /** The account with exactly this username, with whether it already holds the agency's admin role. */
  async account(agencyId: string, username: string) {
    const [row] = await this.db
      .select({ id: users.id, username: users.username, name: users.name })
      .from(users)
      .where(eq(users.username, username))
      .limit(1);
    if (!row) return undefined;
    const [held] = await this.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, row.id), eq(userRoles.role, agencyRole('admin', agencyId))))
      .limit(1);
    return { ...row, isAdmin: held !== undefined };
  }

  /** The account's membership of the agency, if it has one. */
  async membership(agencyId: string, userId: number) {
    const [m] = await this.db
      .select({ disabledAt: agencyMembers.disabledAt })
      .from(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, userId)))
      .limit(1);
    return m;
  }

  /**
   * Gives the account the agency's admin role and a membership (not created here). A member who had left is a
   * member again (docs/users.md "Leaving and retention": the records kept are theirs).
   */
  async grantAdmin(tx: DbOrTx, agencyId: string, account: AdminRow, now: Date): Promise<void> {
    await tx
      .insert(userRoles)
      .values({ userId: account.id, role: agencyRole('admin', agencyId) })
      .onConflictDoNothing();
    await tx
      .insert(agencyMembers)
      .values({ agencyId, userId: account.id, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [agencyMembers.agencyId, agencyMembers.userId],
        set: { leftAt: null, updatedAt: now },
      });
  }
}
