// Route preloading (docs/web.md "Route preloading"): when the location changes, the matched route's page chunk
// and its prefetch (the page's first read, heavy chunks) start at once, beside the layout's chunk — not one after
// the other as each lazy part renders. Nothing here changes what is shown: the pages read the same queries.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { matchRoutes, useLocation } from 'react-router';
import type { RouteDef } from '../app/route-types';
import { preloadPage } from '../app/lazy-page';
import { useAppConfig, useCall, useUser } from '../app/session-context';

/** The route of `defs` that `pathname` renders (react-router's own ranking), with its parameters. */
export function matchRouteDef(defs: readonly RouteDef[], pathname: string) {
  const hit = matchRoutes(
    defs.map((def) => ({ path: def.pattern, def })),
    pathname,
  )?.at(-1);
  return hit ? { def: hit.route.def, params: hit.params } : null;
}

export function useRoutePreload(defs: readonly RouteDef[]): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const call = useCall();
  const { agencyId } = useAppConfig();
  const user = useUser();
  // A user who must change their password is sent to that page whatever they asked for.
  const gated = user?.user?.mustChangePassword === true;
  // The roles as text: a session refreshed with the same roles does not prefetch again.
  const roles = user?.roles.join(' ') ?? '';
  useEffect(() => {
    const hit = gated ? null : matchRouteDef(defs, pathname);
    if (!hit) return;
    preloadPage(hit.def.page);
    hit.def.prefetch?.({ params: hit.params, queryClient, call, agencyId, roles: roles ? roles.split(' ') : [] });
  }, [defs, pathname, gated, queryClient, call, agencyId, roles]);
}
