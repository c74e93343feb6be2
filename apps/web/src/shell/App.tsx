// The application: providers, start-up (spinner until done), router.
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { NavigationGuard } from '../app/navigation-guard';
import { AppProviders, createQueryClient } from '../app/providers';
import { AppRoutes } from './router';
import { SessionProvider } from './SessionProvider';
import type { Session } from '../app/startup';

export function App({ start }: { start: () => Promise<Session> }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <SessionProvider start={start}>
        <BrowserRouter>
          {/* Pages with unsaved work hold navigations (docs/web.md "Unsaved changes"). */}
          <NavigationGuard>
            <AppRoutes />
          </NavigationGuard>
        </BrowserRouter>
      </SessionProvider>
    </AppProviders>
  );
}
