// How an API route is guarded. Every /v1 route states one of these in API_ROUTES.
import type { RoleAlternatives } from './role-sets.js';

export type ApiAccess =
  /** Anyone, no token needed. */
  | { kind: 'public' }
  /** Any logged-in user. With `agency`, the request must name an agency (X-Agency-Id) the user may act in. */
  | { kind: 'login'; agency: boolean }
  /** Roles (with `{agency}` substituted from X-Agency-Id when `agency` is true). */
  | { kind: 'roles'; roles: RoleAlternatives; agency: boolean };

export const PUBLIC: ApiAccess = { kind: 'public' };
export const LOGIN: ApiAccess = { kind: 'login', agency: false };
export const LOGIN_IN_AGENCY: ApiAccess = { kind: 'login', agency: true };
export const roles = (
  alts: RoleAlternatives,
  agency = alts.some((a) => a.some((r) => r.includes('{agency}'))),
): ApiAccess => ({
  kind: 'roles',
  roles: alts,
  agency,
});
