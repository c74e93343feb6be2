// Filtering routes by the docs/product.md §6 rules: routes failing the check are not registered (docs/product.md
// §2). Its own module so the router imports no area's route table (src/shell/area-tables.ts).
import { canAccessPath, type AccessSubject } from '@edu/contract';
import type { RouteDef } from '../app/route-types';

/** The routes of `routes` registered for this user in this agency; the others are not registered at all. */
export function allowedRoutes(
  user: AccessSubject | null | undefined,
  agencyId: string,
  routes: readonly RouteDef[],
): RouteDef[] {
  return routes.filter((r) => canAccessPath(r.pattern, user, agencyId));
}
