// Routes of public preview: publication state, publish / withdraw, the public read, and the answer test
// (POST …/{id}/test), whose access rule is its own check (`ownCheck` in the contract).
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi, registerCheckedApi } from '../../lib/route.js';

export async function questionPublicationRoutes(app: FastifyInstance) {
  const { publication } = app.services;
  registerApi(app, API.questionPublication, ({ agencyId, params }) => publication.status(agencyId!, params.id));
  registerApi(app, API.questionPublish, ({ agencyId, params, user, body }) =>
    publication.publish(agencyId!, params.id, user().id, body.request),
  );
  registerApi(app, API.questionWithdraw, ({ agencyId, params }) => publication.withdraw(agencyId!, params.id));
  registerApi(app, API.publicQuestion, ({ params }) => publication.read(params.id));
  registerCheckedApi(
    app,
    API.questionTest,
    ({ params, user, agencyId, rulePassed }) =>
      publication.testable({ userId: user?.id ?? null, agencyId, rulePassed }, params.id),
    ({ checked, body }) => publication.judge(checked, body.request),
  );
}
