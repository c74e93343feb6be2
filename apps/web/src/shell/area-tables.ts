// The route tables of the admin, parent and homework-teacher areas are chunks of their own, loaded for the users
// who may open those areas (docs/web.md "Bundle budget"): the admin table alone — its page imports and titles —
// was 8.3 KB of brotli in every student's first load. The public and student tables stay in the entry. A lazy
// table is loaded in the background once the user is known; only a location inside a lazy area waits for its
// table (suspends), so no route of it shows the not-found page while the table is on its way.
import { canAccessPath, type AccessSubject } from '@edu/contract';
import type { RouteDef } from '../app/route-types';
import { PUBLIC_ROUTES } from '../areas/public/routes';
import { STUDENT_ROUTES } from '../areas/student/routes';

export const EAGER_ROUTES: readonly RouteDef[] = [...PUBLIC_ROUTES, ...STUDENT_ROUTES];

export type LazyArea = 'admin' | 'parent' | 'teacher';

const LAZY: Record<LazyArea, { prefix: string; load: () => Promise<readonly RouteDef[]> }> = {
  admin: { prefix: '/admin', load: () => import('../areas/admin/routes').then((m) => m.ADMIN_ROUTES) },
  parent: { prefix: '/parent', load: () => import('../areas/parent/routes').then((m) => m.PARENT_ROUTES) },
  teacher: { prefix: '/WTPteacher', load: () => import('../areas/teacher/routes').then((m) => m.TEACHER_ROUTES) },
};
const AREAS = Object.keys(LAZY) as LazyArea[];

/**
 * The lazy areas whose tables this user needs: those whose root page the docs/product.md §6 rules let them open (every route of an
 * area needs at least the roles of its root; route-table.test.ts checks it for every role).
 */
export function lazyAreasFor(user: AccessSubject | null | undefined, agencyId: string): LazyArea[] {
  return AREAS.filter((a) => canAccessPath(LAZY[a].prefix, user, agencyId));
}

/** The lazy area a path lies in, if any. */
export function lazyAreaOf(pathname: string): LazyArea | null {
  return AREAS.find((a) => pathname === LAZY[a].prefix || pathname.startsWith(`${LAZY[a].prefix}/`)) ?? null;
}

const tables: Partial<Record<LazyArea, readonly RouteDef[]>> = {};
const loading: Partial<Record<LazyArea, Promise<readonly RouteDef[]>>> = {};

/** The area's table once loaded, else undefined. */
export const loadedTable = (area: LazyArea) => tables[area];

/** Loads the area's table once (a failed load is tried again on the next call). */
export function loadTable(area: LazyArea): Promise<readonly RouteDef[]> {
  loading[area] ??= LAZY[area].load().then(
    (defs) => (tables[area] = defs),
    (e: unknown) => {
      delete loading[area];
      throw e;
    },
  );
  return loading[area];
}
