// The API's guard: every /v1 route must have a rule in the contract's API_ROUTE_TABLE (else the app
// does not build), and every request is checked against that rule before its handler runs.
// All guards run at onRequest (auth → agency → access), before the body is even read: a visitor
// cannot make the server parse a 2 MB upload, and 401/403 win over 400 for malformed bodies.
import { API_ROUTE_TABLE, routeKey, satisfies, type ApiRoute } from '@edu/contract';
import fp from 'fastify-plugin';
import { forbidden, loginRequired } from '../lib/api-error.js';
import { apiRuleOf, guardedRule } from '../lib/api-rule.js';
import { isApiPath } from '../lib/envelope.js';

export const MUST_CHANGE_PASSWORD = '请先修改初始密码';

/** The rule for a route about to be registered; HEAD routes share their GET's rule. */
export function ruleFor(method: string, url: string): ApiRoute {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method;
  const rule = API_ROUTE_TABLE.get(routeKey(m, url));
  if (!rule)
    throw new Error(`route ${method.toUpperCase()} ${url} has no access rule in API_ROUTE_TABLE (@edu/contract)`);
  return rule;
}

export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const rules = methods.map((m) => ruleFor(m, route.url));
      route.config = { ...route.config, api: guardedRule(rules[0]) };
    });

    app.decorateRequest('rulePassed', false);
    // Synchronous: a callback hook, no promise a request (plugins/envelope.ts).
    app.addHook('onRequest', (request, _reply, done) => {
      const api = apiRuleOf(request);
      const access = api?.access;
      if (!api || !access || access.kind === 'public') return done();
      const user = request.user;
      // The route's own check (a route-level onRequest hook, run after this one) decides; it learns
      // whether the user passes the rule's roles in the agency in context. A user who must first change
      // the password never passes them: such a user gets only what the route gives anyone.
      if (access.kind === 'ownCheck') {
        request.rulePassed =
          user !== null && !user.mustChangePassword && satisfies(user.roles, access.roles, request.agencyId);
        return done();
      }
      if (!user) return done(loginRequired());
      // A user who must change the initial password can only do that (and read or end the session).
      if (user.mustChangePassword && api.module !== 'auth') return done(forbidden(MUST_CHANGE_PASSWORD));
      if (access.kind === 'roles' && !satisfies(user.roles, access.roles, request.agencyId)) return done(forbidden());
      done();
    });
  },
  { name: 'edu-access', dependencies: ['edu-auth', 'edu-agency'] },
);
