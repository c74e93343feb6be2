// The board writer's own pool (board-pool.ts): on PostgreSQL a second pool whose connections run with `jit = off` and
// read the same schema as the app's pool — its `options` (a search_path) carried over, never a jit setting added
// there — and through which a board update is written; on PGlite none, the writer shares the one connection.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import { createTestApp, usePostgres, type TestApp } from '../test/test-app.js';
import { addLesson, listening, rect, type RoomApp } from './room.test-helper.js';
import { BoardStore } from './board-store.js';
import { openBoardPool } from './board-pool.js';

let t: TestApp;
let r: RoomApp;
const errors: Error[] = [];
const shown = async (db: Db, what: 'jit' | 'search_path') =>
  ((await db.execute<Record<string, string>>(sql.raw(`show ${what}`))) as { rows: Record<string, string>[] }).rows[0][
    what
  ];

beforeAll(async () => {
  t = await createTestApp();
  r = await listening(t);
}, 60_000);
afterAll(() => t.close());

describe('the board pool', () => {
  it('on PostgreSQL turns JIT off on its connections, keeps the main search_path and writes the board', async () => {
    if (!usePostgres()) {
      // PGlite: no second pool, the writer shares the one connection.
      expect(openBoardPool(t.db, (e) => errors.push(e))).toBeNull();
      return;
    }
    const main = (t.db as unknown as { $client: pg.Pool }).$client;
    // A main pool whose connections read a schema of their own first, as a test's may (its `options`).
    const schemaName = `board_pool_${process.pid}`;
    await t.db.execute(sql.raw(`create schema if not exists ${schemaName}`));
    const withPath = new pg.Pool({ ...main.options, options: `-c search_path=${schemaName},public`, max: 2 });
    const mainDb = drizzle(withPath, { schema }) as unknown as Db;
    const board = openBoardPool(mainDb, (e) => errors.push(e), 2)!;
    try {
      expect(await shown(board.db, 'jit')).toBe('off');
      expect(await shown(board.db, 'search_path')).toBe(await shown(mainDb, 'search_path'));
      expect(await shown(board.db, 'search_path')).toContain(schemaName);
      // Every connection of the pool, not only the first.
      const both = await Promise.all([1, 2].map(() => shown(board.db, 'jit')));
      expect(both).toEqual(['off', 'off']);
      // The app's own pool is left as it was.
      expect(await shown(t.db, 'jit')).not.toBe('off');
    } finally {
      await board.close();
      await withPath.end();
    }

    // A store writing through a pool of the app's database takes the update like any.
    const writer = openBoardPool(t.db, (e) => errors.push(e))!;
    try {
      const store = new BoardStore(t.db, undefined, undefined, writer);
      const lessonId = await addLesson(r);
      const change = await store.update(lessonId, { userId: r.ids.teacher, role: 'teacher' }, [rect()], new Date());
      expect(change.seq).toBe(1);
    } finally {
      await writer.close();
    }
    expect(errors).toEqual([]);
  });
});
