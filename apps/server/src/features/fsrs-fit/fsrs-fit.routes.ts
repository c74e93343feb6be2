// FSRS fitted to each agency (docs/practice-engine.md "FSRS fitted to each agency"): the platform admin's list, and
// the periodic check that queues the weekly job, on a timer of its own, unref'd so it keeps no process up. Several
// nodes may check at once: a second job in the same week only refits.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function fsrsFitRoutes(app: FastifyInstance) {
  const { fsrsFit, config } = app.services;
  const timer = setInterval(() => {
    fsrsFit.schedule().catch((err: unknown) => app.log.error({ err }, 'fsrs fit check failed'));
  }, config.fsrsFit.checkMinutes * 60_000);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
  registerApi(app, API.fsrsFitList, (ctx) => fsrsFit.list(ctx.query));
}
