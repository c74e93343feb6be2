// A handler's response already serialised (e.g. a cached page): the route sends it inside the envelope
// as it is, without parsing it through the response schema again. Only for bodies built from the schema's
// own presenter and cached; the tests parse such answers with the schema (lib/route.ts trustedResponse).
// With an `etag` (a strong validator of `json`, docs/server.md "Conditional reads"), the route sends it and
// answers a request whose If-None-Match names it 304 with no body.
export class RawJson {
  constructor(
    readonly json: string,
    readonly etag?: string,
  ) {}
}

/** Whether an If-None-Match header names `etag` (`*`, a list, weak forms compared weakly as RFC 9110 says). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
}
