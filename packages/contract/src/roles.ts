// Role strings of docs/product.md §6 and docs/domain.md "Agencies, users, roles", and the agency context placeholder.

export const AGENCY = '{agency}';

export const PLATFORM_ROLES = [
  'edu:admin',
  'edu:knowledge:admin',
  'edu:knowledgraph:admin',
  'edu:agency:admin',
  'edu:coach:admin',
  'edu:homework:teacher',
  'edu:parent',
] as const;

export const AGENCY_ROLE_KINDS = [
  'admin',
  'question:admin',
  'train:admin',
  'student:admin',
  'teacher:admin',
  'parent:admin',
  'teacher',
  'student',
] as const;
export type AgencyRoleKind = (typeof AGENCY_ROLE_KINDS)[number];

/**
 * `edu:agency:{id}:`, what every role of the agency begins with. A SQL `LIKE` pattern is this plus `%`: agency ids
 * hold only `[a-z0-9-]` (AGENCY_ID_RE), so the prefix has no wildcard of its own.
 */
export const agencyRolePrefix = (agencyId: string) => `edu:agency:${agencyId}:`;

/** `edu:agency:{id}:kind`; with the default id it is the pattern used in rule tables. */
export const agencyRole = (kind: AgencyRoleKind, agencyId: string = AGENCY) => `${agencyRolePrefix(agencyId)}${kind}`;

const AGENCY_ROLE_RE = /^edu:agency:([a-z0-9-]{2,32}):(.+)$/;

/** The agency an agency role belongs to, or null for platform roles. */
export function agencyOfRole(role: string): string | null {
  const m = AGENCY_ROLE_RE.exec(role);
  return m ? m[1] : null;
}

export const AGENCY_ID_RE = /^[a-z0-9-]{2,32}$/;
