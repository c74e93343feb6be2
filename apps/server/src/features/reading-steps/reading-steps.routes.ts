// The answering-step calls of a reading question inside a training (docs/reading.md "Answering steps"): the
// student's own trainings in the agency in context, as the training calls.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function readingStepsRoutes(app: FastifyInstance) {
  const { readingSteps } = app.services;
  const trainee = (ctx: { agencyId: string | null; user: () => { id: number } }) => ({
    id: ctx.user().id,
    agencyId: ctx.agencyId!,
  });
  registerApi(app, API.readingProcess, (ctx) =>
    readingSteps.process(trainee(ctx), ctx.params.id, ctx.params.questionId),
  );
  registerApi(app, API.readingStep, (ctx) =>
    readingSteps.step(trainee(ctx), ctx.params.id, ctx.params.questionId, ctx.body.request),
  );
}
