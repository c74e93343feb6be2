// Bearer token → request.user. Only routes that are not public look the token up, so public
// routes (health, grades, login) never touch the token table.
import fp from 'fastify-plugin';
import { apiRuleOf } from '../lib/api-rule.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    // Last-seen writes do not hold requests up (auth.service.ts): they land before the database closes.
    app.addHook('onClose', () => app.services.auth.drain());
    // A callback hook: routes that need no login pass without a promise (plugins/envelope.ts).
    app.addHook('onRequest', (request, _reply, done) => {
      const api = apiRuleOf(request);
      if (!api || api.access.kind === 'public') return done();
      const m = BEARER.exec(request.headers.authorization ?? '');
      // A missing, malformed, unknown, revoked or expired token all leave a visitor; the access
      // plugin answers 401 where the route needs a login.
      if (!m) return done();
      app.services.auth.authenticate(m[1]).then((user) => {
        request.user = user;
        done();
      }, done);
    });
  },
  { name: 'edu-auth', dependencies: ['edu-envelope'] },
);
