// The web's fake API held to the contract (docs/web.md "Tests against the contract"): a fake route must be a route of
// the API table, a request must pass the route's body schema, and a successful reply must pass its response schema.
// A violation is kept and fails the test that made it (test/setup.ts), whatever the page did with the answer.
import { API_ROUTES, type ApiRoute } from '@edu/contract';

interface Template {
  route: ApiRoute;
  pattern: RegExp;
}

const TEMPLATES: Template[] = API_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
}));

/** The contract's route a call (`GET /v1/class/5/stats`) goes to, or undefined. */
export function contractRoute(method: string, path: string): ApiRoute | undefined {
  // A literal segment wins over a parameter (`/v1/class/list` before `/v1/class/:id`), as in Fastify.
  const matches = TEMPLATES.filter((t) => t.route.method === method && t.pattern.test(path));
  if (matches.length <= 1) return matches[0]?.route;
  const literals = (r: ApiRoute) => r.path.split('/').filter((s) => !s.startsWith(':')).length;
  return matches.sort((a, b) => literals(b.route) - literals(a.route))[0].route;
}

const violations: string[] = [];

/** Records a violation; the test that made it fails when it ends. */
export function contractViolation(message: string) {
  violations.push(message);
}

/** The violations since the last call, emptied. */
export function takeContractViolations(): string[] {
  return violations.splice(0, violations.length);
}

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');

/** Checks a canned or handled reply of `key` (`GET /v1/x/1`) against its route's response schema. */
export function checkResponse(key: string, route: ApiRoute, response: unknown) {
  if (route.rawResponse) return;
  const parsed = route.response.safeParse(response);
  if (!parsed.success)
    contractViolation(`${key}: the fake reply is not the contract's response (${issuesOf(parsed.error)})`);
}

/** Checks a request's JSON body against its route's body schema. */
export function checkRequest(key: string, route: ApiRoute, body: unknown) {
  if (!route.body || route.rawBody || body === undefined || typeof body !== 'object') return;
  const parsed = route.body.safeParse(body);
  if (!parsed.success) contractViolation(`${key}: the page sent a body the API refuses (${issuesOf(parsed.error)})`);
}
