// Security headers (helmet) with a CSP the SPA and Swagger UI work under: scripts only from this
// origin; inline styles allowed because antd (CSS-in-JS) and Swagger UI inject them; data:/blob:
// images for uploads previews and charts.
//
// helmet's middleware is built once here and run on every request. (@fastify/helmet builds it again on
// every request — parsing the CSP directives each time —, about a tenth of a millisecond per request: most of
// what a cheap API call costs besides the HTTP stack. No route needs per-route options or CSP nonces.)
import fp from 'fastify-plugin';
import helmet from 'helmet';

const applyHeaders = helmet({
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

export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
    });
  },
  { name: 'edu-security' },
);
