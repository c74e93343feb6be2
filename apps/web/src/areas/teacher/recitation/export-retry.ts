// The recitation sheet's export retry (docs/product.md §8–9; docs/recitation.md "Export"): at most three attempts,
// one second apart, and a notice naming each failed attempt (第 N 次导出失败：…). The sleep is injected so tests
// run it on fake timers.

export const EXPORT_ATTEMPTS = 3;
export const EXPORT_RETRY_DELAY_MS = 1000;

export const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function exportFailureText(attempt: number, error: unknown): string {
  const reason = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return `第 ${attempt} 次导出失败：${reason || '未知错误'}`;
}

export interface RetryOptions {
  attempts?: number;
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called after each failed attempt with its number (1-based) and the error. */
  onFailure?: (attempt: number, error: unknown) => void;
}

/** Runs `task` until it succeeds, at most `attempts` times with `delayMs` between; rejects with the last error. */
export async function withRetries<T>(task: (attempt: number) => Promise<T>, o: RetryOptions = {}): Promise<T> {
  const attempts = o.attempts ?? EXPORT_ATTEMPTS;
  const sleep = o.sleep ?? sleepMs;
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await task(attempt);
    } catch (e) {
      last = e;
      o.onFailure?.(attempt, e);
      if (attempt < attempts) await sleep(o.delayMs ?? EXPORT_RETRY_DELAY_MS);
    }
  }
  throw last;
}
