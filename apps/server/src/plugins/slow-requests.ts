// Logs every request answered after SLOW_REQUEST_MS at warn level (docs/server.md "Slow requests"): the route's
// pattern (never its ids or query), the status and the time, so that a stall shows in a log kept at warn.
import fp from 'fastify-plugin';

export default fp<{ thresholdMs: number }>(
  async (app, { thresholdMs }) => {
    if (thresholdMs <= 0) return;
    app.addHook('onResponse', async (request, reply) => {
      const ms = reply.elapsedTime;
      if (ms < thresholdMs) return;
      request.log.warn(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unrouted',
          status: reply.statusCode,
          ms: Math.round(ms),
        },
        'slow request',
      );
    });
  },
  { name: 'edu-slow-requests' },
);
