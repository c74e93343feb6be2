// The application: providers, start-up (spinner until done), router.
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { NavigationGuard } from '../app/navigation-guard';
import { AppProviders } from '../app/providers';
import { FirstRoutePath } from './route-preload';
import { AppRoutes } from './router';
import { SessionProvider } from './SessionProvider';
import type { Session } from '../app/startup';

/**
 * `start`: the start-up sequence, settled once the route of `firstPath` has its chunks in too (shell/first-route.ts:
 * its read started there as well).
 */
export function App({
  start,
  queryClient,
  firstPath,
}: {
  start: () => Promise<Session>;
  queryClient: QueryClient;
  firstPath: string;
}) {
  return (
    <AppProviders queryClient={queryClient}>
      <SessionProvider start={start}>
        <FirstRoutePath.Provider value={firstPath}>
          <BrowserRouter>
            {/* Pages with unsaved work hold navigations (docs/web.md "Unsaved changes"). */}
            <NavigationGuard>
              <AppRoutes />
            </NavigationGuard>
          </BrowserRouter>
        </FirstRoutePath.Provider>
      </SessionProvider>
    </AppProviders>
  );
}
