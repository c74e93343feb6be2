// Runs the start-up sequence once and shows a full-page spinner until it has finished.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { SessionContext } from '../app/session-context';
import type { Session } from '../app/startup';

export function SessionProvider({ start, children }: { start: () => Promise<Session>; children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const started = useRef<Promise<Session> | null>(null);

  useEffect(() => {
    // A ref survives StrictMode's second effect run, so start-up runs once.
    started.current ??= start();
    let live = true;
    void started.current.then((s) => live && setSession(s));
    return () => {
      live = false;
    };
  }, [start]);

  if (!session) return <FullPageSpinner />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
