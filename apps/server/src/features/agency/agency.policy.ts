// Who may act in which agency (docs/domain.md "Agencies, users, roles"), as pure functions.
import { agencyOfRole } from '@edu/contract';

/** Agency links that do not show in role strings. */
export interface ActingLinks {
  /** Agencies where a child of this parent holds a student role. */
  childAgencies: readonly string[];
  /** Agencies this homework teacher is assigned to. */
  tutorAgencies: readonly string[];
}

export const NO_LINKS: ActingLinks = { childAgencies: [], tutorAgencies: [] };

export const isPlatformAdmin = (roles: readonly string[]) => roles.includes('edu:admin');

/** Whether the links can matter: parent links only for parents, assignments only for homework teachers. */
export const needsLinks = (roles: readonly string[]) => ({
  children: roles.includes('edu:parent'),
  tutor: roles.includes('edu:homework:teacher'),
});

/** Agencies of the `edu:agency:{id}:…` roles. */
export function agenciesOfRoles(roles: readonly string[]): string[] {
  return [...new Set(roles.map(agencyOfRole).filter((a): a is string => a !== null))];
}

/**
 * Every agency the user may act in, or 'all' for a platform admin (edu:admin). The agencies must
 * still exist: callers intersect with the agency table.
 */
export function actingAgencyIds(roles: readonly string[], links: ActingLinks): 'all' | Set<string> {
  if (isPlatformAdmin(roles)) return 'all';
  const want = needsLinks(roles);
  return new Set([
    ...agenciesOfRoles(roles),
    ...(want.children ? links.childAgencies : []),
    ...(want.tutor ? links.tutorAgencies : []),
  ]);
}

/** True when the roles alone settle it (an agency role there, or platform admin); links need a lookup otherwise. */
export const actsInByRoles = (roles: readonly string[], agencyId: string) =>
  roles.some((r) => agencyOfRole(r) === agencyId);
