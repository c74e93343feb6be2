// The one HTTP client of docs/product.md §7/§8: envelope handling, 401 → logout, bearer and agency headers, timeout.
import type { Envelope } from '@edu/contract';
import { filenameFromDisposition } from './download';
import { API_TEXTS } from './texts';

export const HTTP_TIMEOUT_MS = 120_000;

/** Why a call failed without an envelope to show. Its message is always 请求失败. */
export type RequestFailureKind = 'network' | 'timeout' | 'no-body' | 'not-json' | 'not-envelope';

export class RequestFailure extends Error {
  constructor(
    readonly kind: RequestFailureKind,
    readonly status?: number,
  ) {
    super(API_TEXTS.requestFailed);
    this.name = 'RequestFailure';
  }
}

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method: HttpMethod;
  /** Path below the origin, e.g. `/v1/agencies`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Serialised as JSON. */
  json?: unknown;
  /** Sent as is (file upload); its type becomes the Content-Type. */
  raw?: Blob;
  /**
   * When false a 401 is only rejected, without 请重新登录 and logout. Used by the login call itself,
   * whose 401 means "wrong credentials", not "session lost".
   */
  sessionAware?: boolean;
}

export interface HttpClientDeps {
  fetch?: typeof fetch;
  /** Prepended to every path; empty for the same origin. */
  baseUrl?: string;
  timeoutMs?: number;
  getToken: () => string | null | undefined;
  getAgencyId: () => string | null | undefined;
  /** Clears the user state (logout) after a 401. */
  onUnauthorized: () => void;
  /** Shows a short message to the person (antd message in the app). */
  notify: (text: string) => void;
}

/** A file answered instead of an envelope (exports, templates). */
export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition` (`filename*` first), or null without one. */
  filename: string | null;
  headers: Headers;
}

export interface HttpClient {
  request<T>(options: RequestOptions): Promise<T>;
  /** For calls that answer a file: resolves with its bytes; an envelope answer is handled like `request`'s. */
  download(options: RequestOptions): Promise<DownloadedFile>;
}

export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { errno?: unknown }).errno === 'number';
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const timeoutMs = deps.timeoutMs ?? HTTP_TIMEOUT_MS;

  function unauthorized(options: RequestOptions): void {
    if (options.sessionAware === false) return;
    deps.notify(API_TEXTS.loginAgain);
    deps.onUnauthorized();
  }

  /** Sends the call; `read` takes the body while the timeout still runs (a slow body is a timeout too). */
  async function send<B>(options: RequestOptions, read: (res: Response) => Promise<B>): Promise<[Response, B]> {
    const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const agencyId = deps.getAgencyId();
    if (agencyId) headers['X-Agency-Id'] = agencyId;
    let body: BodyInit | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers['Content-Type'] = options.raw.type || 'application/octet-stream';
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['Content-Type'] = 'application/json';
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);

    try {
      const res = await doFetch(buildUrl(deps.baseUrl ?? '', options.path, options.query), {
        method: options.method,
        headers,
        body,
        credentials: 'omit',
        signal: controller.signal,
      });
      return [res, await read(res)];
    } catch {
      throw new RequestFailure(timedOut ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
  }

  /** Reads an answer that should be the envelope: resolves with `response`, else rejects per docs/product.md §8. */
  function settle<T>(options: RequestOptions, res: Response, text: string): T {
    let parsed: unknown;
    let failure: RequestFailureKind | null = null;
    if (text.trim() === '') failure = 'no-body';
    else {
      try {
        parsed = JSON.parse(text);
        if (!isEnvelope(parsed)) failure = 'not-envelope';
      } catch {
        failure = 'not-json';
      }
    }

    const lostSession = res.status === 401 || (isEnvelope(parsed) && parsed.errno === 401);
    if (lostSession) unauthorized(options);
    // Without an envelope `failure` says why (it is set exactly when the body is no envelope).
    if (!isEnvelope(parsed)) throw new RequestFailure(failure ?? 'not-envelope', res.status);
    if (lostSession || parsed.errno !== 0) {
      // docs/product.md §8: a call answered with errno ≠ 0 (or a 401) rejects with the response body itself, the
      // envelope — errorText and isEnvelopeError read it — so the thrown value is deliberately no Error.
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the spec requires rejecting with the envelope
      throw parsed;
    }
    return parsed.response as T;
  }

  async function request<T>(options: RequestOptions): Promise<T> {
    const [res, text] = await send(options, (r) => r.text());
    return settle<T>(options, res, text);
  }

  const isFile = (res: Response) => res.ok && !/json/i.test(res.headers.get('Content-Type') ?? '');

  async function download(options: RequestOptions): Promise<DownloadedFile> {
    const [res, content] = await send<Blob | string>(options, (r) => (isFile(r) ? r.blob() : r.text()));
    if (typeof content === 'string') {
      // An envelope instead of the file: an error (rejects), or a success that carries no file.
      settle<unknown>(options, res, content);
      throw new RequestFailure('not-envelope', res.status);
    }
    return {
      blob: content,
      filename: filenameFromDisposition(res.headers.get('Content-Disposition')),
      headers: res.headers,
    };
  }

  return { request, download };
}

/** A message a person can read for any rejection of the client. */
export function errorText(error: unknown): string {
  if (isEnvelope(error)) return error.errmsg || API_TEXTS.requestFailed;
  if (error instanceof Error && error.message) return error.message;
  return API_TEXTS.requestFailed;
}

/** True when the rejection is an envelope with this errno. */
export function isEnvelopeError(error: unknown, errno: number): boolean {
  return isEnvelope(error) && error.errno === errno;
}
