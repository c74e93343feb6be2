// A whole envelope kept for reuse, for hot reads that change rarely (docs/server.md "Cached answers"): the
// body is serialised once and compressed at most once per encoding, instead of per request as the
// compression plugin would; it carries a strong ETag, and a request whose If-None-Match names it answers 304
// with no body. Its `serverTime` is the time it was built (the web reads no clock from such answers).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';
import { okEnvelopeJson } from './envelope.js';

type Encoding = 'br' | 'gzip';
const ENCODE: Record<Encoding, (b: Buffer) => Buffer> = {
  // Once per change of the data: the best quality pays for itself on the first few transfers.
  br: (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (b) => gzipSync(b, { level: 9 }),
};

/** The encoding to send for an Accept-Encoding header: br, then gzip, unless refused with q=0. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Whether an If-None-Match header names `etag` (`*`, a list, weak forms compared weakly as RFC 9110 says). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
}

export class CachedEnvelope {
  private readonly body: Buffer;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(
    module: string,
    responseJson: string,
    builtAt: number,
    readonly etag: string,
  ) {
    this.body = Buffer.from(okEnvelopeJson(module, responseJson, builtAt));
  }

  /** The bytes for a client accepting `acceptEncoding`, compressed on first use of each encoding. */
  bytesFor(acceptEncoding: string | undefined): { encoding: Encoding | null; bytes: Buffer } {
    const encoding = this.body.length < COMPRESS_THRESHOLD_BYTES ? null : preferredEncoding(acceptEncoding);
    if (!encoding) return { encoding, bytes: this.body };
    let bytes = this.encoded.get(encoding);
    if (!bytes) this.encoded.set(encoding, (bytes = ENCODE[encoding](this.body)));
    return { encoding, bytes };
  }

  /** Answers the request: 304 when its If-None-Match names the ETag, else the body in the best encoding. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    // Behind a login, so private; revalidated on every use, which costs a 304 when nothing changed.
    reply.header('etag', this.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
    if (etagMatches(request.headers['if-none-match'], this.etag)) return reply.code(304).send();
    const { encoding, bytes } = this.bytesFor(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(bytes);
  }
}
