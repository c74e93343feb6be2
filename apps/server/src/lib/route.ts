// Registers a route from its entry in the contract's API table: method, path, schemas and access all
// come from the table, so a handler cannot drift from the contract.
import { isDeepStrictEqual } from 'node:util';
import type { ApiRoute } from '@edu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalidField, invalidInput, loginRequired } from './api-error.js';
import { ENVELOPE_CONTENT_TYPE, okEnvelope, okEnvelopeJson, okEnvelopeText } from './envelope.js';
import { assertCleanInput } from './input-hygiene.js';
import { CachedEnvelope } from './cached-envelope.js';
import { RawJson } from './raw-json.js';
import type { AuthUser } from './auth-user.js';
import type { Clock } from './clock.js';
import { issuesToFields, parseZh } from './zod-issues.js';
import { optionalAgencyOf } from './agency-context.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * Set by the server's test project: a trusted route's answer (RouteOptions.trustedResponse) is parsed with its
 * response schema all the same, and an answer the schema would change — a field it drops, a value it turns — fails
 * the request. So every answer the tests receive checks the presenter that the route skips at run time.
 */
const CHECK_TRUSTED_RESPONSES = process.env.CHECK_TRUSTED_RESPONSES === '1';

function unchangedBySchema(route: ApiRoute, answer: unknown): unknown {
  const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v) ?? 'null');
  if (!isDeepStrictEqual(plain(route.response.parse(answer)), plain(answer)))
    throw new Error(`${route.method} ${route.path}: a trusted answer differs from what its response schema presents`);
  return answer;
}

export interface HandlerContext<R extends ApiRoute, C = undefined> {
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
  /** On routes with their own check (registerCheckedApi): what the check answered. */
  checked: C;
}

/** What a route's own check sees: the guards' findings and the path parameters, before the body is read. */
export interface OwnCheckContext<R extends ApiRoute> {
  params: Parsed<R['params']>;
  request: FastifyRequest;
  /** The logged-in user, or null for a visitor (a missing, bad or expired token). */
  user: AuthUser | null;
  /** The X-Agency-Id agency when the user may act in it, else null. */
  agencyId: string | null;
  /** Whether the user passes the roles of the route's rule in `agencyId`. */
  rulePassed: boolean;
}

export interface RouteOptions {
  /**
   * Skip parsing the handler's result through the response schema. Only for hot routes whose result is
   * built field by field from typed rows; under the tests every answer is parsed with the schema instead
   * (CHECK_TRUSTED_RESPONSES: the presenter check moves from run time to test time).
   */
  trustedResponse?: boolean;
}

type Result<R extends ApiRoute> = R['rawResponse'] extends true
  ? FastifyReply
  : z.input<R['response']> | RawJson | CachedEnvelope;

function parsePart(schema: z.ZodType | undefined, value: unknown, prefix: string): unknown {
  if (!schema) return undefined;
  // Before the schema: U+0000, lone surrogates and too deep nesting answer 400 naming the field, whatever
  // the schema would have made of them (docs/server.md "Input").
  assertCleanInput(value, prefix);
  const r = parseZh(schema, value ?? {});
  if (!r.success) throw invalidInput(issuesToFields(r.error.issues, prefix));
  return r.data;
}

/** docs/architecture.md §4: an agencyId named in the query or body must be the agency of the X-Agency-Id header. */
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
  if (route.access.kind === 'ownCheck')
    throw new Error(`${route.method} ${route.path} checks access itself: register it with registerCheckedApi`);
  addRoute(app, route, handler, options);
}

/**
 * Registers a route whose rule is `ownCheck`: `check` runs after the guards and before the body is read
 * (a route-level onRequest hook), so its 401/404 win over 400 like the guards' do; it throws to refuse
 * and answers what the handler needs (e.g. the record it loaded), passed on as `checked`.
 */
export function registerCheckedApi<R extends ApiRoute, C>(
  app: FastifyInstance,
  route: R,
  check: (ctx: OwnCheckContext<R>) => Promise<C>,
  handler: (ctx: HandlerContext<R, C>) => Promise<Result<R>> | Result<R>,
  options: RouteOptions = {},
): void {
  if (route.access.kind !== 'ownCheck')
    throw new Error(`${route.method} ${route.path} is guarded by its rule: register it with registerApi`);
  const results = new WeakMap<FastifyRequest, unknown>();
  addRoute(app, route, handler, options, {
    results,
    onRequest: async (request) => {
      const params = parsePart(route.params, request.params, '') as Parsed<R['params']>;
      const { user, agencyId, rulePassed } = request;
      results.set(request, await check({ params, request, user, agencyId, rulePassed }));
    },
  });
}

/**
 * A request's HandlerContext. `user` and `optionalAgency` are getters that make their function when a handler takes
 * it, so a request whose handler takes neither makes none (a closure per request and field, named at run time by the
 * TypeScript loader: docs/performance.md "Request path").
 */
class RouteContext {
  readonly agencyId: string | null;
  constructor(
    private readonly app: FastifyInstance,
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
    readonly params: unknown,
    readonly query: unknown,
    readonly body: unknown,
    readonly checked: unknown,
  ) {
    this.agencyId = request.agencyId;
  }

  get user(): () => AuthUser {
    const request = this.request;
    return () => {
      if (!request.user) throw loginRequired();
      return request.user;
    };
  }

  get optionalAgency(): () => Promise<string | null> {
    const { app, request } = this;
    return async () => request.agencyId ?? (await optionalAgencyOf(app, request));
  }
}

/**
 * What the route's handler hands back to Fastify: nothing once the answer has gone, else the reply, which Fastify
 * waits on (an answer still passing a hook of its own, or a stream). A reply returned from an async handler is a
 * thenable, and resolving the handler's promise with it costs every request a lookup of its `then`, a microtask and a
 * call of it (docs/performance.md "The reply's headers and the handler's promise"); an answer already sent needs
 * none of it, and Fastify leaves a sent reply alone.
 */
const unlessSent = (reply: FastifyReply): FastifyReply | undefined => (reply.sent ? undefined : reply);

function addRoute<R extends ApiRoute, C>(
  app: FastifyInstance,
  route: R,
  handler: (ctx: HandlerContext<R, C>) => Promise<Result<R>> | Result<R>,
  options: RouteOptions,
  own?: { results: WeakMap<FastifyRequest, unknown>; onRequest: (request: FastifyRequest) => Promise<void> },
): void {
  const checked = own?.results;
  const okText = okEnvelopeText(route.module);
  // The route's parts read once, here: the handler below is one function for every route, so reading them off
  // `route` per request went through lookups that have seen every route's shape (docs/performance.md "Object
  // shapes and the NLP library").
  const { module, rawBody, rawResponse } = route;
  const paramsSchema = route.params;
  const querySchema = route.query;
  const bodySchema = route.body;
  const parseResponse = options.trustedResponse
    ? CHECK_TRUSTED_RESPONSES
      ? (v: unknown) => unchangedBySchema(route, v)
      : null
    : (v: unknown) => route.response.parse(v);
  let clock: Clock | undefined; // app.services' clock, read at the first answer (tests register on a bare instance)
  app.route({
    method: route.method,
    url: route.path,
    ...(own ? { onRequest: own.onRequest } : {}),
    handler: async (request, reply) => {
      // Path parameters are 'id' etc.; query fields bare; body fields as written (`request.name`).
      const params = parsePart(paramsSchema, request.params, '');
      const query = parsePart(querySchema, request.query, '');
      const body = rawBody ? request.body : parsePart(bodySchema, request.body, '');
      checkAgencyFields(request.agencyId, query, body);
      const ctx = new RouteContext(
        app,
        request,
        reply,
        params,
        query,
        body,
        checked?.get(request),
      ) as unknown as HandlerContext<R, C>;
      const result = await handler(ctx);
      if (rawResponse) return unlessSent(reply);
      if (result instanceof CachedEnvelope) return unlessSent(result.send(request, reply));
      if (result instanceof RawJson)
        return unlessSent(
          reply
            .type('application/json; charset=utf-8')
            .send(okEnvelopeJson(module, result.json, (clock ??= app.services.clock).now())),
        );
      // The response schema is the presenter: whatever the handler returns, only the contract's fields leave.
      const response = parseResponse ? parseResponse(result) : result;
      const now = (clock ??= app.services.clock).now();
      // The envelope's text made here from its parts serialised once, rather than Fastify stringifying it whole.
      const text = okText(response, now);
      if (text === undefined) return unlessSent(reply.send(okEnvelope(module, response, now)));
      return unlessSent(reply.type(ENVELOPE_CONTENT_TYPE).send(text));
    },
  });
}
