// Fastify declaration merging: what the app's plugins add to requests, instances and route config.
import 'fastify';
import type { ApiRoute } from '@edu/contract';
import type { Services } from './services.js';
import type { AuthUser } from './lib/auth-user.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on routes that are not public; null for visitors. */
    user: AuthUser | null;
    /** The agency in context (X-Agency-Id), set only once the user is known to act in it. */
    agencyId: string | null;
    /** On routes with their own check (`ownCheck`): whether the user passes the rule's roles in `agencyId`. */
    rulePassed: boolean;
    /** The route's API rule once read (`apiRuleOf`, lib/api-rule.ts); undefined before, null off the API. */
    apiRule: ApiRoute | null | undefined;
  }
  interface FastifyContextConfig {
    /** The route's entry of the contract's API table, attached by the access plugin. */
    api?: ApiRoute;
  }
}
