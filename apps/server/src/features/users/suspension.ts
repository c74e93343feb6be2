// Which roles are honoured: an agency role of a membership the agency suspended is not (docs/users.md "Membership").
import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { agencyMembers } from '../../db/schema-users.js';

/**
 * SQL true when the role in `role` (of the user in `userId`) is honoured: it is not an `edu:agency:{id}:…` role of
 * a membership that agency `{id}` disabled. Platform roles are always honoured. Agency ids hold only `[a-z0-9-]`,
 * so the LIKE pattern built from one has no wildcard of its own.
 */
export const roleHonoured = (role: AnyColumn | SQL, userId: AnyColumn | SQL): SQL =>
  sql`not exists (select 1 from ${agencyMembers} where ${agencyMembers.userId} = ${userId} and ${agencyMembers.disabledAt} is not null and ${role} like 'edu:agency:' || ${agencyMembers.agencyId} || ':%')`;
