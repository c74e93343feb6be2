// The web's one route table (every docs/product.md §2 route) and its filtering by the docs/product.md §6 rules.
// The router loads the admin, parent and teacher tables lazily (area-tables.ts); this whole table is for tests
// and tools that look at every route.
import type { AccessSubject } from '@edu/contract';
import { ADMIN_ROUTES } from '../areas/admin/routes';
import { STUDENT_ROUTES } from '../areas/student/routes';
import { PARENT_ROUTES } from '../areas/parent/routes';
import { TEACHER_ROUTES } from '../areas/teacher/routes';
import { PUBLIC_ROUTES } from '../areas/public/routes';
import type { RouteDef } from '../app/route-types';
import { allowedRoutes as filterRoutes } from './route-filter';

export const ROUTES: readonly RouteDef[] = [
  ...PUBLIC_ROUTES,
  ...ADMIN_ROUTES,
  ...STUDENT_ROUTES,
  ...PARENT_ROUTES,
  ...TEACHER_ROUTES,
];

/** The routes registered for this user in this agency; the others are not registered at all (docs/product.md §2). */
export function allowedRoutes(
  user: AccessSubject | null | undefined,
  agencyId: string,
  routes: readonly RouteDef[] = ROUTES,
): RouteDef[] {
  return filterRoutes(user, agencyId, routes);
}
