// The practice engine inside a lesson (docs/lessons.md "The engine in the lesson"; the contract's LESSON_ENGINE_API):
// the teacher's panel and bank search, pushing a question and withdrawing it, and the pushed questions with the student's answers.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function lessonEngineRoutes(app: FastifyInstance) {
  const { lessonEngine } = app.services;
  lessonEngine.onError = (err, what) => app.log.error({ err }, what);
  const caller = (ctx: { agencyId: string | null; user: () => { id: number; roles: string[] } }) => ({
    id: ctx.user().id,
    roles: ctx.user().roles,
    agencyId: ctx.agencyId!,
  });
  registerApi(app, API.lessonPanel, (ctx) => lessonEngine.panel(caller(ctx), ctx.params.id));
  registerApi(app, API.lessonBank, (ctx) => lessonEngine.bank(caller(ctx), ctx.params.id, ctx.query));
  registerApi(app, API.lessonPush, (ctx) => lessonEngine.push(caller(ctx), ctx.params.id, ctx.body.request));
  registerApi(app, API.lessonWithdraw, (ctx) =>
    lessonEngine.withdraw(caller(ctx), ctx.params.id, ctx.body.request.questionId),
  );
  registerApi(app, API.lessonPushes, (ctx) => lessonEngine.pushes(caller(ctx), ctx.params.id));
}
