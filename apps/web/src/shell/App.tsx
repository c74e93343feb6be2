// The application: providers, start-up (spinner until done), router.
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
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
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
    </AppProviders>
  );
}
