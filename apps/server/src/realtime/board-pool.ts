// The board writer's own PostgreSQL pool (docs/lessons.md "Board"; docs/performance.md "Classroom"): a few connections
// apart from the app's pool, so the room's batched board statements never wait behind HTTP calls for a connection
// nor hold one an HTTP call waits for, each with `jit = off`. The batch statement is one large CTE whose estimated
// cost passes PostgreSQL's JIT thresholds; compiling it took longer than running it. `jit` is set per connection
// after it opens (`SET jit = off`), never through the connection string's `options`: the new pool takes the main
// pool's configuration as it is (its `options` included, where tests put a schema into search_path), so both pools
// read the same schema. PGlite has one connection: no second pool, the writer shares it.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import { DbSlots } from './db-slots.js';

/** Connections of the board writer's pool: one per batch in flight (board-writer.ts BATCHES_IN_FLIGHT). */
export const BOARD_POOL_SIZE = 4;

export interface BoardPool {
  db: Db;
  /** The writer's statements at once: the pool's size. */
  slots: DbSlots;
  close(): Promise<void>;
}

/** A pool for the board writer beside the app's PostgreSQL pool, or null on PGlite. */
export function openBoardPool(
  main: Db,
  onError: (err: Error) => void,
  size: number = BOARD_POOL_SIZE,
): BoardPool | null {
  const client = (main as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  const pool = new pg.Pool({ ...client.options, max: size });
  // Queued on the new connection before the pool hands it out, so it runs before the first statement.
  pool.on('connect', (c) => void c.query('SET jit = off').catch(onError));
  // An idle connection lost must not crash the process; the pool replaces it.
  pool.on('error', onError);
  return { db: drizzle(pool, { schema }), slots: new DbSlots(size), close: () => pool.end() };
}
