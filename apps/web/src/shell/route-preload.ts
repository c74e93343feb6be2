// Route preloading (docs/web.md "Route preloading"): when the location changes, the matched route's layout and page
// chunks and its prefetch (the page's first read, heavy chunks) start at once, together — not one after the other as
// each lazy part renders. Nothing here changes what is shown: the pages read the same queries.
import { createContext, useContext, useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, useLocation } from 'react-router';
import type { Call } from '../api/call';
import type { RouteDef } from '../app/route-types';
import { preloadPage } from '../app/lazy-page';
import { useAppConfig, useCall, useUser } from '../app/session-context';
import { layoutOf } from './layouts';

/** The route of `defs` that `pathname` renders (react-router's own ranking), with its parameters. */
export function matchRouteDef(defs: readonly RouteDef[], pathname: string) {
  const hit = matchRoutes(
    defs.map((def) => ({ path: def.pattern, def })),
    pathname,
  )?.at(-1);
  return hit ? { def: hit.route.def, params: hit.params } : null;
}

export interface PreloadSession {
  queryClient: QueryClient;
  call: Call;
  agencyId: string;
  /** The signed-in user's roles (none for a visitor). */
  roles: readonly string[];
  /** The user must change their password: they are sent to that page whatever they asked for. */
  gated: boolean;
}

/**
 * Starts what the route `pathname` renders: its layout's and page's chunks and (unless `prefetch` is false) its
 * prefetch. The promise settles (never rejects) once both chunks, and the parts the prefetch names, are in or have
 * failed — failures show when the route renders.
 */
export function preloadRoute(
  defs: readonly RouteDef[],
  pathname: string,
  s: PreloadSession,
  prefetch = true,
): Promise<unknown> {
  const hit = s.gated ? null : matchRouteDef(defs, pathname);
  if (!hit) return Promise.resolve();
  const { queryClient, call, agencyId, roles } = s;
  const parts = prefetch ? hit.def.prefetch?.({ params: hit.params, queryClient, call, agencyId, roles }) : undefined;
  return Promise.all([preloadPage(layoutOf(hit.def.layout)), preloadPage(hit.def.page), parts]);
}

/**
 * The path whose route the app started before drawing (shell/first-route.ts), if it did: the router's first
 * preload of that path makes no second prefetch — the read of the same navigation is already under way or done
 * (more than a second before, on a slow device, which would count as stale).
 */
export const FirstRoutePath = createContext<string | null>(null);

export function useRoutePreload(defs: readonly RouteDef[]): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const call = useCall();
  const { agencyId } = useAppConfig();
  const user = useUser();
  // The roles as text: a session refreshed with the same roles does not prefetch again.
  const roles = user?.roles.join(' ') ?? '';
  const gated = user?.user?.mustChangePassword === true;
  const firstPath = useContext(FirstRoutePath);
  const first = useRef(firstPath);
  useEffect(() => {
    const prefetched = first.current === pathname;
    first.current = null;
    const s = { queryClient, call, agencyId, roles: roles ? roles.split(' ') : [], gated };
    void preloadRoute(defs, pathname, s, !prefetched);
  }, [defs, pathname, gated, queryClient, call, agencyId, roles]);
}
