// Typed calls built from the contract's API table: `call(API.kpRename, { params: { id }, body: { request } })`.
// Routes that answer a file (`rawResponse`) resolve with the DownloadedFile instead of an envelope's response.
import type { z } from 'zod';
import type { ApiRoute } from '@edu/contract';
import type { DownloadedFile, HttpClient, QueryValue } from './client';

type ParamsArg<R> = R extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : { params?: undefined };
type QueryArg<R> = R extends { query: infer Q extends z.ZodType }
  ? { query?: Partial<z.input<Q>> }
  : { query?: undefined };
type BodyArg<R> = R extends { rawBody: true }
  ? { raw: Blob }
  : R extends { body: infer B extends z.ZodType }
    ? { body: z.input<B> }
    : { body?: undefined };

export type CallArgs<R extends ApiRoute> = ParamsArg<R> & QueryArg<R> & BodyArg<R>;
export type CallResult<R extends ApiRoute> = R extends { rawResponse: true } ? DownloadedFile : z.infer<R['response']>;

type NeedsArgs<R extends ApiRoute> = R extends { params: z.ZodType } | { body: z.ZodType } | { rawBody: true }
  ? true
  : false;
export type CallRest<R extends ApiRoute> = NeedsArgs<R> extends true ? [args: CallArgs<R>] : [args?: CallArgs<R>];

export type Call = <R extends ApiRoute>(route: R, ...rest: CallRest<R>) => Promise<CallResult<R>>;

/** A value that can stand for a `:name` segment of a path. */
export type PathValue = string | number | boolean | null | undefined;

/** `/v1/agency/:id` with `{ id: 'a b' }` → `/v1/agency/a%20b`. A missing parameter is a programming error. */
export function fillPath(path: string, params: Record<string, PathValue> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

export function createCall(client: HttpClient, options: { sessionAware?: (route: ApiRoute) => boolean } = {}): Call {
  return <R extends ApiRoute>(route: R, ...rest: CallRest<R>) => {
    const args = (rest[0] ?? {}) as {
      params?: Record<string, PathValue>;
      query?: Record<string, QueryValue>;
      body?: unknown;
      raw?: Blob;
    };
    const request = {
      method: route.method,
      path: fillPath(route.path, args.params),
      query: args.query,
      json: args.body,
      raw: args.raw,
      sessionAware: options.sessionAware ? options.sessionAware(route) : true,
    };
    if (route.rawResponse) return client.download(request) as Promise<CallResult<R>>;
    return client.request<CallResult<R>>(request);
  };
}
