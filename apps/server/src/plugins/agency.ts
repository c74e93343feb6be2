// Agency context (docs/architecture.md §4): routes whose rule needs an agency take it from the X-Agency-Id
// header, and only when the user may act in it (docs/domain.md "Agencies, users, roles").
import { AGENCY_ID_RE, needsAgency } from '@edu/contract';
import fp from 'fastify-plugin';
import { agencyHeader, optionalAgencyOf } from '../lib/agency-context.js';
import { forbidden, invalidField } from '../lib/api-error.js';

export default fp(
  async (app) => {
    app.decorateRequest('agencyId', null);
    app.addHook('onRequest', async (request) => {
      const api = request.routeOptions.config.api;
      if (!api || api.access.kind === 'public') return;
      // Without a user the access plugin answers 401; the agency is only checked for a known user.
      if (!request.user) return;
      // A route with its own check serves public records to anyone: the agency only widens what staff see
      // there, so a header naming an agency the user cannot act in is ignored rather than refused.
      if (api.access.kind === 'ownCheck') {
        request.agencyId = await optionalAgencyOf(app, request);
        return;
      }
      if (!needsAgency(api.access)) return;
      const id = agencyHeader(request);
      if (!id) throw invalidField('X-Agency-Id', '缺少请求头 X-Agency-Id（当前机构）');
      if (!AGENCY_ID_RE.test(id)) throw invalidField('X-Agency-Id', '请求头 X-Agency-Id 不是有效的机构标识');
      // An unknown agency answers 403 like a foreign one: the caller learns nothing about which exist.
      if (!(await app.services.agency.mayActIn(request.user, id))) throw forbidden('你无权在该机构中操作');
      request.agencyId = id;
    });
  },
  { name: 'edu-agency', dependencies: ['edu-auth'] },
);
