// The lesson room's socket server (docs/lessons.md "Realtime"): socket.io on the app's own HTTP server at
// REALTIME_PATH, WebSocket transport only (a load balancer needs no sticky sessions), messages bounded by
// REALTIME_MAX_MESSAGE_KB. With REDIS_URL the rooms span every node (redis-adapter.ts). It closes with the app,
// before the HTTP server, so open connections do not hold the shutdown.
import { BOARD_LIMITS, REALTIME_PATH } from '@edu/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import type { Db } from '../db/client.js';
import { openBoardPool } from './board-pool.js';
import { BoardStore } from './board-store.js';
import { DbSlots } from './db-slots.js';
import { LessonRoom } from './lesson-room.js';
import { PointerRelay } from './pointer-relay.js';
import { PresenceStore } from './presence-store.js';
import { attachRedisAdapter, type RealtimeRedis } from './redis-adapter.js';

/** How long a client has to send socket.io's connect packet (with its auth) after the WebSocket opened. */
const CONNECT_TIMEOUT_MS = 10_000;

async function realtime(app: FastifyInstance, opts: { db: Db }) {
  const { config, auth, agency, lessonAccess, lessons, lessonEngine, clock, redis, redisFailures } = app.services;
  const io = new Server(app.server, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    maxHttpBufferSize: config.realtime.maxMessageBytes,
    serveClient: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
  });
  const pointers = new PointerRelay(io);
  // The room's board and presence use at most half the pool, so HTTP keeps the rest while the room is overloaded.
  const slots = new DbSlots(Math.max(1, Math.floor(config.databasePoolSize / 2)));
  // On PostgreSQL the batched board updates go through a small pool of their own, with JIT off (board-pool.ts).
  const boardPool = openBoardPool(opts.db, (err) => app.log.error({ err }, 'realtime: board pool error'));
  const room = new LessonRoom({
    io,
    auth,
    agency,
    access: lessonAccess,
    board: new BoardStore(opts.db, BOARD_LIMITS, slots, boardPool ?? undefined),
    presence: new PresenceStore(opts.db, slots),
    pointers,
    clock,
    limits: config.realtime,
    log: app.log,
  });
  io.use((socket, next) => void room.handshake(socket, next));
  io.on('connection', room.connect);
  // A lesson opened, closed or ended over HTTP or by the sweep: the people in its room hear it at once.
  lessons.onStatus = (e) => room.statusChanged(e.lessonId, e.status);
  // A question pushed into a lesson and the student's answer to it (docs/lessons.md "The engine in the lesson").
  lessonEngine.tell = (lessonId, event, payload, audience) => room.tell(lessonId, event, payload, audience);

  let fanOut: RealtimeRedis | undefined;
  if (redis && redisFailures) {
    const adapter = attachRedisAdapter(io, redis, config.redisKeyPrefix, redisFailures, pointers);
    fanOut = adapter;
    app.addHook('onReady', async () => {
      const { connectMs, commandMs } = config.redisTimeouts;
      // The app's own Redis connection waited for its first attempt already: when that failed, do not wait again.
      if (!(await adapter.attached(redis.status === 'ready' ? connectMs + commandMs : 0)))
        app.log.error(
          'realtime: Redis not ready; rooms stay on this node until it is (docs/lessons.md "More than one node")',
        );
    });
  }

  const timer = setInterval(() => {
    room.checkAll().catch((err: unknown) => app.log.error({ err }, 'realtime: periodic check failed'));
  }, config.realtime.checkMs);
  timer.unref();

  app.addHook('preClose', async () => {
    clearInterval(timer);
    pointers.close();
    // Closes every connection and the adapter (and the HTTP server, which Fastify then finds closed).
    await io.close();
  });
  app.addHook('onClose', async () => {
    await fanOut?.close();
    await boardPool?.close();
  });
}

export default fp(realtime, { name: 'edu-realtime' });
