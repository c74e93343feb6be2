// Which answers are worth compressing (docs/server.md "Compression"): the compression plugin applies these to
// every answer, and cached envelopes (cached-envelope.ts) to the bodies they compress once.

/** Answers under this size gain less than the header and CPU cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one call on the request's thread; larger ones through a compression
 * stream, whose set-up costs more than the work at these sizes (docs/server.md "Compression").
 */
export const COMPRESS_SYNC_MAX_BYTES = 128 * 1024;

/**
 * Brotli's quality and gzip's level for an answer compressed in one call on the request's thread: the fastest of
 * each. A 29.5 KB paper answer took 87 µs at brotli's quality 4 (1,595 bytes out) and 27 µs at 1 (2,055 bytes); a
 * class's paper answers went 17 % faster with it (docs/performance.md "Answers compressed at the fastest level").
 */
export const COMPRESS_SYNC_BROTLI_QUALITY = 1;
export const COMPRESS_SYNC_GZIP_LEVEL = 1;

/**
 * JSON (the envelope), text, JavaScript, CSS and SVG. Never octet-stream or the download types
 * (xlsx, zip, images are compressed already and recompressing only costs CPU), never event streams.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:json|javascript)|text\/(?!event-stream)[a-z-]+|image\/svg\+xml)(?:;|$)/u;
