// In-app notice calls (docs/notices.md): the caller's own notices, in no agency; and the periodic check (deadline
// tomorrow, retention) on a timer of its own, unref'd so it keeps no process up.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

/** How often a node runs the check; several nodes may run it at once (the unique key keeps notices single). */
export const NOTICE_CHECK_INTERVAL_MS = 5 * 60_000;

export async function noticesRoutes(app: FastifyInstance) {
  const { notices } = app.services;
  const timer = setInterval(() => {
    notices.check().catch((err: unknown) => app.log.error({ err }, 'notice check failed'));
  }, NOTICE_CHECK_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
  registerApi(app, API.noticeList, (ctx) => notices.list(ctx.user().id, ctx.query));
  registerApi(app, API.noticeUnread, (ctx) => notices.unread(ctx.user().id));
  registerApi(app, API.noticeRead, (ctx) => notices.read(ctx.user().id, ctx.params.id));
  registerApi(app, API.noticeReadAll, (ctx) => notices.readAll(ctx.user().id));
}
