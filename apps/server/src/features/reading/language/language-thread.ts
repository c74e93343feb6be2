// The reading language core's compromise work, off the request thread (docs/reading.md "Language data and
// formatting", docs/performance.md "Object shapes and the NLP library"): formatting an article and generating
// offline sub-questions run in one long-lived worker thread (./language-worker.ts). Loading compromise in the
// server's own thread filled V8's shared table of object shapes and made every request of every route dearer;
// it also keeps the NLP work of long articles off the event loop. Calls queue in the worker in order, at most
// LANGUAGE_QUEUE_MAX of them (more answer 503); the worker holds the process open only while a call is pending, and
// one that answers nothing for LANGUAGE_CALL_MS while calls wait is ended (its calls fail, the next call starts a
// new one).
import type { Worker } from 'node:worker_threads';
import type { ErrorCode, FieldError } from '@edu/contract';
import { ApiError } from '../../../lib/api-error.js';
import { spawnWorker } from '../../../lib/worker-thread.js';
import type { FormattedArticle } from './format-article.js';
import type { ReadingLevel } from './levels.js';
import type { GeneratedSubQuestion, OfflineOptions } from './offline/generate-offline.js';

export type LanguageRequest =
  | { op: 'format'; args: [html: string, level: ReadingLevel, glossary?: readonly string[]] }
  | { op: 'generate'; args: [article: string, options: OfflineOptions] };
export type LanguageCall = LanguageRequest & { id: number };
export interface LanguageAnswer {
  id: number;
  value?: unknown;
  /** An ApiError the work threw (an article too long, a count out of range): thrown again as one here. */
  apiError?: { code: ErrorCode; errmsg: string; fields?: FieldError[] };
  error?: string;
}

/**
 * How long the worker may go without answering while calls wait: one call's time limit, counted from when the worker
 * reaches it. Articles are bounded (article-limits.ts; the longest formats in well under a second), so only a fault
 * runs this long.
 */
export const LANGUAGE_CALL_MS = 60_000;
/** Calls waiting or running at most: a burst beyond it answers 503 rather than queueing minutes of work. */
export const LANGUAGE_QUEUE_MAX = 64;
export const LANGUAGE_BUSY_MESSAGE = '阅读服务繁忙，请稍后再试';
/** The worker's heap: compromise's model and one article's analysis fit many times over. */
const WORKER_HEAP_MB = 512;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (e: Error) => void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;
/** Armed while calls wait; re-armed by every answer. */
let watchdog: NodeJS.Timeout | undefined;

function arm(w: Worker): void {
  clearTimeout(watchdog);
  watchdog = undefined;
  if (pending.size === 0) return;
  watchdog = setTimeout(() => {
    lose(w, new Error(`reading language work took longer than ${LANGUAGE_CALL_MS} ms`));
    void w.terminate();
  }, LANGUAGE_CALL_MS);
  watchdog.unref();
}

/** Fails every pending call of the worker `w` once it is gone, and forgets it. */
function lose(w: Worker, e: Error): void {
  if (worker !== w) return;
  worker = null;
  clearTimeout(watchdog);
  watchdog = undefined;
  for (const p of pending.values()) p.reject(e);
  pending.clear();
}

function settle(w: Worker, a: LanguageAnswer): void {
  const p = pending.get(a.id);
  if (!p) return;
  pending.delete(a.id);
  arm(w);
  if (pending.size === 0) w.unref();
  if (a.apiError) p.reject(new ApiError(a.apiError.code, a.apiError.errmsg, { fields: a.apiError.fields }));
  else if (a.error !== undefined) p.reject(new Error(a.error));
  else p.resolve(a.value);
}

function start(): Worker {
  const w = spawnWorker(import.meta.url, 'language-worker', {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  w.on('message', (a: LanguageAnswer) => settle(w, a));
  w.on('error', (e) => lose(w, e));
  w.on('exit', (code) => lose(w, new Error(`reading language worker exited (${code})`)));
  return w;
}

function call<T>(request: LanguageRequest): Promise<T> {
  if (pending.size >= LANGUAGE_QUEUE_MAX) return Promise.reject(new ApiError('unavailable', LANGUAGE_BUSY_MESSAGE));
  const w = (worker ??= start());
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    if (pending.size === 1) arm(w);
    w.ref();
    w.postMessage({ ...request, id } satisfies LanguageCall);
  });
}

/** Ends the worker (its pending calls fail); the next call starts a new one. For shutdown and tests. */
export async function closeLanguageWorker(): Promise<void> {
  const w = worker;
  if (!w) return;
  lose(w, new Error('reading language worker closed'));
  await w.terminate();
}

/** format-article.ts's formatArticle in the language worker. */
export const formatArticleOffThread = (
  html: string,
  level: ReadingLevel,
  glossary?: readonly string[],
): Promise<FormattedArticle> => call({ op: 'format', args: [html, level, glossary] });

/** offline/generate-offline.ts's generateOffline in the language worker. */
export const generateOfflineOffThread = (article: string, options: OfflineOptions): Promise<GeneratedSubQuestion[]> =>
  call({ op: 'generate', args: [article, options] });
