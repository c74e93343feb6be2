// Lesson calls (docs/lessons.md "HTTP calls"; the contract's LESSONS_API), and the sweep that ends lessons left
// open (docs/lessons.md "Sweep") on a timer of its own, unref'd so it keeps no process up.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

/** How often a node sweeps; nodes sweeping at once end each lesson once (one conditional update). */
export const LESSON_SWEEP_INTERVAL_MS = 60_000;

export async function lessonsRoutes(app: FastifyInstance) {
  const { lessons } = app.services;
  const timer = setInterval(() => {
    lessons.sweep().catch((err: unknown) => app.log.error({ err }, 'lesson sweep failed'));
  }, LESSON_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
  const caller = (ctx: { agencyId: string | null; user: () => { id: number; roles: string[] } }) => ({
    id: ctx.user().id,
    roles: ctx.user().roles,
    agencyId: ctx.agencyId!,
  });
  registerApi(app, API.lessonList, (ctx) => lessons.list(caller(ctx), ctx.query));
  registerApi(app, API.lessonOptions, (ctx) => lessons.options(caller(ctx), ctx.query.classId));
  registerApi(app, API.lessonGet, (ctx) => lessons.get(caller(ctx), ctx.params.id));
  registerApi(app, API.lessonCreate, (ctx) => lessons.create(caller(ctx), ctx.body.request));
  registerApi(app, API.lessonReschedule, (ctx) => lessons.reschedule(caller(ctx), ctx.params.id, ctx.body.request));
  registerApi(app, API.lessonCancel, (ctx) => lessons.cancel(caller(ctx), ctx.params.id, ctx.body.request));
  registerApi(app, API.lessonOpen, (ctx) => lessons.open(caller(ctx), ctx.params.id));
  registerApi(app, API.lessonClose, (ctx) => lessons.close(caller(ctx), ctx.params.id));
}
