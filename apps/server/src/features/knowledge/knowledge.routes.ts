// Routes of the knowledge tree (docs/product.md §7: /v1/exam/question/knowledgepoint…).
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function knowledgeRoutes(app: FastifyInstance) {
  const { knowledge } = app.services;
  // The full list is the hot read (10,000 points in the benchmark); its objects are built field by
  // field from typed rows, so the per-request zod pass is skipped and knowledge.routes.test.ts parses
  // every answer with the contract's schema instead.
  // The spec's list: cached per agency and bank version like the tree, with an ETag (docs/performance.md "Request path").
  registerApi(app, API.kpList, ({ agencyId }) => knowledge.listEnvelope(agencyId!));
  // The web's tree: cached JSON with an ETag, so a revalidation answers 304 without reading the database.
  registerApi(app, API.kpTree, ({ query }) => knowledge.compactTree(query.root));
  registerApi(app, API.kpSubjects, ({ agencyId }) => knowledge.subjects(agencyId!));
  registerApi(app, API.kpDescendants, ({ params, agencyId }) => knowledge.descendants(params.id, agencyId!), {
    trustedResponse: true,
  });
  registerApi(app, API.kpCreate, async ({ body, optionalAgency }) =>
    knowledge.create(body.request, await optionalAgency()),
  );
  registerApi(app, API.kpRename, async ({ params, body, optionalAgency }) =>
    knowledge.rename(params.id, body.request.name, await optionalAgency()),
  );
  registerApi(app, API.kpDelete, ({ params }) => knowledge.remove(params.id));
}
