// Who may end whose membership (docs/users.md "Leaving and retention"), and when a leaver's records go.
import { agencyRole, DAY_MS } from '@edu/contract';

/** When the purge may delete a leaver's records. */
export const purgeAt = (leftAt: number, retentionDays: number) => leftAt + retentionDays * DAY_MS;

/**
 * Why this leaving is refused, or null. `roles` are the account's roles in the agency. Only a student leaves (or is
 * marked as left); an agency admin never is, since the agency would lose its admin with them; and staff do not
 * mark their own account as left (a student leaves through their own page).
 */
export function leaveRefusal(
  agencyId: string,
  roles: readonly string[],
  how: { self: true } | { self: false; actorId: number; targetId: number },
): string | null {
  if (roles.includes(agencyRole('admin', agencyId)))
    return how.self ? '机构管理员不能退出机构' : '此账号是机构管理员，不能标记为已离开';
  if (!how.self && how.actorId === how.targetId) return '不能把自己标记为已离开，请在学生页面退出机构';
  return null;
}
