// Routes of the question bank (docs/product.md §7: /v1/exam/question…) and the bulk move. The answer test
// (…/{id}/test) checks its own access: question-publication.routes.ts.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function questionsRoutes(app: FastifyInstance) {
  const { questions } = app.services;
  registerApi(app, API.questionList, ({ agencyId, query, body }) =>
    questions.listServed(agencyId!, query, body.request),
  );
  registerApi(app, API.questionMatch, ({ agencyId, query, body }) => questions.match(agencyId!, query, body.request));
  registerApi(app, API.questionGet, ({ agencyId, params, user }) => questions.get(agencyId!, params.id, user().roles));
  registerApi(app, API.questionEditable, ({ agencyId, params }) => questions.editable(agencyId!, params.id));
  registerApi(app, API.questionCreate, ({ agencyId, body }) => questions.create(agencyId!, body.request));
  registerApi(app, API.questionUpdate, ({ agencyId, params, body }) =>
    questions.update(agencyId!, params.id, body.request),
  );
  registerApi(app, API.questionDelete, ({ agencyId, params }) => questions.remove(agencyId!, params.id));
  registerApi(app, API.questionBulkMove, ({ agencyId, body }) => questions.move(agencyId!, body.request));
}
