// The agency a request names in its X-Agency-Id header, and whether the user may act in it (docs/domain.md
// "Agency context"). Used by the agency plugin (routes that need an agency) and by route.ts (routes that may use one).
import { AGENCY_ID_RE } from '@edu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const AGENCY_HEADER = 'x-agency-id';

export function agencyHeader(request: FastifyRequest): string | undefined {
  const h = request.headers[AGENCY_HEADER];
  const v = Array.isArray(h) ? h[0] : h;
  return v?.trim() || undefined;
}

/** The X-Agency-Id agency when the user may act in it, else null (no header, malformed, foreign or unknown). */
export async function optionalAgencyOf(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const id = agencyHeader(request);
  if (!id || !request.user || !AGENCY_ID_RE.test(id)) return null;
  return (await app.services.agency.mayActIn(request.user, id)) ? id : null;
}
