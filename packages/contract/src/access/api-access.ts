// How an API route is guarded. Every /v1 route states one of these in API_ROUTES.
import type { RoleAlternatives } from './role-sets.js';

export type ApiAccess =
  /** Anyone, no token needed. */
  | { kind: 'public' }
  /** Any logged-in user. With `agency`, the request must name an agency (X-Agency-Id) the user may act in. */
  | { kind: 'login'; agency: boolean }
  /** Roles (with `{agency}` substituted from X-Agency-Id when `agency` is true). */
  | { kind: 'roles'; roles: RoleAlternatives; agency: boolean }
  /**
   * Anyone may call, and the route checks the record itself (e.g. a question published for public
   * preview). The guards refuse nobody: they read the token if one is sent, take X-Agency-Id when the user
   * may act in that agency (else ignore it), and tell the route's own check whether the user passes
   * `roles` there. The check answers 401 to a visitor and 404 to a user it turns away, so "a visitor gets
   * 401" still holds for every record that is not public. The server registers such a route only with its
   * own check, and the generated access tests require each one to be listed with its own tests.
   */
  | { kind: 'ownCheck'; roles: RoleAlternatives };

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
/** Public records for everyone, other records for users passing `alts` (see the `ownCheck` kind). */
export const ownCheck = (alts: RoleAlternatives): ApiAccess => ({ kind: 'ownCheck', roles: alts });

/** True when the route needs X-Agency-Id naming an agency the user may act in (403/400 otherwise). */
export const needsAgency = (a: ApiAccess): boolean => (a.kind === 'login' || a.kind === 'roles') && a.agency;
