// The admin menu offers only what works (docs/routes.md "The admin menu offers what works"): every page in a role's
// menu is opened, and each call it makes on the way must pass that route's rule in the contract for the role. A
// page the server would answer with 没有权限执行此操作 fails here.
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { API, API_ROUTES, satisfies, type ApiRoute } from '@edu/contract';
import { loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';
import { adminSections, visibleSections } from './sections';

/** The contract's route for a call the page made; a static path wins over a parameter (`/v1/class/list`). */
function routeOf(method: string, path: string): ApiRoute | undefined {
  const fits = API_ROUTES.filter(
    (r) => r.method === method && new RegExp(`^${r.path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`).test(path),
  );
  return fits.sort((a, b) => a.path.split(':').length - b.path.split(':').length)[0];
}

/** Whether the route's rule lets a logged-in user with these roles call it in the agency. */
function passes(route: ApiRoute, roles: string[], agencyId: string): boolean {
  const a = route.access;
  if (a.kind === 'public' || a.kind === 'login') return true;
  return satisfies(roles, a.roles, agencyId);
}

const pathPattern = (name: keyof typeof API) => new RegExp(`^${API[name].path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);

const ROLES: [string, string[]][] = [
  ['the platform admin', ['edu:admin']],
  ['an agency manager', ['edu:agency:admin']],
  ['a knowledge admin', ['edu:knowledge:admin']],
];

describe.each(ROLES)('the admin menu of %s', (_, roles) => {
  const links = visibleSections(adminSections('en'), loginInfo(roles), 'demo')
    .flatMap((s) => s.links)
    .filter((l) => l.key !== 'home');

  it.each(links.map((l) => [l.key, l] as const))('%s opens a page whose calls answer the role', async (_key, link) => {
    const { session, calls } = await makeSession(loginInfo(roles));
    renderApp(session, [link.path]);
    // The page has made its main call (what sections.tsx names for it).
    await waitFor(() =>
      expect(
        calls.some((c) => link.calls.some((name) => c.method === API[name].method && pathPattern(name).test(c.path))),
      ).toBe(true),
    );
    for (const c of calls.filter((c) => c.path.startsWith('/v1/'))) {
      const route = routeOf(c.method, c.path);
      expect(route, `${c.method} ${c.path} is a route of the contract`).toBeDefined();
      expect(passes(route!, roles, 'demo'), `${link.key}: ${c.method} ${c.path} answers ${roles.join(', ')}`).toBe(
        true,
      );
    }
  });
});
