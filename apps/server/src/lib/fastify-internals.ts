// Two of Fastify's internal symbols, read off its own module, for the request path's two shortcuts past its public
// API (docs/performance.md "The reply's headers and the handler's promise"). Each is undefined if a Fastify release no
// longer has it, and its user then goes the public way; api-rule.test.ts and security.test.ts check that, with the
// Fastify this app pins, both are there and taken.
import { createRequire } from 'node:module';

const symbols = createRequire(import.meta.url)('fastify/lib/symbols.js') as Record<string, unknown>;
const symbolOf = (name: string): symbol | undefined => {
  const value = symbols[name];
  return typeof value === 'symbol' ? value : undefined;
};

/** A reply's table of headers (`reply.header` writes it; Fastify hands it to Node's `writeHead`). */
export const kReplyHeaders = symbolOf('kReplyHeaders');
/** A request's route context, whose `config` is the one `request.routeOptions.config` hands out. */
export const kRouteContext = symbolOf('kRouteContext');
