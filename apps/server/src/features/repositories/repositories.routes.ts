// Routes of question repositories: the agency's own, the store of shared ones, subscriptions.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function repositoriesRoutes(app: FastifyInstance) {
  const { repositories } = app.services;
  registerApi(app, API.repoList, ({ agencyId, query }) => repositories.list(agencyId!, query));
  registerApi(app, API.repoStore, ({ agencyId, query }) => repositories.store(agencyId!, query));
  registerApi(app, API.repoGet, ({ agencyId, params }) => repositories.get(agencyId!, params.id));
  registerApi(app, API.repoCreate, ({ agencyId, body }) => repositories.create(agencyId!, body.request));
  registerApi(app, API.repoUpdate, ({ agencyId, params, body }) =>
    repositories.update(agencyId!, params.id, body.request),
  );
  registerApi(app, API.repoDelete, ({ agencyId, params }) => repositories.remove(agencyId!, params.id));
  registerApi(app, API.repoSubscribe, ({ agencyId, params }) => repositories.subscribe(agencyId!, params.id));
  registerApi(app, API.repoUnsubscribe, ({ agencyId, params }) => repositories.unsubscribe(agencyId!, params.id));
}
