// What the web's API table keeps of each contract route (src/build/api-table-plugin.ts serves it as
// `virtual:api-table`; src/api/routes.ts types it): what a call reads, without the zod schemas.
import type { ApiRoute } from '@edu/contract';

/** What a call needs of a route at run time (src/api/call.ts). */
export type RouteInfo = Pick<ApiRoute, 'method' | 'path' | 'rawBody' | 'rawResponse'>;

export function routeInfo(routes: Record<string, ApiRoute>): Record<string, RouteInfo> {
  return Object.fromEntries(
    Object.entries(routes).map(([name, r]) => {
      const { method, path, rawBody, rawResponse } = r;
      return [name, { method, path, rawBody, rawResponse }];
    }),
  );
}
