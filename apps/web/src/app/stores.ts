// The two client-side stores of docs/product.md §4: application config (the agency id) and user (login info).
// Server data (grades, subjects, knowledge points) lives in TanStack Query instead (app/dictionaries.ts).
import type { LoginInfo } from '@edu/contract';

/** The part of the Web Storage API the stores use (localStorage in the app, a Map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const USERINFO_KEY = 'userinfo';
export const AGENCY_KEY = 'agencyId';

type Listener<T> = (next: T, prev: T) => void;

function emitter<T>() {
  const listeners = new Set<Listener<T>>();
  // Arrow functions, not methods: `subscribe` is handed around on its own (useSyncExternalStore).
  return {
    subscribe: (l: Listener<T>): (() => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    emit: (next: T, prev: T) => {
      for (const l of [...listeners]) l(next, prev);
    },
  };
}

export interface AppConfig {
  agencyId: string;
}

/**
 * Config has exactly one change: set the agency id (saved in storage too).
 * Its members are functions that need no `this`, so they can be passed on alone (useSyncExternalStore).
 */
export interface ConfigStore {
  getState: () => AppConfig;
  subscribe: (l: Listener<AppConfig>) => () => void;
  setAgencyId: (id: string) => void;
}

export function createConfigStore(initial: AppConfig, storage: KeyValueStorage): ConfigStore {
  let state = initial;
  const ev = emitter<AppConfig>();
  const update = (next: AppConfig) => {
    const prev = state;
    state = next;
    ev.emit(next, prev);
  };
  return {
    getState: () => state,
    subscribe: ev.subscribe,
    setAgencyId: (id) => {
      storage.setItem(AGENCY_KEY, id);
      if (id !== state.agencyId) update({ ...state, agencyId: id });
    },
  };
}

/**
 * User state: `userInfo` mirrors localStorage.userinfo. Its members are functions that need no `this`,
 * so they can be passed on alone (useSyncExternalStore).
 */
export interface UserStore {
  get: () => LoginInfo | null;
  subscribe: (l: Listener<LoginInfo | null>) => () => void;
  /** Reads the stored login info; unparseable info is removed and counts as no login. */
  load: () => LoginInfo | null;
  set: (info: LoginInfo) => void;
  /** Deletes the login info from the state and from storage. */
  remove: () => void;
}

function looksLikeLoginInfo(v: unknown): v is LoginInfo {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.access_token === 'string' && Array.isArray(o.roles) && Array.isArray(o.agencies);
}

export function readStoredLoginInfo(storage: KeyValueStorage): LoginInfo | null {
  const raw = storage.getItem(USERINFO_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (looksLikeLoginInfo(parsed)) return parsed;
  } catch {
    // fall through: unparseable
  }
  storage.removeItem(USERINFO_KEY);
  return null;
}

export function createUserStore(storage: KeyValueStorage): UserStore {
  let info: LoginInfo | null = null;
  const ev = emitter<LoginInfo | null>();
  const update = (next: LoginInfo | null) => {
    const prev = info;
    info = next;
    if (next !== prev) ev.emit(next, prev);
  };
  return {
    get: () => info,
    subscribe: ev.subscribe,
    load: () => {
      update(readStoredLoginInfo(storage));
      return info;
    },
    set: (next) => {
      storage.setItem(USERINFO_KEY, JSON.stringify(next));
      update(next);
    },
    remove: () => {
      storage.removeItem(USERINFO_KEY);
      update(null);
    },
  };
}
