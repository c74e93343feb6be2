// Routes of the store (docs/store.md): the agency's listing and previews, the platform admin's listing,
// previews, withdrawal and restoring.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function storeRoutes(app: FastifyInstance) {
  const { store } = app.services;
  registerApi(app, API.storeList, ({ agencyId, query }) => store.list(agencyId!, query));
  registerApi(app, API.storeQuestions, ({ agencyId, params, query }) => store.questions(agencyId, params.id, query));
  registerApi(app, API.storeSchemes, ({ agencyId, params, query }) => store.schemes(agencyId, params.id, query));
  registerApi(app, API.storeAdminList, ({ query }) => store.adminList(query));
  registerApi(app, API.storeAdminQuestions, ({ params, query }) => store.questions(null, params.id, query));
  registerApi(app, API.storeAdminSchemes, ({ params, query }) => store.schemes(null, params.id, query));
  registerApi(app, API.storeWithdraw, ({ params, body, user }) =>
    store.withdraw(params.kind, params.id, body.request.reason, user().id),
  );
  registerApi(app, API.storeRestore, ({ params }) => store.restore(params.kind, params.id));
}
