// Errors → the envelope: ApiErrors keep their code, Fastify's own 4xx map to the error table,
// anything else is a 500 whose message is logged but never sent.
import { ERRORS, errorByErrno, type ErrorCode, type FieldError } from '@edu/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { ApiError } from '../lib/api-error.js';
import { FALLBACK_MODULE, errorEnvelope } from '../lib/envelope.js';

export function sendApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  now: number,
  errmsg?: string,
  fields?: FieldError[],
) {
  const module = request.routeOptions.config.api?.module ?? FALLBACK_MODULE;
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

export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
      const now = app.services.clock.now();
      if (err instanceof ApiError) {
        if (err.headers) reply.headers(err.headers);
        request.log.info({ err: err.message, url: request.url }, 'request refused');
        return sendApiError(request, reply, err.code, now, err.errmsg, err.fields);
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
  },
  { name: 'edu-envelope' },
);
