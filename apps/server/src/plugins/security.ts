// Security headers (helmet) with a CSP the SPA and Swagger UI work under: scripts only from this
// origin; inline styles allowed because antd (CSS-in-JS) and Swagger UI inject them; data:/blob:
// images for uploads previews and charts.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(helmet, {
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
  },
  { name: 'edu-security' },
);
