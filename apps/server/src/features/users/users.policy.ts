// Who may do what to an agency's people (docs/users.md), as pure functions.
import { agencyOfRole, agencyRole } from '@edu/contract';

/**
 * Whether the agency owns the account: it created it, and the account holds no role of another agency and no
 * platform role but `edu:parent`. Only then may the agency reset its password or rename it (docs/users.md
 * "Passwords"): anything else would let one agency take over a login another agency or the platform relies on.
 */
export function agencyOwnsAccount(agencyId: string, createdHere: boolean, targetRoles: readonly string[]): boolean {
  if (!createdHere) return false;
  return targetRoles.every((r) => {
    const agency = agencyOfRole(r);
    return agency === null ? r === 'edu:parent' : agency === agencyId;
  });
}

/** The agency's admins who manage every teacher's profile (the teacher manages their own). */
export const managesTeacherProfiles = (actorRoles: readonly string[], agencyId: string) =>
  actorRoles.includes(agencyRole('admin', agencyId)) || actorRoles.includes(agencyRole('teacher:admin', agencyId));
