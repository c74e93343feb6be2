// The one way the web writes to the server (docs/web.md "Server state"): a TanStack Query mutation whose
// success and error are shown in one place. A page states what to say on success and which queries the
// write makes stale; the error toast shows the envelope's Chinese errmsg (请求失败 without one). No page keeps
// its own busy flag (`isPending`), try/catch or message.success/error copy.
import { App as AntApp } from 'antd';
import {
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import type { FieldError } from '@edu/contract';
import { errorText, isEnvelope } from './client';

type Derived<T, D, V> = T | ((data: D, vars: V) => T);

export interface ApiMutationOptions<D, V> extends Omit<UseMutationOptions<D, unknown, V>, 'onSuccess' | 'onError'> {
  /** Toast after success; omitted → no toast (the page shows the result itself). */
  success?: Derived<string, D, V>;
  /**
   * How a failure is shown: `toast` (default) shows its message; `none` leaves it to `onError` (e.g. a form
   * field that shows the message in place).
   */
  error?: 'toast' | 'none';
  /** Query keys (prefixes) made stale by the write; refetched before `onSuccess` runs. */
  invalidates?: Derived<readonly QueryKey[], D, V>;
  onSuccess?: (data: D, vars: V) => unknown;
  onError?: (error: unknown, vars: V) => unknown;
}

export type ApiMutation<D, V> = UseMutationResult<D, unknown, V> & {
  /** Runs the write; resolves true on success, false on failure (already shown): never rejects. */
  run: (vars: V) => Promise<boolean>;
};

/** The fields a 400 envelope names (`request.name` → path as sent), for showing each message on its field. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isEnvelope(error) || error.errno !== 400) return [];
  return (error.response as { fields?: FieldError[] } | null)?.fields ?? [];
}

const derive = <T, D, V>(x: Derived<T, D, V> | undefined, data: D, vars: V): T | undefined =>
  typeof x === 'function' ? (x as (d: D, v: V) => T)(data, vars) : x;

export function useApiMutation<D, V = void>(options: ApiMutationOptions<D, V>): ApiMutation<D, V> {
  const { success, error = 'toast', invalidates, onSuccess, onError, ...rest } = options;
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation<D, unknown, V>({
    ...rest,
    onSuccess: async (data, vars) => {
      const text = derive(success, data, vars);
      if (text) void message.success(text);
      const keys = derive(invalidates, data, vars) ?? [];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSuccess?.(data, vars);
    },
    onError: async (e, vars) => {
      if (error === 'toast') void message.error(errorText(e));
      await onError?.(e, vars);
    },
  });
  const run = (vars: V) =>
    mutation.mutateAsync(vars).then(
      () => true,
      () => false,
    );
  return { ...mutation, run };
}
