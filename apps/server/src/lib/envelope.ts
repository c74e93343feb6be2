// Building the response envelope (docs/product.md §3, docs/domain.md "Wire format") for success and error answers.
import { ERRORS, type Envelope, type ErrorCode, type FieldError } from '@edu/contract';
import { VERSION } from './version.js';

/** The envelope's module for calls that matched no route (unknown paths, malformed requests). */
export const FALLBACK_MODULE = 'general';

export function okEnvelope<T>(module: string, response: T, now: number): Envelope<T> {
  return { errno: 0, errmsg: '', error: '', serverTime: now, module, version: VERSION, response };
}

/** The same envelope as text around an already serialised response (lib/raw-json.ts). */
export function okEnvelopeJson(module: string, responseJson: string, now: number): string {
  const head = JSON.stringify(okEnvelope(module, null, now));
  // The envelope's last field is `response`: swap its `null` for the serialised one.
  return `${head.slice(0, -'null}'.length)}${responseJson}}`;
}

export function errorEnvelope(
  module: string,
  code: ErrorCode,
  now: number,
  errmsg?: string,
  fields?: FieldError[],
): Envelope<{ fields: FieldError[] } | null> {
  const e = ERRORS[code];
  return {
    errno: e.errno,
    errmsg: errmsg ?? e.errmsg,
    error: e.error,
    serverTime: now,
    module,
    version: VERSION,
    // docs/domain.md "Wire format": on errno 400 the response is always { fields: [...] }.
    response: code === 'invalid_input' ? { fields: fields ?? [] } : null,
  };
}

/** True for paths of the API (`/v1` and below), which always answer the envelope. */
export const isApiPath = (url: string) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
