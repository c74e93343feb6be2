// Training calls (docs/domain.md "Schemes and trainings"): a student's own trainings in the agency in context.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';
import { SWEEP_INTERVAL_MS } from './training-sweep.js';

export async function trainingRoutes(app: FastifyInstance) {
  const { training, trainingSweep } = app.services;
  const timer = setInterval(() => {
    trainingSweep.run().catch((err: unknown) => app.log.error({ err }, 'training sweep failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
  const trainee = (ctx: { agencyId: string | null; user: () => { id: number } }) => ({
    id: ctx.user().id,
    agencyId: ctx.agencyId!,
  });
  registerApi(app, API.trainingOpenSchemes, (ctx) => training.openSchemes(trainee(ctx), ctx.query));
  // The hot calls answer what the service built field by field from typed rows: their results skip the
  // response schema at run time (route.ts trustedResponse); under the tests every answer is parsed with it.
  const trusted = { trustedResponse: true };
  registerApi(app, API.trainingStart, (ctx) => training.start(trainee(ctx), ctx.params.id), trusted);
  registerApi(app, API.trainingGet, (ctx) => training.get(trainee(ctx), ctx.params.id), trusted);
  registerApi(
    app,
    API.trainingAnswer,
    (ctx) => training.answer(trainee(ctx), ctx.params.id, ctx.body.request),
    trusted,
  );
  registerApi(app, API.trainingFinish, (ctx) => training.finish(trainee(ctx), ctx.params.id), trusted);
  registerApi(app, API.trainingQuestions, (ctx) => training.records(trainee(ctx), ctx.params.id));
  registerApi(app, API.trainingHistory, (ctx) => training.history(trainee(ctx), ctx.query));
  // A parent reads a child's report here too (docs/parents.md "What a parent reads").
  registerApi(
    app,
    API.trainingReport,
    async (ctx) =>
      (await app.services.parents.childTrainingReport(ctx.user(), ctx.agencyId!, ctx.params.id)) ??
      training.report(ctx.user(), ctx.agencyId!, ctx.params.id),
  );
}
