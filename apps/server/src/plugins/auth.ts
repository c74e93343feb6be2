// Bearer token → request.user. Only routes that are not public look the token up, so public
// routes (health, grades, login) never touch the token table.
import fp from 'fastify-plugin';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    // Last-seen writes do not hold requests up (auth.service.ts): they land before the database closes.
    app.addHook('onClose', () => app.services.auth.drain());
    app.addHook('onRequest', async (request) => {
      const api = request.routeOptions.config.api;
      if (!api || api.access.kind === 'public') return;
      const m = BEARER.exec(request.headers.authorization ?? '');
      // A missing, malformed, unknown, revoked or expired token all leave a visitor; the access
      // plugin answers 401 where the route needs a login.
      request.user = m ? await app.services.auth.authenticate(m[1]) : null;
    });
  },
  { name: 'edu-auth', dependencies: ['edu-envelope'] },
);
