// Errors → the envelope: ApiErrors keep their code, Fastify's own 4xx map to the error table, database
// errors the client caused map to 400/409 (lib/db-errors.ts), anything else is a 500 whose message is
// logged but never sent. Also the first check of every API request: the headers the app reads carry no
// text a database could not store (docs/server.md "Input").
import { ERRORS, errorByErrno, type ErrorCode, type FieldError } from '@edu/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { ApiError, invalidField } from '../lib/api-error.js';
import { apiRuleOf } from '../lib/api-rule.js';
import { clientDbError } from '../lib/db-errors.js';
import { FALLBACK_MODULE, errorEnvelope } from '../lib/envelope.js';
import { BAD_TEXT_MESSAGE, isBadText } from '../lib/input-hygiene.js';

const BAD_PATH_MESSAGE = '请求路径包含无效的编码或字符';
const LONG_PARAM_MESSAGE = '请求路径中的参数过长';

/** Request headers the app reads, by the name a client knows them (the envelope's field path). */
const READ_HEADERS: readonly (readonly [string, string])[] = [
  ['x-agency-id', 'X-Agency-Id'],
  ['authorization', 'Authorization'],
];

/** The first header the app reads that holds text a database could not store, by its client name; or null. */
function badReadHeader(headers: FastifyRequest['headers']): string | null {
  for (const [name, shown] of READ_HEADERS) {
    const v = headers[name];
    if (v === undefined) continue;
    if (Array.isArray(v) ? v.some(isBadText) : isBadText(v)) return shown;
  }
  return null;
}

export function sendApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  now: number,
  errmsg?: string,
  fields?: FieldError[],
) {
  const module = apiRuleOf(request)?.module ?? FALLBACK_MODULE;
  return reply.code(ERRORS[code].status).send(errorEnvelope(module, code, now, errmsg, fields));
}

/** Messages for Fastify's own client errors, which arrive before any handler runs. */
function frameworkError(err: FastifyError): { code: ErrorCode; errmsg?: string; fields?: FieldError[] } {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        code: 'invalid_input',
        errmsg: '请求体不是有效的 JSON',
        fields: [{ path: 'body', message: '请求体不是有效的 JSON' }],
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'payload_too_large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'unsupported_media_type', errmsg: '不支持的请求内容类型' };
  }
  // JSON.parse failures surface as a SyntaxError with statusCode 400.
  if (err instanceof SyntaxError || err.statusCode === 400)
    return { code: 'invalid_input', errmsg: '请求格式不正确', fields: [{ path: 'body', message: '请求格式不正确' }] };
  const known = err.statusCode ? errorByErrno(err.statusCode) : undefined;
  return { code: known ? known.error : 'invalid_input' };
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any hook or error handler, such
 * as a path whose percent-encoding is not UTF-8 (`%ED%A0%80`, a lone surrogate) or a path parameter longer
 * than `maxParamLength`. Without it Fastify answers them in its own shape; here they get the envelope.
 */
export function routingErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const now = request.server.services.clock.now();
  const message =
    err.code === 'FST_ERR_BAD_URL'
      ? BAD_PATH_MESSAGE
      : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? LONG_PARAM_MESSAGE
        : null;
  if (message) {
    request.log.info({ err: err.message, url: request.url }, 'request refused while routing');
    void sendApiError(request, reply, 'invalid_input', now, message, [{ path: 'path', message }]);
    return;
  }
  request.log.error({ err, url: request.url }, 'internal error while routing');
  void sendApiError(request, reply, 'internal', now);
}

export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
      const now = app.services.clock.now();
      if (err instanceof ApiError) {
        if (err.headers) reply.headers(err.headers);
        request.log.info({ err: err.message, url: request.url }, 'request refused');
        return sendApiError(request, reply, err.code, now, err.errmsg, err.fields);
      }
      const db = clientDbError(err);
      if (db) {
        // The database cannot say which field; the message says what kind of value was wrong.
        request.log.info({ err: err.message, sqlState: db.sqlState, url: request.url }, 'database refused input');
        return sendApiError(request, reply, db.code, now, db.errmsg);
      }
      const status = err.statusCode;
      if (!(err instanceof ZodError) && status !== undefined && status >= 400 && status < 500) {
        const e = frameworkError(err);
        request.log.info({ err: err.message, url: request.url }, 'client error');
        return sendApiError(request, reply, e.code, now, e.errmsg, e.fields);
      }
      // Internal: full detail in the log (English), nothing of it in the answer.
      request.log.error({ err, url: request.url }, 'internal error');
      return sendApiError(request, reply, 'internal', now);
    });

    // Before the guards (this plugin registers first): a token or agency id with U+0000 or a lone
    // surrogate is refused rather than looked up. Node's HTTP parser already refuses U+0000 in headers;
    // this covers every other way in (app.inject, proxies that decode). A callback hook, as the guards' are:
    // an async one costs every request a promise and a turn of the microtask queue (docs/performance.md).
    app.decorateRequest('apiRule', undefined);
    // Public routes look neither header up (no token, so no agency either): they skip the check.
    app.addHook('onRequest', (request, _reply, done) => {
      const api = apiRuleOf(request);
      if (!api || api.access.kind === 'public') return done();
      const bad = badReadHeader(request.headers);
      done(bad ? invalidField(bad, BAD_TEXT_MESSAGE) : undefined);
    });
  },
  { name: 'edu-envelope' },
);
