// The lesson room's HTTP calls (docs/lessons.md "Video", "Replay data"; the contract's LESSON_LIVE_API). The room
// itself is the socket server of src/realtime/.
import { API } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import { registerApi } from '../../lib/route.js';

export async function lessonsLiveRoutes(app: FastifyInstance) {
  const { lessonsLive } = app.services;
  const caller = (ctx: { agencyId: string | null; user: () => { id: number; roles: string[] } }) => ({
    id: ctx.user().id,
    roles: ctx.user().roles,
    agencyId: ctx.agencyId!,
  });
  registerApi(app, API.lessonIce, (ctx) => lessonsLive.iceServers(caller(ctx), ctx.params.id));
  registerApi(app, API.lessonReplay, (ctx) => lessonsLive.replay(caller(ctx), ctx.params.id, ctx.query));
}
