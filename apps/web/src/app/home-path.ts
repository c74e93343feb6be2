// Where a user lands after login (docs/domain.md "Agencies, users, roles"): staff → /admin, student → /student/home, parent → /parent/, tutor → /WTPteacher/.
const PLATFORM_STAFF = new Set([
  'edu:admin',
  'edu:agency:admin',
  'edu:knowledge:admin',
  'edu:knowledgraph:admin',
  'edu:coach:admin',
]);
// edu:agency:{id}:admin, :teacher and every :<x>:admin role of an agency.
const AGENCY_STAFF_RE = /^edu:agency:[a-z0-9-]{2,32}:(admin|teacher|[a-z]+:admin)$/;
const AGENCY_STUDENT_RE = /^edu:agency:[a-z0-9-]{2,32}:student$/;

export type AreaHome = '/admin' | '/student/home' | '/parent/' | '/WTPteacher/';

export function homePathFor(roles: readonly string[]): AreaHome | null {
  if (roles.some((r) => PLATFORM_STAFF.has(r) || AGENCY_STAFF_RE.test(r))) return '/admin';
  if (roles.some((r) => AGENCY_STUDENT_RE.test(r))) return '/student/home';
  if (roles.includes('edu:parent')) return '/parent/';
  if (roles.includes('edu:homework:teacher')) return '/WTPteacher/';
  return null;
}
