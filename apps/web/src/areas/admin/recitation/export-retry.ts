// The recitation sheet's export retry (docs/product.md §8–9; docs/recitation.md "Export" and "Pages"): at most three
// attempts, one second apart, and a notice naming each failed attempt — for the preparation and then for each page
// on its own; a page that fails its three attempts stops the export before anything is downloaded (the pages are
// saved together at the end). The sleep is injected so tests run on fake timers.
import { RECITATION_TEXTS } from '../../../components/recitation/texts';

const T = RECITATION_TEXTS.export;
export const EXPORT_ATTEMPTS = 3;
export const EXPORT_RETRY_DELAY_MS = 1000;

export const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : typeof error === 'string' ? error : '') || T.unknownError;

/** `第 N 次导出失败：原因`, or with the page named when the sheet has several pages. */
export function exportFailureText(attempt: number, error: unknown, page?: { page: number; pages: number }): string {
  return page && page.pages > 1
    ? T.pageAttemptFailed(page.page, page.pages, attempt, reasonOf(error))
    : T.attemptFailed(attempt, reasonOf(error));
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

/** A page that failed every attempt; the export stops there and no file is downloaded. */
export class PageExportError extends Error {
  constructor(
    readonly page: number,
    readonly pages: number,
    readonly reason: unknown,
  ) {
    super(T.pageFailed(page, pages));
  }
}

export interface PagesOptions extends Omit<RetryOptions, 'onFailure'> {
  /** Before page n is tried (progress). */
  onPage?: (page: number, pages: number) => void;
  onFailure?: (attempt: number, error: unknown, page: { page: number; pages: number }) => void;
}

/**
 * Exports pages 1…pages in order, each with the retry rule, and answers what each gave (its PNG), in order; rejects
 * with a PageExportError at the first page lost.
 */
export async function exportPages<P>(
  pages: number,
  exportPage: (page: number) => Promise<P>,
  o: PagesOptions = {},
): Promise<P[]> {
  const done: P[] = [];
  for (let page = 1; page <= pages; page++) {
    o.onPage?.(page, pages);
    try {
      done.push(
        await withRetries(() => exportPage(page), {
          ...o,
          onFailure: (attempt, e) => o.onFailure?.(attempt, e, { page, pages }),
        }),
      );
    } catch (e) {
      throw new PageExportError(page, pages, e);
    }
  }
  return done;
}
