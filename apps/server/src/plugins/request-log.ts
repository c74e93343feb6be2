// One log line per request (docs/server.md "Request log"). Fastify's own request logging writes two (incoming,
// completed), each with the serialised request or response; this writes one when the response has gone, with the
// method, the route's pattern (never the ids or the query, which may carry names or tokens), the status and the
// time in ms: at info level as `request`; answered after SLOW_REQUEST_MS, at warn level as `slow request`, so a log
// kept at warn shows where a user waited; a response that failed while being sent at error level, with the error.
// Built as Fastify's log controller, which Fastify calls at those points: no hook of our own. Fastify's other lines
// (a 5xx from its own error handler, a stream closed early) stay as they are.
// A request's logger is made lazily (`RequestLogger`): pino's child with the request id only once the request writes a
// line the log keeps (docs/server.md "Request log").
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

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

/** pino's logger as far as a request's logger uses it. */
type Parent = FastifyBaseLogger & { isLevelEnabled: (level: string) => boolean };

/**
 * A request's logger. Fastify gives every request pino's child logger bound to its id, which costs more than the rest of
 * a health check's logging together (docs/performance.md "A leaner path for every request"); most requests write nothing
 * the log keeps, or only their one line. This one makes that child at its first line at a level the log keeps, and
 * writes that line and every later one through it: the lines are the same, with the same request id.
 */
export class RequestLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
  ) {}

  /** pino's child, made now if not yet. */
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  isLevelEnabled(level: string): boolean {
    const child = this.#child as Parent | null;
    return (child ?? this.parent).isLevelEnabled(level);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}

  #made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  #write(level: Level, args: unknown[]) {
    if (this.#child === null && !this.parent.isLevelEnabled(level)) return;
    const child = this.#made();
    Reflect.apply(child[level], child, args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy `RequestLogger`, or pino's child at once where the route sets options of its
 * own (a level or serializers, which the child must carry from the start).
 */
function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger as Parent, bindings);
}

/**
 * The app's Fastify options for request logging (app.ts). `logging` false (the log off altogether): Fastify's stand-in
 * logger needs no children, and its own default skips making them.
 */
export function requestLogOptions(
  slowMs: number,
  logging = true,
): Pick<FastifyServerOptions, 'logController' | 'childLoggerFactory'> {
  return {
    logController: new RequestLogController(slowMs),
    ...(logging ? { childLoggerFactory: requestLogger } : {}),
  };
}
