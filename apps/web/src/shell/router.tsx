// Builds react-router's route objects from the filtered route table; unregistered paths fall to the not-found page.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PASSWORD_PATH } from '../areas/public/routes';
import { PageSpinner } from '../components/PageSpinner';
import { COMMON_TEXTS } from '../components/texts';
import { allowedRoutes } from './route-filter';
import { EAGER_ROUTES, lazyAreaOf, lazyAreasFor, loadedTable, loadTable } from './area-tables';
import { useRoutePreload } from './route-preload';
import { ISSUES, type RouteDef } from '../app/route-types';
import { LAYOUTS } from './layouts';
import { useAppConfig, useUser } from '../app/session-context';

// The not-found and under-construction pages (antd's Result) are chunks of their own too: a first load that
// shows neither does not carry them (docs/performance.md "Bundle").
const NotFoundPage = lazy(() => import('../components/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const UnderConstruction = lazy(() =>
  import('../components/UnderConstruction').then((m) => ({ default: m.UnderConstruction })),
);

function RoutePage({ def }: { def: RouteDef }) {
  useEffect(() => {
    document.title = `${def.title} - ${COMMON_TEXTS.brand}`;
  }, [def.title]);
  const Page = def.page;
  return (
    <Suspense fallback={<PageSpinner />}>
      {Page ? (
        <Page />
      ) : (
        <UnderConstruction page={def.title} when={ISSUES[def.issue ?? 'later'].ui} fullPage={def.layout === 'bare'} />
      )}
    </Suspense>
  );
}

function child(def: RouteDef, prefix: string | null): RouteObject {
  const element = <RoutePage def={def} />;
  if (prefix === null) return { path: def.pattern, element };
  if (def.pattern === prefix) return { index: true, element };
  return { path: def.pattern.slice(prefix.length + 1), element };
}

/** A user who must change their password sees only the change-password page until they have. */
function PasswordGate() {
  const user = useUser();
  const { pathname } = useLocation();
  if (user?.user?.mustChangePassword && pathname !== PASSWORD_PATH) return <Navigate to={PASSWORD_PATH} replace />;
  return <Outlet />;
}

function NotFoundRoute() {
  const user = useUser();
  useEffect(() => {
    document.title = COMMON_TEXTS.brand;
  }, []);
  return (
    <Suspense fallback={<PageSpinner />}>
      <NotFoundPage loggedIn={!!user} />
    </Suspense>
  );
}

export function buildRouteObjects(defs: readonly RouteDef[]): RouteObject[] {
  const children: RouteObject[] = [];
  for (const def of defs) if (def.layout === 'bare') children.push(child(def, null));
  for (const [key, { prefix, Layout }] of Object.entries(LAYOUTS)) {
    const inLayout = defs.filter((d) => d.layout === key);
    if (inLayout.length === 0) continue;
    const element = (
      <Suspense fallback={<PageSpinner />}>
        <Layout />
      </Suspense>
    );
    children.push({ path: prefix ?? undefined, element, children: inLayout.map((d) => child(d, prefix)) });
  }
  children.push({ path: '*', element: <NotFoundRoute /> });
  return [{ element: <PasswordGate />, children }];
}

/** The app's routes for the current user and agency (rebuilt when either changes, or when a lazy table arrives). */
export function AppRoutes() {
  const user = useUser();
  const { agencyId } = useAppConfig();
  const { pathname } = useLocation();
  const areas = useMemo(() => lazyAreasFor(user, agencyId), [user, agencyId]);
  const [arrived, setArrived] = useState(0);
  useEffect(() => {
    let live = true;
    for (const a of areas)
      if (!loadedTable(a))
        loadTable(a).then(
          () => live && setArrived((n) => n + 1),
          () => undefined,
        );
    return () => {
      live = false;
    };
  }, [areas]);
  // A location inside a lazy area waits for that area's table: none of its pages may show as not found meanwhile.
  const here = lazyAreaOf(pathname);
  const waiting = here !== null && areas.includes(here) && !loadedTable(here);
  const defs = useMemo(
    () => allowedRoutes(user, agencyId, [...EAGER_ROUTES, ...areas.flatMap((a) => loadedTable(a) ?? [])]),
    // `arrived` changes when a table comes in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [user, agencyId, areas, arrived],
  );
  const routes = useMemo(() => buildRouteObjects(defs), [defs]);
  useRoutePreload(defs);
  const element = useRoutes(routes);
  return waiting ? <PageSpinner /> : element;
}
