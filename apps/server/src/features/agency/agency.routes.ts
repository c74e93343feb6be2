// Routes of the agency module: the platform admin's agency management (and its admins) and the public profile.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function agencyRoutes(app: FastifyInstance) {
  const { agency, agencyAdmins } = app.services;
  registerApi(app, API.agencyList, ({ query }) => agency.list(query));
  registerApi(app, API.agencyGet, ({ params }) => agency.get(params.id));
  registerApi(app, API.agencyCreate, ({ body }) => agency.create(body.request));
  registerApi(app, API.agencyUpdate, ({ params, body }) => agency.update(params.id, body.request));
  registerApi(app, API.agencyAdminCreate, ({ params, body }) => agencyAdmins.create(params.id, body.request));
  registerApi(app, API.agencyAdminAdd, ({ params, body }) => agencyAdmins.add(params.id, body.request));
  registerApi(app, API.publicAgency, ({ params }) => agency.publicProfile(params.agencyId));
}
