// Response compression (docs/server.md "Compression"): brotli or gzip by Accept-Encoding for JSON and
// text answers of 1 KB and more. Registered before the routes (its onRoute hook decorates each route).
// Static assets are not compressed here: the build writes .br/.gz next to each one and the static plugin
// sends those (plugins/static.ts); an answer that already carries a Content-Encoding is left alone.
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import { COMPRESSIBLE_TYPES, COMPRESS_THRESHOLD_BYTES } from '../lib/compression.js';

export default fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      // Request bodies are never inflated: an upload or import is read as sent, within the body limit.
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      customTypes: COMPRESSIBLE_TYPES,
      // Quality 4: a 600 KB answer compresses in a few ms; 11 (zlib's default) takes seconds.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'edu-compression' },
);
