// One log line per request (docs/server.md "Request log"). Fastify's own request logging writes two (incoming,
// completed), each with the serialised request or response; this writes one when the response has gone, with the
// method, the route's pattern (never the ids or the query, which may carry names or tokens), the status and the
// time in ms: at info level as `request`; answered after SLOW_REQUEST_MS, at warn level as `slow request`, so a log
// kept at warn shows where a user waited; a response that failed while being sent at error level, with the error.
// Built as Fastify's log controller, which Fastify calls at those points: no hook of our own. Fastify's other lines
// (a 5xx from its own error handler, a stream closed early) stay as they are.
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/** Whether `log` writes at info (Fastify's stand-in logger, when logging is off, has no level check and writes nothing). */
function writesInfo(log: FastifyBaseLogger): boolean {
  const check = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof check === 'function' && check.call(log, 'info');
}

export class RequestLogController extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest() {}

  /** The request's line says it (404, route `unrouted`), without the URL Fastify's own line names. */
  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    const slow = this.slowMs > 0 && ms >= this.slowMs;
    const log = reply.log;
    if (!error && !slow && !writesInfo(log)) return;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unrouted',
      status: reply.statusCode,
      ms: Math.round(ms * 10) / 10,
    };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else if (slow) log.warn(line, 'slow request');
    else log.info(line, 'request');
  }
}

/** The app's Fastify options for request logging (app.ts). */
export function requestLogOptions(slowMs: number): Pick<FastifyServerOptions, 'logController'> {
  return { logController: new RequestLogController(slowMs) };
}
