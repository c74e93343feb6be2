// React side of answer-retry.ts: whether an answer is on its way, slow to arrive or being retried, retries
// stopped when the page goes away, and the browser's "leave the page?" question while an answer is not saved.
import { useCallback, useEffect, useState } from 'react';
import { sendUntilSaved } from './answer-retry';

export type SendState = 'idle' | 'sending' | 'slow' | 'retrying';

/**
 * A request that has not been answered after this long is shown as slow: a connection that hangs (rather than
 * fails) only times out after the client's 2 minutes, and the student should know the answer is not saved yet.
 */
export const SLOW_AFTER_MS = 5000;

export function useRetryingSend() {
  const [state, setState] = useState<SendState>('idle');
  const [controllers] = useState(() => new Set<AbortController>());
  useEffect(
    () => () => {
      for (const c of controllers) c.abort();
      controllers.clear();
    },
    [controllers],
  );
  const send = useCallback(
    async <T>(request: () => Promise<T>): Promise<T> => {
      const controller = new AbortController();
      controllers.add(controller);
      setState('sending');
      const slow = setTimeout(() => setState((s) => (s === 'sending' ? 'slow' : s)), SLOW_AFTER_MS);
      try {
        return await sendUntilSaved(request, { signal: controller.signal, onRetry: () => setState('retrying') });
      } finally {
        clearTimeout(slow);
        controllers.delete(controller);
        if (!controller.signal.aborted) setState('idle');
      }
    },
    [controllers],
  );
  return { send, state };
}

/** Asks before the tab is closed or reloaded while `active` (an answer not yet saved). */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
