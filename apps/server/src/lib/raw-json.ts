// A handler's response already serialised (e.g. a cached page): the route sends it inside the envelope
// as it is, without parsing it through the response schema again. Only for bodies built from the schema's
// own presenter and cached; the tests parse such answers with the schema (lib/route.ts trustedResponse).
export class RawJson {
  constructor(readonly json: string) {}
}
