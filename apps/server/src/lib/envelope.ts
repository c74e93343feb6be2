// Building the response envelope (docs/product.md §3, docs/domain.md "Wire format") for success and error answers.
import { ERRORS, type Envelope, type ErrorCode, type FieldError } from '@edu/contract';
import { serialiseSplicedWithin } from './json-fragment.js';
import { VERSION } from './version.js';

/** The envelope's module for calls that matched no route (unknown paths, malformed requests). */
export const FALLBACK_MODULE = 'general';

export function okEnvelope<T>(module: string, response: T, now: number): Envelope<T> {
  return { errno: 0, errmsg: '', error: '', serverTime: now, module, version: VERSION, response };
}

/** The content type of an envelope sent as text: Fastify's own for JSON. */
export const ENVELOPE_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * `okEnvelope`'s text for one module up to its response (the response and a closing `}` follow), its fixed fields
 * serialised once per module: per answer only `serverTime` is (docs/performance.md "The health route's cost"). The
 * envelope's last field is `response`, and `serverTime` stands before `module`, so both splice into a sample's text.
 */
function envelopeBefore(module: string): (now: number) => string {
  let before = befores.get(module);
  if (!before) {
    const sample = JSON.stringify(okEnvelope(module, null, 0));
    const at = sample.indexOf('"serverTime":0,') + '"serverTime":'.length;
    const head = sample.slice(0, at);
    const middle = sample.slice(at + 1, -'null}'.length);
    // The last text made, for the answers of the same millisecond: a time past 2^31 is not a small integer, and
    // writing it out (a double's shortest digits) cost each answer more than the rest of this text.
    let lastNow = NaN;
    let lastText = '';
    before = (now) => {
      if (now !== lastNow) lastText = `${head}${JSON.stringify((lastNow = now))}${middle}`;
      return lastText;
    };
    befores.set(module, before);
  }
  return before;
}

/** Per module (the contract's few), its envelope's text up to the response. */
const befores = new Map<string, (now: number) => string>();

/**
 * `JSON.stringify(okEnvelope(module, response, now))` for one module, made per answer around `envelopeBefore`'s text.
 * Undefined where that text would differ: an undefined response (the field left out), a time that is not a
 * finite number.
 */
export function okEnvelopeText(module: string): (response: unknown, now: number) => string | Buffer | undefined {
  const before = envelopeBefore(module);
  return (response, now) => {
    if (!Number.isFinite(now)) return undefined;
    // Arrays serialised once are put in as they are, and the answer is then their UTF-8 bytes and the rest's
    // (lib/json-fragment.ts).
    return serialiseSplicedWithin(response, before(now), '}');
  };
}

/** The same envelope as text around an already serialised response (lib/raw-json.ts). */
export function okEnvelopeJson(module: string, responseJson: string, now: number): string {
  return `${envelopeBefore(module)(now)}${responseJson}}`;
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
