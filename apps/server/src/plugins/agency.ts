// Agency context (docs/architecture.md §4): routes whose rule needs an agency take it from the X-Agency-Id
// header, and only when the user may act in it (docs/domain.md "Agencies, users, roles").
import { AGENCY_ID_RE, needsAgency } from '@edu/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from '../lib/auth-user.js';
import { agencyHeader, optionalAgencyOf } from '../lib/agency-context.js';
import { apiRuleOf } from '../lib/api-rule.js';
import { forbidden, invalidField } from '../lib/api-error.js';

export default fp(
  async (app) => {
    app.decorateRequest('agencyId', null);
    /** The agency in context of a request whose route needs one, for the known user. */
    const agencyOf = async (request: FastifyRequest, user: AuthUser, ownCheck: boolean): Promise<string | null> => {
      // A route with its own check serves public records to anyone: the agency only widens what staff see
      // there, so a header naming an agency the user cannot act in is ignored rather than refused.
      if (ownCheck) return optionalAgencyOf(app, request);
      const id = agencyHeader(request);
      if (!id) throw invalidField('X-Agency-Id', '缺少请求头 X-Agency-Id（当前机构）');
      if (!AGENCY_ID_RE.test(id)) throw invalidField('X-Agency-Id', '请求头 X-Agency-Id 不是有效的机构标识');
      // An unknown agency answers 403 like a foreign one: the caller learns nothing about which exist.
      if (!(await app.services.agency.mayActIn(user, id))) throw forbidden('你无权在该机构中操作');
      return id;
    };
    // A callback hook: routes without an agency pass without a promise (plugins/envelope.ts).
    app.addHook('onRequest', (request, _reply, done) => {
      const api = apiRuleOf(request);
      // Without a user the access plugin answers 401; the agency is only checked for a known user.
      const user = request.user;
      if (!api || api.access.kind === 'public' || !user) return done();
      const ownCheck = api.access.kind === 'ownCheck';
      if (!ownCheck && !needsAgency(api.access)) return done();
      agencyOf(request, user, ownCheck).then((id) => {
        request.agencyId = id;
        done();
      }, done);
    });
  },
  { name: 'edu-agency', dependencies: ['edu-auth'] },
);
