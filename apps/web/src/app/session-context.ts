// React access to the session made by the start-up sequence.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { LoginInfo } from '@edu/contract';
import type { Call } from '../api/call';
import type { AppConfig } from './stores';
import type { Session } from './startup';

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

export function useCall(): Call {
  return useSession().call;
}

export function useUser(): LoginInfo | null {
  const { userStore } = useSession();
  return useSyncExternalStore(userStore.subscribe, userStore.get, userStore.get);
}

export function useAppConfig(): AppConfig {
  const { configStore } = useSession();
  return useSyncExternalStore(configStore.subscribe, configStore.getState, configStore.getState);
}
