// Security headers (helmet) with a CSP the SPA and Swagger UI work under: scripts only from this
// origin; inline styles allowed because antd (CSS-in-JS) and Swagger UI inject them; data:/blob:
// images for uploads previews and charts. The API's JSON answers carry a short set of their own (`apiHeaders`).
//
// helmet decides the headers; with this configuration they are the same for every request (no route needs
// per-route options or CSP nonces), so helmet runs once, at start, on a recording response, and each request
// only copies the recorded headers onto its reply. (@fastify/helmet built helmet's middleware again on every request —
// parsing the CSP directives each time —, about a tenth of a millisecond; running the built middleware per
// request still cost 20–30 µs.)
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { apiRuleOf } from '../lib/api-rule.js';
import { kReplyHeaders } from '../lib/fastify-internals.js';

/** helmet's middleware with the product's configuration (exported for the test that checks the recording). */
export const middleware = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
      // No upgrade-insecure-requests: the product is often run over plain HTTP on a LAN address.
    },
  },
  // Ignored by browsers over HTTP; over HTTPS it should not force HTTPS on unrelated subdomains.
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
});

/** The headers helmet sets (name → value) and the ones it removes, read off one run of its middleware. */
export function recordHeaders(): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => {
      set.delete(name);
      removed.push(name);
    },
  };
  let ran = false;
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet failed');
    ran = true;
  });
  // helmet's middleware is synchronous; a version that is not would leave requests without the headers.
  if (!ran) throw new Error('helmet did not finish synchronously');
  return { set: [...set], removed };
}

/**
 * The headers of an API route's JSON answer, which is never a document: no sniffing it into one, no framing it,
 * no reading it from another origin's page, HTTPS only once seen over it (helmet's own values). Helmet's other
 * headers (the SPA's CSP, COOP, origin-agent-cluster, …) govern pages and were three quarters of every answer's
 * header bytes (docs/decisions.md "Security headers"). Where the CSP applies at all, this one allows less. Made as a
 * function of no arguments that builds them as one object literal, a new one a call: a request's reply takes it as its
 * table of headers (`takeHeaderTable`).
 */
export function apiHeaders(page: Record<string, string>): () => Record<string, string> {
  const corp = page['cross-origin-resource-policy'];
  const hsts = page['strict-transport-security'];
  const nosniff = page['x-content-type-options'];
  return () => ({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': corp,
    'strict-transport-security': hsts,
    'x-content-type-options': nosniff,
    'x-frame-options': 'DENY',
  });
}

type HeaderTable = Record<string, unknown>;
type WithTable = Record<symbol, HeaderTable | undefined>;

function isEmpty(table: HeaderTable): boolean {
  for (const _ in table) return false;
  return true;
}

/**
 * Makes `fresh` (a new object, lower-case names) the reply's table of headers; false, changing nothing, where the
 * table already holds a header or Fastify has none. At this, the first hook of every request, the table is still
 * empty. `reply.headers` would lower-case each name and store it by a keyed store that has seen every table's shape;
 * an object literal is made in one step (docs/performance.md "The reply's headers and the handler's promise").
 */
export function takeHeaderTable(reply: FastifyReply, fresh: HeaderTable): boolean {
  if (!kReplyHeaders) return false;
  const table = (reply as unknown as WithTable)[kReplyHeaders];
  if (typeof table !== 'object' || table === null || !isEmpty(table)) return false;
  (reply as unknown as WithTable)[kReplyHeaders] = fresh;
  return true;
}

export default fp(
  async (app) => {
    const { set, removed } = recordHeaders();
    // Set on the reply, which hands them to Node in one writeHead with its own: cheaper than a setHeader each on the
    // raw response (docs/performance.md "Request path").
    const headers = Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value]));
    const apiTable = apiHeaders(headers);
    app.addHook('onRequest', (request, reply, done) => {
      // An API route answering the envelope gets the API's headers; pages, files, downloads and unknown paths helmet's.
      const rule = apiRuleOf(request);
      if (rule === null || rule.rawResponse === true) reply.headers(headers);
      else {
        const table = apiTable();
        if (!takeHeaderTable(reply, table)) reply.headers(table);
      }
      const raw = reply.raw;
      for (let i = 0; i < removed.length; i++) if (raw.hasHeader(removed[i])) raw.removeHeader(removed[i]);
      done();
    });
  },
  { name: 'edu-security' },
);
