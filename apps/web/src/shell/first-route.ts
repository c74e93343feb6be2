// The first route of a page load (docs/web.md "Route preloading"): its layout's and page's chunks and its prefetch
// (the page's first read) start as soon as the session is known, before React draws anything, and the router is
// shown once those chunks are in. Shown earlier, each lazy level would show its spinner first, and React holds back
// the reveal of a Suspense boundary that has shown its fallback for up to 0.3 s: two levels (layout, page) cost a
// cold load up to 0.6 s with every chunk already there (docs/performance.md "First load").
import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../app/startup';
import { EAGER_ROUTES, lazyAreaOf, lazyAreasFor, loadTable } from './area-tables';
import { allowedRoutes } from './route-filter';
import { preloadRoute } from './route-preload';

/**
 * Starts the route `pathname` for the session's user and settles (never rejects) once its layout's and page's
 * chunks are in or have failed; a location in an area whose route table is lazy waits for that table first.
 */
export async function firstRoute(session: Session, queryClient: QueryClient, pathname: string): Promise<void> {
  const user = session.userStore.get();
  const { agencyId } = session.configStore.getState();
  const area = lazyAreaOf(pathname);
  const table = area && lazyAreasFor(user, agencyId).includes(area) ? await loadTable(area).catch(() => []) : [];
  const defs = allowedRoutes(user, agencyId, [...EAGER_ROUTES, ...table]);
  await preloadRoute(defs, pathname, {
    queryClient,
    call: session.call,
    agencyId,
    roles: user?.roles ?? [],
    gated: user?.user?.mustChangePassword === true,
  });
}
