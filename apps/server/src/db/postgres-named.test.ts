// Named statements on PostgreSQL (postgres-named.ts): a data statement sent a second time on a connection is
// prepared there under a name of its own, the least recently used deallocated past the limit; everything else, and
// a text sent once, goes as it was. On the
// run's PostgreSQL (TEST_DATABASE_URL, which `npm test` requires for its PostgreSQL stage), whichever database
// the server tests use.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { namingClient } from './postgres-named.js';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let pool: pg.Pool | undefined;
afterEach(async () => {
  await pool?.end();
  pool = undefined;
});

/** One connection, so that every query sees the same session's prepared statements. */
function onePool(limit: number) {
  pool = new pg.Pool({ connectionString: url, max: 1, Client: namingClient(limit) });
  return pool;
}

/** The session's prepared statements, read by a text ending in ';' (never named itself). */
const prepared = async (p: pg.Pool) =>
  (
    await p.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements order by name;',
    )
  ).rows;

describe('named statements on PostgreSQL', () => {
  it('prepares a data statement the second time it is sent and reuses it, in every form of query', async () => {
    const p = onePool(10);
    expect((await p.query('select $1::int + 1 as n', [0])).rows).toEqual([{ n: 1 }]);
    expect(await prepared(p)).toEqual([]);
    expect((await p.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
    expect((await p.query({ text: 'select $1::int + 1 as n', values: [2] })).rows).toEqual([{ n: 3 }]);
    expect((await p.query({ text: 'select $1::int + 1 as n', rowMode: 'array' }, [3])).rows).toEqual([[4]]);
    const client = await p.connect();
    try {
      await client.query('begin');
      expect((await client.query('select $1::int + 1 as n', [4])).rows).toEqual([{ n: 5 }]);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await prepared(p)).toEqual([{ name: 'edu_1', statement: 'select $1::int + 1 as n' }]);
  });

  it('leaves statements that are not a single data statement, and names of their own, as they were', async () => {
    const p = onePool(10);
    await p.query('set application_name = $$named-test$$');
    await p.query('select 1; select 2');
    await p.query('select 1; select 2');
    await p.query({ name: 'mine', text: 'select $1::text as t', values: ['x'] });
    // A text this long is built for one call (rows in bulk): never named, however often it comes.
    const long = `select $1::int as n, '${'x'.repeat(9000)}' as pad`;
    await p.query(long, [1]);
    await p.query(long, [2]);
    expect((await prepared(p)).map((r) => r.name)).toEqual(['mine']);
  });

  it('keeps at most the limit, deallocating the least recently used, and prepares a forgotten text again', async () => {
    const p = onePool(3);
    const twice = async (text: string) => {
      await p.query(text, [1]);
      await p.query(text, [2]);
    };
    await twice('select $1::int as a');
    await twice('select $1::int as b');
    await p.query('select $1::int as a', [3]); // a used again: b is now the oldest
    await twice('select $1::int as c'); // three kept: a, b, c
    await twice('select $1::int as d'); // b deallocated
    expect((await prepared(p)).map((r) => r.statement).sort()).toEqual([
      'select $1::int as a',
      'select $1::int as c',
      'select $1::int as d',
    ]);
    // b again: sent once unnamed, then prepared under a new name, answered right each time.
    expect((await p.query('select $1::int as b', [7])).rows).toEqual([{ b: 7 }]);
    expect((await p.query('select $1::int as b', [8])).rows).toEqual([{ b: 8 }]);
    expect((await prepared(p)).map((r) => r.statement)).toContain('select $1::int as b');
  });

  it('with a limit of 0 names nothing', async () => {
    const p = onePool(0);
    await p.query('select $1::int as a', [1]);
    await p.query('select $1::int as a', [2]);
    expect(await prepared(p)).toEqual([]);
  });

  it('survives a failing statement and an aborted transaction', async () => {
    const p = onePool(2);
    for (let i = 0; i < 2; i++) {
      await expect(p.query('select $1::int / 0 as x', [1])).rejects.toThrow(/division by zero/);
      expect((await p.query('select $1::int / 1 as x', [1])).rows).toEqual([{ x: 1 }]);
    }
    await p.query('select $1::int as y', [0]); // seen once: named when it comes again
    const client = await p.connect();
    try {
      await client.query('begin');
      await expect(client.query('select $1::int / 0 as x', [1])).rejects.toThrow();
      // A new text evicts one while the transaction is aborted: its deallocation fails quietly.
      await expect(client.query('select $1::int as y', [1])).rejects.toThrow(/aborted/);
      await client.query('rollback');
      expect((await client.query('select $1::int as y', [5])).rows).toEqual([{ y: 5 }]);
    } finally {
      client.release();
    }
  });

  it("never aborts a caller's transaction when it forgets a statement whose parse failed", async () => {
    const p = onePool(2);
    // One checked-out connection throughout (the pool replaces a connection whose pool.query failed).
    const client = await p.connect();
    try {
      const broken = 'select $1::int as n from no_such_table';
      await expect(client.query(broken, [1])).rejects.toThrow(/no_such_table/);
      await expect(client.query(broken, [1])).rejects.toThrow(/no_such_table/); // named, its parse failed
      await client.query('begin');
      for (const text of ['select $1::int as a', 'select $1::int as b']) {
        await client.query(text, [1]);
        await client.query(text, [2]); // the second named statement pushes the broken one out
      }
      expect((await client.query('select $1::int as c', [3])).rows).toEqual([{ c: 3 }]);
      await client.query('commit');
    } finally {
      client.release();
    }
  });
});
