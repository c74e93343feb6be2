// Which answers are worth compressing (docs/server.md "Compression"): the compression plugin applies these to
// every answer, and cached envelopes (cached-envelope.ts) to the bodies they compress once.

/** Answers under this size gain less than the header and CPU cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * JSON (the envelope), text, JavaScript, CSS and SVG. Never octet-stream or the download types
 * (xlsx, zip, images are compressed already and recompressing only costs CPU), never event streams.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:json|javascript)|text\/(?!event-stream)[a-z-]+|image\/svg\+xml)(?:;|$)/u;
