// Routes of practice schemes (docs/product.md §7: /v1/train/control/schemes…, /v1/train/scheme…) and train repositories.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function schemesRoutes(app: FastifyInstance) {
  const { schemes, trainRepos } = app.services;
  registerApi(app, API.schemeList, ({ agencyId, query }) => schemes.list(agencyId!, query));
  registerApi(app, API.schemeListByMe, ({ agencyId, query, user }) => schemes.list(agencyId!, query, user().id));
  registerApi(app, API.schemeGet, ({ agencyId, params }) => schemes.get(agencyId!, params.id));
  registerApi(app, API.schemeCreate, ({ agencyId, body, user }) => schemes.create(agencyId!, user().id, body.request));
  registerApi(app, API.schemeUpdate, ({ agencyId, params, body }) =>
    schemes.update(agencyId!, params.id, body.request),
  );
  registerApi(app, API.schemeOn, ({ agencyId, params }) => schemes.setStatus(agencyId!, params.id, 'on'));
  registerApi(app, API.schemeOff, ({ agencyId, params }) => schemes.setStatus(agencyId!, params.id, 'off'));
  registerApi(app, API.schemeRelease, ({ agencyId, params }) => schemes.release(agencyId!, params.id));
  registerApi(app, API.schemeOrderedSubmit, ({ agencyId, body, user }) =>
    schemes.submitPaper(agencyId!, user().id, body.request),
  );

  registerApi(app, API.trainRepoList, ({ agencyId, query }) => trainRepos.list(agencyId!, query));
  registerApi(app, API.trainRepoStore, ({ agencyId, query }) => trainRepos.store(agencyId!, query));
  registerApi(app, API.trainRepoGet, ({ agencyId, params }) => trainRepos.get(agencyId!, params.id));
  registerApi(app, API.trainRepoCreate, ({ agencyId, body }) => trainRepos.create(agencyId!, body.request));
  registerApi(app, API.trainRepoUpdate, ({ agencyId, params, body }) =>
    trainRepos.update(agencyId!, params.id, body.request),
  );
  registerApi(app, API.trainRepoDelete, ({ agencyId, params }) => trainRepos.remove(agencyId!, params.id));
  registerApi(app, API.trainRepoSubscribe, ({ agencyId, params }) => trainRepos.subscribe(agencyId!, params.id));
  registerApi(app, API.trainRepoUnsubscribe, ({ agencyId, params }) => trainRepos.unsubscribe(agencyId!, params.id));
}
