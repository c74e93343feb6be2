// Named statements on PostgreSQL (docs/server.md "Named statements on PostgreSQL"). node-postgres sends a query
// without a name as an unnamed statement, which PostgreSQL parses, analyses and plans again on every call; only
// drizzle's `.prepare(name)` statements were kept. This client names a data statement after its text the second time
// the text is sent on a connection, so from then on the text is only bound and executed there and PostgreSQL's plan
// cache applies, as it does on PGlite (pglite-named.ts). A statement built for one call (a bulk insert of some number
// of rows) is never named and never pushes out one that repeats; at most `limit` statements a connection are kept,
// the least recently used deallocated to make room.
import pg from 'pg';
import { isDataStatement } from './data-statement.js';

/** Statements kept a connection by default. */
export const DEFAULT_PG_NAMED_STATEMENTS = 200;

/** A longer text is always sent unnamed: statements that long are built for one call (rows written in bulk). */
const MAX_NAMED_TEXT = 8192;

type QueryConfig = { text: string; name?: string; values?: unknown[]; submit?: unknown };
/** node-postgres's record of the statements parsed on a connection (by name), which a deallocation must clear. */
type Parsed = { parsedStatements: Record<string, string> };

/** A pg.Client class whose connections keep up to `limit` data statements prepared under names of their own. */
export function namingClient(limit: number): typeof pg.Client {
  if (limit <= 0) return pg.Client;
  return class NamingClient extends pg.Client {
    /** Statement text → name; a Map keeps insertion order, so the first key is the least recently used. */
    readonly #names = new Map<string, string>();
    /** Texts sent once, unnamed (at most `limit`, the oldest forgotten first): named when they come again. */
    readonly #seenOnce = new Set<string>();
    #sequence = 0;

    // pg.Client's `query` has a dozen overloads; every form is passed on unchanged but for the name.
    override query(...args: unknown[]): never {
      const [first, ...rest] = args;
      const config = namable(first);
      const name = config && this.#nameFor(config.text);
      return (super.query as (...a: unknown[]) => never)(name ? { ...config, name } : first, ...rest);
    }

    /** The text's name on this connection; undefined the first time it is sent (it goes unnamed). */
    #nameFor(text: string): string | undefined {
      const known = this.#names.get(text);
      if (known !== undefined) {
        this.#names.delete(text);
        this.#names.set(text, known);
        return known;
      }
      if (!this.#seenOnce.delete(text)) {
        this.#seenOnce.add(text);
        if (this.#seenOnce.size > limit) this.#seenOnce.delete(this.#seenOnce.values().next().value as string);
        return undefined;
      }
      if (this.#names.size >= limit) this.#forgetOldest();
      const name = `edu_${++this.#sequence}`;
      this.#names.set(text, name);
      return name;
    }

    /**
     * Forgets the least recently used statement, and deallocates it when the server holds it: a name whose parse
     * failed (or has not run yet) is not deallocated, since an error there would abort the transaction the
     * connection may be in. Queued behind the queries sent before it, so none of them loses its statement; a
     * failure (the connection's transaction already aborted) leaves the statement on the server under a name never
     * used again.
     */
    #forgetOldest(): void {
      const [text, name] = this.#names.entries().next().value as [string, string];
      this.#names.delete(text);
      const parsed = (this as unknown as { connection: Parsed }).connection.parsedStatements;
      if (parsed[name] === undefined) return;
      delete parsed[name];
      (super.query as (text: string) => Promise<unknown>)(`deallocate ${name}`).catch(() => undefined);
    }
  };
}

/** The query's config when it is a data statement without a name of its own (else undefined: sent as it is). */
function namable(first: unknown): QueryConfig | undefined {
  const config: QueryConfig | undefined =
    typeof first === 'string'
      ? { text: first }
      : first && typeof first === 'object' && typeof (first as QueryConfig).text === 'string'
        ? (first as QueryConfig)
        : undefined;
  // A Query or a cursor (`submit`) is sent as built; a text with a ';' may hold several statements, which a
  // prepared statement cannot.
  if (!config || config.name || config.submit !== undefined) return undefined;
  if (config.text.length > MAX_NAMED_TEXT || config.text.includes(';')) return undefined;
  return isDataStatement(config.text) ? config : undefined;
}
