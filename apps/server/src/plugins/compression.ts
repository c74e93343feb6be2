// Response compression (docs/server.md "Compression"): brotli or gzip by Accept-Encoding for JSON and
// text answers of 1 KB and more. Registered before the routes (its onRoute hook decorates each route).
// Static assets are not compressed here: the build writes .br/.gz next to each one and the static plugin
// sends those (plugins/static.ts); an answer that already carries a Content-Encoding is left alone.
import zlib, { constants, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  COMPRESSIBLE_TYPES,
  COMPRESS_SYNC_BROTLI_QUALITY,
  COMPRESS_SYNC_GZIP_LEVEL,
  COMPRESS_SYNC_MAX_BYTES,
  COMPRESS_THRESHOLD_BYTES,
} from '../lib/compression.js';

/**
 * A string this short is under the threshold in UTF-8 too: a UTF-16 unit takes at most 3 bytes (a surrogate pair's
 * two units take 4).
 */
const SURELY_SMALL_STRING = Math.ceil(COMPRESS_THRESHOLD_BYTES / 3);

/** A route's onSend hook, as Fastify's route options hold it: a callback or a promise. */
type SendHook = (this: FastifyInstance, ...args: Parameters<onSendHookHandler>) => void | Promise<unknown>;

type Hooks<H> = H | H[] | undefined;
const asList = <H>(hooks: Hooks<H>): H[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * @fastify/compress's onSend with the threshold checked first. Its own hook reads the reply's headers, tests the
 * content type and negotiates the encoding before it compares the size, a microsecond on every small answer — most
 * answers of the API (docs/performance.md "Compression's hooks on small answers"). For a string or Buffer under
 * the threshold its answer is always the payload unchanged, so that is answered here without it.
 */
export function smallAnswersFirst(compress: SendHook): SendHook {
  return function sendSmallAsIs(request, reply, payload, done) {
    if (
      typeof payload === 'string'
        ? payload.length < SURELY_SMALL_STRING
        : Buffer.isBuffer(payload) && payload.length < COMPRESS_THRESHOLD_BYTES
    )
      return done(null, payload);
    return compress.call(this, request, reply, payload, done);
  };
}

/**
 * Node's zlib as @fastify/compress uses it, but the one-call compressions (answers up to COMPRESS_SYNC_MAX_BYTES, on
 * the request's thread) at their fastest level, and brotli's told the answer's size (BROTLI_PARAM_SIZE_HINT): the
 * encoder then sizes its window and buffers to the answer instead of allocating them for a stream of any length,
 * 259 against 803 µs for a 29 KB answer measured (docs/performance.md "Compressed answers"). Streams (larger
 * answers, libuv's threadpool) keep the plugin's quality and level.
 */
export const sizeHintedZlib = {
  createBrotliCompress: zlib.createBrotliCompress,
  createGzip: zlib.createGzip,
  createDeflate: zlib.createDeflate,
  gzipSync: (payload: Buffer, options: ZlibOptions = {}) =>
    zlib.gzipSync(payload, { ...options, level: COMPRESS_SYNC_GZIP_LEVEL }),
  deflateSync: (payload: Buffer, options: ZlibOptions = {}) =>
    zlib.deflateSync(payload, { ...options, level: COMPRESS_SYNC_GZIP_LEVEL }),
  brotliCompressSync: (payload: Buffer, options: BrotliOptions = {}) =>
    zlib.brotliCompressSync(payload, {
      ...options,
      params: {
        ...options.params,
        [constants.BROTLI_PARAM_QUALITY]: COMPRESS_SYNC_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: payload.length,
      },
    }),
};

export default fp(
  async (app) => {
    // What each route's hook lists held before @fastify/compress's onRoute hook added to them (below).
    const before = new WeakMap<RouteOptions, { onRequest: number; onSend: number }>();
    app.addHook('onRoute', (route) => {
      before.set(route, { onRequest: asList(route.onRequest).length, onSend: asList(route.onSend).length });
    });
    await app.register(fastifyCompress, {
      global: true,
      // Request bodies are never inflated: an upload or import is read as sent, within the body limit.
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      customTypes: COMPRESSIBLE_TYPES,
      // For the streamed answers (larger than COMPRESS_SYNC_MAX_BYTES; one-call ones: sizeHintedZlib). Quality 4: a
      // 600 KB answer compresses in a few ms; 11 (zlib's default) takes seconds.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
      // Answers up to COMPRESS_SYNC_MAX_BYTES in one call on the request's thread, larger ones through a stream
      // (libuv's threadpool): the library's default on two cores streams from 8 KB, and a stream per answer cost a
      // 29 KB paper answer 1.2 ms of CPU against 0.26 ms in one call.
      syncThreshold: COMPRESS_SYNC_MAX_BYTES,
      zlib: sizeHintedZlib,
    });
    // onRoute hooks run in the order they were added, so here a route holds what @fastify/compress added to it:
    // one onRequest hook that only puts `reply.compress` on the reply (nothing of ours calls it: it stays null) and
    // one onSend hook, which gets the threshold checked first.
    app.addHook('onRoute', (route) => {
      const was = before.get(route);
      if (!was) return;
      const onRequest = asList(route.onRequest);
      const onSend = asList(route.onSend);
      if (onRequest.length !== was.onRequest + 1 || onSend.length !== was.onSend + 1) return;
      route.onRequest = onRequest.slice(0, was.onRequest);
      route.onSend = [...onSend.slice(0, was.onSend), smallAnswersFirst(onSend[was.onSend])];
    });
  },
  { name: 'edu-compression' },
);
