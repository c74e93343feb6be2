// Counts the statements an app sends to its database (docs/performance.md "Request path"): on PostgreSQL every
// `query` of the pool's clients (BEGIN and COMMIT included), on PGlite every query or exec it runs (each goes
// through its exclusive-query lock, a transaction's statements one by one). For tests that hold a route to its
// statement count; it wraps the real driver, nothing is mocked.
import type { Database } from '../db/client.js';

export interface StatementCounter {
  /** Statements since the last reset. */
  readonly count: number;
  /** On PostgreSQL, the statements' text since the last reset (for a failure's message); empty on PGlite. */
  readonly texts: string[];
  reset(): void;
}

type Query = (...args: unknown[]) => unknown;

export function countStatements(database: Database): StatementCounter {
  const counter = {
    count: 0,
    texts: [] as string[],
    reset: () => {
      counter.count = 0;
      counter.texts = [];
    },
  };
  if (database.kind === 'pglite') {
    const client = database.client as unknown as { _runExclusiveQuery: Query };
    const run = client._runExclusiveQuery.bind(client);
    client._runExclusiveQuery = (...args) => {
      counter.count++;
      return run(...args);
    };
    return counter;
  }
  const wrapped = new WeakSet<object>();
  // Every checkout of a client (pool.query's too) passes `acquire`: wrap its query once.
  database.pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const c = client as unknown as { query: Query };
    const query = c.query.bind(client);
    c.query = (...args) => {
      counter.count++;
      const q = args[0] as string | { text?: string; name?: string };
      counter.texts.push(typeof q === 'string' ? q : `${q.name ? `[${q.name}] ` : ''}${q.text ?? ''}`);
      return query(...args);
    };
  });
  return counter;
}
