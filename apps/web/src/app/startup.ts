// Start-up sequence of docs/product.md §4 as plain functions (the React provider only waits for it):
// grades + subjects together (failure → both empty), then login info, then the user-change rule
// (switch to the user's first agency when the current one is not theirs, unless fixed; load knowledge points).
import { API, type Grade, type LoginInfo, type Subject } from '@edu/contract';
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
  /** Loads the knowledge points of the current agency into the config (only for a logged-in user). */
  reloadKnowledgePoints(): Promise<void>;
  /** Stops reacting to store changes. */
  dispose(): void;
}

export async function loadDictionaries(call: Call): Promise<{ grades: Grade[]; subjects: Subject[] }> {
  try {
    const [grades, subjects] = await Promise.all([call(API.grades), call(API.subjects)]);
    return { grades, subjects };
  } catch {
    return { grades: [], subjects: [] };
  }
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

export async function startUp(env: SessionEnv): Promise<Session> {
  const log = env.log ?? ((m, e) => console.warn(m, e));
  const agency = resolveAgency(env.hostname, env.runtime, env.storage);
  const { userStore, call, setAgencyForCalls } = createSessionParts(env, agency);

  const { grades, subjects } = await loadDictionaries(call);
  const configStore = createConfigStore(
    { agencyId: agency.agencyId, knowledgePoints: [], grades, subjects },
    env.storage,
  );

  let seq = 0;
  let inflight: { key: string; promise: Promise<void> } | null = null;
  function reloadKnowledgePoints(): Promise<void> {
    const user = userStore.get();
    if (!user) return Promise.resolve();
    const key = `${configStore.getState().agencyId}\n${user.access_token}`;
    if (inflight?.key === key) return inflight.promise;
    const mine = ++seq;
    const promise = call(API.kpList)
      .then((list) => {
        if (mine === seq) configStore.setKnowledgePoints(list);
      })
      .catch((e: unknown) => log('knowledge points not loaded', e))
      .finally(() => {
        if (inflight?.promise === promise) inflight = null;
      });
    inflight = { key, promise };
    return promise;
  }

  async function applyUser(user: LoginInfo | null): Promise<void> {
    if (!user) {
      seq++;
      if (configStore.getState().knowledgePoints.length > 0) configStore.setKnowledgePoints([]);
      return;
    }
    if (user.agencies.length === 0) return;
    const next = agencyAfterUserChange(user, configStore.getState().agencyId, agency.fixed);
    if (next !== configStore.getState().agencyId) configStore.setAgencyId(next);
    await reloadKnowledgePoints();
  }

  const unsubscribe = [
    configStore.subscribe((next, prev) => {
      if (next.agencyId === prev.agencyId) return;
      setAgencyForCalls(next.agencyId);
      // Counts on knowledge points are per agency (docs/domain.md): reload on a switch.
      void reloadKnowledgePoints();
    }),
  ];

  userStore.load();
  await applyUser(userStore.get());
  unsubscribe.push(userStore.subscribe((next) => void applyUser(next)));

  return {
    call,
    userStore,
    configStore,
    agencyFixed: agency.fixed,
    reloadKnowledgePoints,
    dispose: () => unsubscribe.forEach((u) => u()),
  };
}
