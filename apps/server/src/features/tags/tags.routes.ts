// Routes of tags (admin/tag/list): list, create, rename, merge, delete.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function tagsRoutes(app: FastifyInstance) {
  const { tags } = app.services;
  registerApi(app, API.tagList, ({ agencyId }) => tags.list(agencyId!));
  registerApi(app, API.tagCreate, ({ agencyId, body }) => tags.create(agencyId!, body.request.name));
  registerApi(app, API.tagRename, ({ agencyId, params, body }) => tags.rename(agencyId!, params.id, body.request.name));
  registerApi(app, API.tagMerge, ({ agencyId, params, body }) => tags.merge(agencyId!, params.id, body.request.into));
  registerApi(app, API.tagDelete, ({ agencyId, params }) => tags.remove(agencyId!, params.id));
}
