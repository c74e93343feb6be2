// Start-up sequence (docs/product.md §4) as plain functions: the login info, then the user-change rule (switch
// to the user's first agency when the current one is not theirs, unless fixed). Nothing is fetched before the
// first page renders: grades, subjects and knowledge points are queries of the pages that need them
// (app/dictionaries.ts, docs/web.md "Server state").
import { type LoginInfo } from '@edu/contract';
import { API } from '../api/routes';
import { createHttpClient } from '../api/client';
import { createCall, type Call } from '../api/call';
import { resolveAgency, type AgencyChoice, type RuntimeConfig } from './agency';
import { createConfigStore, createUserStore, type ConfigStore, type KeyValueStorage, type UserStore } from './stores';

export interface SessionEnv {
  storage: KeyValueStorage;
  hostname: string;
  runtime: RuntimeConfig;
  /** Shows 请重新登录 and the like. */
  notify: (text: string) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
  log?: (message: string, error: unknown) => void;
}

export interface Session {
  call: Call;
  userStore: UserStore;
  configStore: ConfigStore;
  agencyFixed: boolean;
  /** Stops reacting to store changes. */
  dispose(): void;
}

/** The agency to work in after the user changed: the first of the user's agencies when the current one is not theirs. */
export function agencyAfterUserChange(user: LoginInfo | null, current: string, fixed: boolean): string {
  if (fixed || !user || user.agencies.length === 0) return current;
  return user.agencies.some((a) => a.id === current) ? current : user.agencies[0].id;
}

export function createSessionParts(env: SessionEnv, agency: AgencyChoice) {
  const userStore = createUserStore(env.storage);
  let currentAgency = agency.agencyId;
  const client = createHttpClient({
    fetch: env.fetch,
    timeoutMs: env.timeoutMs,
    getToken: () => userStore.get()?.access_token,
    getAgencyId: () => currentAgency,
    onUnauthorized: () => userStore.remove(),
    notify: env.notify,
  });
  // The login call's 401 means wrong credentials, and logging out with a dead token is no news.
  const call = createCall(client, { sessionAware: (route) => route !== API.login && route !== API.logout });
  return { userStore, call, setAgencyForCalls: (id: string) => (currentAgency = id) };
}

export function startUp(env: SessionEnv): Promise<Session> {
  const agency = resolveAgency(env.hostname, env.runtime, env.storage);
  const { userStore, call, setAgencyForCalls } = createSessionParts(env, agency);
  const configStore = createConfigStore({ agencyId: agency.agencyId }, env.storage);

  function applyUser(user: LoginInfo | null): void {
    if (!user || user.agencies.length === 0) return;
    const next = agencyAfterUserChange(user, configStore.getState().agencyId, agency.fixed);
    if (next !== configStore.getState().agencyId) configStore.setAgencyId(next);
  }

  const unsubscribe = [
    configStore.subscribe((next, prev) => {
      if (next.agencyId !== prev.agencyId) setAgencyForCalls(next.agencyId);
    }),
  ];

  userStore.load();
  applyUser(userStore.get());
  unsubscribe.push(userStore.subscribe((next) => applyUser(next)));

  return Promise.resolve({
    call,
    userStore,
    configStore,
    agencyFixed: agency.fixed,
    dispose: () => unsubscribe.forEach((u) => u()),
  });
}
