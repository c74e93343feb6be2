// Login, logout and password-change effects shared by the pages.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { type LoginInfo } from '@edu/contract';
import { API } from '../api/routes';
import { useSession } from './session-context';

/** Revokes the token (best effort), clears user state and cached data, goes to `/`. */
export function useLogout(): () => Promise<void> {
  const { call, userStore } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (userStore.get()) {
      try {
        await call(API.logout);
      } catch {
        // The token may already be invalid; logging out locally is what matters.
      }
    }
    userStore.remove();
    queryClient.clear();
    await navigate('/');
  }, [call, userStore, queryClient, navigate]);
}

/** Stores new login info (the session then switches agency and loads knowledge points). */
export function useSetLoginInfo(): (info: LoginInfo) => void {
  const { userStore } = useSession();
  const queryClient = useQueryClient();
  return useCallback(
    (info: LoginInfo) => {
      queryClient.clear();
      userStore.set(info);
    },
    [userStore, queryClient],
  );
}

/** Reloads the login info from GET /v1/auth/me (roles and agencies may have changed); keeps the token. */
export function useRefreshLoginInfo(): () => Promise<LoginInfo | null> {
  const { call, userStore } = useSession();
  return useCallback(async () => {
    const current = userStore.get();
    if (!current) return null;
    const fresh = await call(API.me);
    const next = { ...fresh, access_token: current.access_token };
    userStore.set(next);
    return next;
  }, [call, userStore]);
}
