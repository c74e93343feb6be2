// Named statements on PGlite (docs/pglite.md "Named statements"). PGlite's own `query` sends every statement
// unnamed — parse, describe, bind, describe, execute, sync — so PostgreSQL parses, analyses and plans it again on
// every call, and drizzle's `.prepare(name)` prepares nothing there. This client gives drizzle the same `query` and
// `transaction`, but parses each data statement once per database under a name and then only binds and executes
// it, so PostgreSQL's plan cache applies as it does for a named statement on a PostgreSQL connection.
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { isDataStatement } from './data-statement.js';

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** What PGlite exposes to its own subclasses; the same methods the statement counter wraps (test/statement-counter.ts). */
interface PgliteLocks {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

interface Prepared {
  name: string;
  /** The parameters' type oids as PostgreSQL inferred them (the serialiser of each value). */
  paramTypes: number[];
}

/** Statements kept by default (each holds its parse tree and plans inside PGlite); the oldest unused is closed. */
export const DEFAULT_NAMED_STATEMENTS = 500;

/** Statement names are the database session's: two clients of one PGlite must not reuse each other's. */
const lastName = new WeakMap<PGlite, number>();

export class NamedStatementClient {
  readonly #pg: PGlite;
  readonly #limit: number;
  /** By statement text; a Map keeps insertion order, so the first key is the least recently used. */
  readonly #prepared = new Map<string, Prepared>();

  constructor(pg: PGlite, limit = DEFAULT_NAMED_STATEMENTS) {
    this.#pg = pg;
    this.#limit = limit;
  }

  /** How many statements are kept now (for tests). */
  get preparedCount(): number {
    return this.#prepared.size;
  }

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!this.#named(text, options)) return this.#pg.query<T>(text, params, options);
    const locks = this.#pg as unknown as PgliteLocks;
    return locks._runExclusiveTransaction(async () => {
      const result = await this.#run<T>(text, params, options);
      await this.#pg.syncToFs();
      return result;
    });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#pg.transaction((tx) => callback(this.#inTransaction(tx)));
  }

  #inTransaction(tx: Transaction): Transaction {
    const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
      if (!this.#named(text, options)) return tx.query<R>(text, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      return this.#run<R>(text, params, options);
    };
    return {
      query,
      sql: (strings: TemplateStringsArray, ...values: unknown[]) => tx.sql(strings, ...values),
      exec: (text, options) => tx.exec(text, options),
      rollback: () => tx.rollback(),
      listen: (channel, callback) => tx.listen(channel, callback),
      get closed() {
        return tx.closed;
      },
    };
  }

  #named(text: string, options?: QueryOptions): boolean {
    return this.#limit > 0 && options?.blob === undefined && isDataStatement(text);
  }

  /** Binds and executes `text`'s named statement, parsing it first when it is new, under PGlite's query lock. */
  async #run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const pg = this.#pg;
    const locks = pg as unknown as PgliteLocks;
    return locks._runExclusiveQuery(async () => {
      const send = (message: Uint8Array) =>
        pg.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
      const results: Message[] = [];
      try {
        const statement = await this.#statement(text, options, send, results);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const oid = statement.paramTypes[i];
          const serialize = options?.serializers?.[oid] ?? pg.serializers[oid];
          // PGlite's own `query` does the same for a type without a serialiser.
          return serialize ? serialize(value) : (value as { toString(): string }).toString();
        });
        results.push(...(await send(protocol.serialize.bind({ statement: statement.name, values }))));
        results.push(...(await send(protocol.serialize.describe({ type: 'P' }))));
        results.push(...(await send(protocol.serialize.execute({}))));
      } catch (e) {
        if (e instanceof protocol.messages.DatabaseError)
          Object.assign(e, { query: text, params, queryOptions: options });
        throw e;
      } finally {
        results.push(...(await send(protocol.serialize.sync())));
      }
      return parse.parseResults(results, pg.parsers, options)[0] as Results<T>;
    });
  }

  async #statement(
    text: string,
    options: QueryOptions | undefined,
    send: (message: Uint8Array) => Promise<Message[]>,
    results: Message[],
  ): Promise<Prepared> {
    const known = this.#prepared.get(text);
    if (known) {
      // Most recently used last.
      this.#prepared.delete(text);
      this.#prepared.set(text, known);
      return known;
    }
    if (this.#prepared.size >= this.#limit) {
      const [oldestText, oldest] = this.#prepared.entries().next().value as [string, Prepared];
      this.#prepared.delete(oldestText);
      results.push(...(await send(protocol.serialize.close({ type: 'S', name: oldest.name }))));
    }
    const n = (lastName.get(this.#pg) ?? 0) + 1;
    lastName.set(this.#pg, n);
    const name = `edu_s${n}`;
    results.push(...(await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }))));
    const paramTypes = parse.parseDescribeStatementResults(
      await send(protocol.serialize.describe({ type: 'S', name })),
    );
    // Kept only once PostgreSQL has parsed and described it: a statement that fails to parse is not cached.
    const prepared = { name, paramTypes };
    this.#prepared.set(text, prepared);
    return prepared;
  }
}
