// The route's entry of the contract's API table, read once a request. Fastify builds `request.routeOptions` anew
// (an object of a dozen fields) on every access, and the guards, the envelope and the log each need the rule
// (docs/performance.md "Request path").
import type { ApiRoute } from '@edu/contract';
import type { FastifyRequest } from 'fastify';

/** The rule the access plugin attached to the request's route; null for routes outside the API. */
export function apiRuleOf(request: FastifyRequest): ApiRoute | null {
  let rule = request.apiRule;
  if (rule === undefined) rule = request.apiRule = request.routeOptions.config.api ?? null;
  return rule;
}
