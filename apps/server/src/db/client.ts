// Opens the database: PostgreSQL through node-postgres when a URL is given, else embedded PGlite.
// Both are wrapped by their own drizzle driver; drizzle must never run over PGlite's
// node-postgres adapter (it hangs, docs/architecture.md §2).
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DEFAULT_NAMED_STATEMENTS, NamedStatementClient } from './pglite-named.js';
import { openPglite } from './pglite.js';
import { DEFAULT_PG_NAMED_STATEMENTS, namingClient } from './postgres-named.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** What repositories use: the driver-independent drizzle database. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or an open transaction, for repository methods that may run inside a caller's transaction. */
export type DbOrTx = Db | Tx;

export type Database =
  | { kind: 'pglite'; db: Db; drizzle: PgliteDatabase<Schema>; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; drizzle: NodePgDatabase<Schema>; pool: pg.Pool; close(): Promise<void> };

/**
 * PostgreSQL at `url`; otherwise PGlite in `dataDir` (in memory when `dataDir` is undefined), started from the
 * dump `loadDataDir` when given.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  poolSize?: number;
  /** PGlite only: data statements kept prepared under a name (0: every statement unnamed, as PGlite sends them). */
  namedStatements?: number;
  /** PostgreSQL only: data statements each connection keeps prepared under a name (0: none but drizzle's own). */
  pgNamedStatements?: number;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      Client: namingClient(opts.pgNamedStatements ?? DEFAULT_PG_NAMED_STATEMENTS),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error(`PostgreSQL pool error: ${err.message}`));
    const d = drizzlePg(pool, { schema });
    return { kind: 'postgres', db: d, drizzle: d, pool, close: () => pool.end() };
  }
  const client = await openPglite(opts.dataDir, opts.loadDataDir);
  // drizzle talks to PGlite through named statements (pglite-named.ts); `client` stays the PGlite itself.
  const named = new NamedStatementClient(client, opts.namedStatements ?? DEFAULT_NAMED_STATEMENTS);
  const d = drizzlePglite(named as unknown as PGlite, { schema });
  return { kind: 'pglite', db: d, drizzle: d, client, close: () => client.close() };
}
