// The route's entry of the contract's API table, read once a request. Fastify builds `request.routeOptions` anew
// (an object of a dozen fields) on every access, and the guards, the envelope and the log each need the rule
// (docs/performance.md "Request path").
import type { ApiRoute } from '@edu/contract';
import type { FastifyRequest } from 'fastify';
import { kRouteContext } from './fastify-internals.js';

/** Whether the rule is read off the route's context (api-rule.test.ts: it is, with the Fastify this app pins). */
export const readsRouteContext = kRouteContext !== undefined;

type WithContext = Record<symbol, { config?: { api?: ApiRoute } } | undefined>;

/** The rule the access plugin attached to the request's route; null for routes outside the API. */
export function apiRuleOf(request: FastifyRequest): ApiRoute | null {
  let rule = request.apiRule;
  if (rule === undefined) {
    const context = kRouteContext ? (request as unknown as WithContext)[kRouteContext] : undefined;
    rule = request.apiRule = (context ? context.config?.api : request.routeOptions.config.api) ?? null;
  }
  return rule;
}

/**
 * The rule as the guards read it, every field in the same place for every route. The contract's entries come in a
 * dozen shapes (each with the parts it has: params, query, body, rawBody, rawResponse), and the guards read the rule
 * of every request; seeing that many shapes, their reads went the slow, megamorphic way (docs/performance.md "The
 * reply's headers and the handler's promise").
 */
export function guardedRule(rule: ApiRoute): ApiRoute {
  return {
    method: rule.method,
    path: rule.path,
    module: rule.module,
    summary: rule.summary,
    access: rule.access,
    params: rule.params,
    query: rule.query,
    body: rule.body,
    rawBody: rule.rawBody === true,
    rawResponse: rule.rawResponse === true,
    response: rule.response,
  };
}
