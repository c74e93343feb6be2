// Registers a route from its entry in the contract's API table: method, path, schemas and access all
// come from the table, so a handler cannot drift from the contract.
import { AGENCY_ID_RE, type ApiRoute } from '@edu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalidField, invalidInput, loginRequired } from './api-error.js';
import { okEnvelope } from './envelope.js';
import type { AuthUser } from './fastify-types.js';
import { issuesToFields, parseZh } from './zod-issues.js';
import { agencyHeader } from '../plugins/agency.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<R extends ApiRoute> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  /** The parsed body; for `rawBody` routes the request's bytes. */
  body: R['rawBody'] extends true ? Buffer : Parsed<R['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The logged-in user; throws 401 on a visitor (never happens behind a login or roles rule). */
  user: () => AuthUser;
  /** The agency in context on routes whose rule needs one (checked by the agency plugin); else null. */
  agencyId: string | null;
  /**
   * On routes without an agency rule: the X-Agency-Id agency when the user may act in it, else null.
   * The web sends its current agency on every call; a header naming another agency is ignored here.
   */
  optionalAgency: () => Promise<string | null>;
}

export interface RouteOptions {
  /**
   * Skip parsing the handler's result through the response schema. Only for hot read routes whose
   * result is built field by field from typed rows; their tests parse every answer with the schema
   * instead (the presenter check moves from run time to test time).
   */
  trustedResponse?: boolean;
}

type Result<R extends ApiRoute> = R['rawResponse'] extends true ? FastifyReply : z.input<R['response']>;

function parsePart(schema: z.ZodType | undefined, value: unknown, prefix: string): unknown {
  if (!schema) return undefined;
  const r = parseZh(schema, value ?? {});
  if (!r.success) throw invalidInput(issuesToFields(r.error.issues, prefix));
  return r.data;
}

/** ARCHITECTURE §4: an agencyId named in the query or body must be the agency of the X-Agency-Id header. */
export function checkAgencyFields(agencyId: string | null, query: unknown, body: unknown) {
  if (!agencyId) return;
  const q = (query as { agencyId?: unknown } | undefined)?.agencyId;
  if (q !== undefined && q !== agencyId) throw invalidField('agencyId', 'agencyId 必须与请求头 X-Agency-Id 一致');
  const b = body as { agencyId?: unknown; request?: { agencyId?: unknown } } | undefined;
  if (b?.request?.agencyId !== undefined && b.request.agencyId !== agencyId)
    throw invalidField('request.agencyId', 'agencyId 必须与请求头 X-Agency-Id 一致');
  if (b?.agencyId !== undefined && b.agencyId !== agencyId)
    throw invalidField('agencyId', 'agencyId 必须与请求头 X-Agency-Id 一致');
}

export function registerApi<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: (ctx: HandlerContext<R>) => Promise<Result<R>> | Result<R>,
  options: RouteOptions = {},
): void {
  app.route({
    method: route.method,
    url: route.path,
    handler: async (request, reply) => {
      // Path parameters are 'id' etc.; query fields bare; body fields as written (`request.name`).
      const params = parsePart(route.params, request.params, '');
      const query = parsePart(route.query, request.query, '');
      const body = route.rawBody ? request.body : parsePart(route.body, request.body, '');
      checkAgencyFields(request.agencyId, query, body);
      const ctx = {
        params,
        query,
        body,
        request,
        reply,
        agencyId: request.agencyId,
        user: () => {
          if (!request.user) throw loginRequired();
          return request.user;
        },
        optionalAgency: async () => {
          if (request.agencyId) return request.agencyId;
          const id = agencyHeader(request);
          if (!id || !request.user || !AGENCY_ID_RE.test(id)) return null;
          return (await app.services.agency.mayActIn(request.user, id)) ? id : null;
        },
      } as HandlerContext<R>;
      const result = await handler(ctx);
      if (route.rawResponse) return reply;
      // The response schema is the presenter: whatever the handler returns, only the contract's fields leave.
      const response = options.trustedResponse ? result : route.response.parse(result);
      return reply.send(okEnvelope(route.module, response, app.services.clock.now()));
    },
  });
}
