// Renders the app's routes (or one page) with a real session over a fake fetch, in a memory router.
import { lazyAreasFor, loadTable } from '../shell/area-tables';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type InitialEntry } from 'react-router';
import { vi } from 'vitest';
import type { LoginInfo } from '@edu/contract';
import { NavigationGuard } from '../app/navigation-guard';
import { AppProviders, createQueryClient } from '../app/providers';
import { AppRoutes } from '../shell/router';
import { SessionContext } from '../app/session-context';
import { startUp, type Session } from '../app/startup';
import { USERINFO_KEY } from '../app/stores';
import { fakeFetch, MemoryStorage, type FakeRoute } from './fake-api';
// The layouts are lazy chunks of the app (shell/layouts.ts); importing them here loads them with the test file,
// so a first render waits for its page only, as it did when the layouts were in the entry.
import '../areas/admin/AdminLayout';
import '../areas/student/StudentLayout';
import '../areas/parent/ParentLayout';
import '../areas/teacher/TeacherLayout';
import '../areas/public/PublicLayout';
import { KP_TREE } from './fixtures';

export async function makeSession(user: LoginInfo | null, routes: Record<string, FakeRoute> = {}) {
  // The lazy route tables (src/shell/area-tables.ts) are loaded before the render, as a browser has them long before
  // a person clicks: a test's wait for its page then measures the page, not the transform of every admin module.
  await Promise.all(lazyAreasFor(user, 'demo').map(loadTable));
  const storage = new MemoryStorage(user ? { [USERINFO_KEY]: JSON.stringify(user) } : {});
  const fake = fakeFetch({
    'GET /v1/exam/question/knowledgepoints/tree': KP_TREE,
    ...routes,
  });
  const notify = vi.fn();
  const session = await startUp({
    storage,
    hostname: 'localhost',
    runtime: { defaultAgencyId: 'demo', agencyDomainSuffixes: [] },
    notify,
    fetch: fake.fetch,
    log: () => {},
  });
  return { session, calls: fake.calls, storage, notify };
}

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

export function renderApp(session: Session, entries: InitialEntry[]) {
  const queryClient = createQueryClient();
  // The app's defaults (staleTime: a prefetched read is not read again on mount) without retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
          <NavigationGuard>
            <AppRoutes />
          </NavigationGuard>
          <LocationProbe />
        </MemoryRouter>
      </SessionContext.Provider>
    </AppProviders>,
  );
}
