// Named statements on PGlite (docs/pglite.md "Named statements"): the same results as PGlite's unnamed `query`,
// each data statement parsed once, the oldest closed past the limit, failures not kept, transactions kept whole.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.js';
import { NamedStatementClient } from './pglite-named.js';

let pg: PGlite;
let named: NamedStatementClient;

/** The server's named statements, as PostgreSQL lists them. */
async function preparedNames(): Promise<string[]> {
  const r = await pg.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return r.rows.map((row) => row.name);
}

beforeAll(async () => {
  pg = await openPglite();
  await pg.exec(`create table t (id int primary key, doc json, at timestamptz, tags text[]);
    insert into t values (1, '{"a":1}', '2026-01-05T08:00:00Z', '{x,y}'), (2, null, null, '{}');`);
  named = new NamedStatementClient(pg, 3);
});
afterAll(() => pg.close());

describe('NamedStatementClient', () => {
  it('answers what PGlite answers, in both row modes, with parameters of every type', async () => {
    const text = 'select id, doc, at, tags from t where id = any($1::int[]) and ($2::json is null or true) order by id';
    const params = [[1, 2], { b: [1, 2] }];
    for (const rowMode of ['object', 'array'] as const) {
      const mine = await named.query(text, params, { rowMode });
      const theirs = await pg.query(text, params, { rowMode });
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
    const insert = await named.query('insert into t (id, doc) values ($1, $2) returning id', [3, { c: 'x' }]);
    expect(insert.rows).toEqual([{ id: 3 }]);
    expect(insert.affectedRows).toBe(1);
  });

  it('parses a statement once and reuses it', async () => {
    const fresh = new NamedStatementClient(pg, 10);
    const before = (await preparedNames()).length;
    for (let i = 0; i < 5; i++) await fresh.query('select count(*)::int as n from t where id > $1', [i]);
    expect(fresh.preparedCount).toBe(1);
    expect((await preparedNames()).length).toBe(before + 1);
  });

  it('keeps at most its limit, closing the least recently used', async () => {
    const small = new NamedStatementClient(pg, 2);
    const names = async () => new Set(await preparedNames());
    const had = await names();
    await small.query('select 1 as a');
    await small.query('select 2 as b');
    await small.query('select 1 as a'); // used again: now the most recent
    await small.query('select 3 as c'); // evicts `select 2`
    expect(small.preparedCount).toBe(2);
    const added = [...(await names())].filter((n) => !had.has(n));
    expect(added).toHaveLength(2);
    expect((await small.query<{ b: number }>('select 2 as b')).rows).toEqual([{ b: 2 }]);
  });

  it('runs DDL and other statements unnamed, and nothing with a limit of 0', async () => {
    const off = new NamedStatementClient(pg, 0);
    await off.query('select 1');
    expect(off.preparedCount).toBe(0);
    await named.query('create temporary table scratch (v int)');
    await named.query('set statement_timeout = 0');
    expect((await preparedNames()).some((n) => n.startsWith('edu_'))).toBe(true);
  });

  it('keeps no statement that failed to parse, and names the statement in the error', async () => {
    const count = named.preparedCount;
    const err = await named.query('select nope from t where id = $1', [1]).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '42703', query: 'select nope from t where id = $1' });
    expect(named.preparedCount).toBe(count);
    // The session is usable afterwards.
    expect((await named.query<{ id: number }>('select id from t where id = $1', [1])).rows).toEqual([{ id: 1 }]);
  });

  it('runs inside a transaction, which commits or rolls back whole', async () => {
    await named.transaction(async (tx) => {
      await tx.query('insert into t (id) values ($1)', [10]);
      await tx.query('update t set doc = $2 where id = $1', [10, { in: 'tx' }]);
    });
    expect((await named.query('select doc from t where id = $1', [10])).rows).toEqual([{ doc: { in: 'tx' } }]);
    await expect(
      named.transaction(async (tx) => {
        await tx.query('insert into t (id) values ($1)', [11]);
        await tx.query('insert into t (id) values ($1)', [11]); // duplicate key: the transaction fails
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await named.query('select id from t where id = $1', [11])).rows).toEqual([]);
    // The statements prepared inside the failed transaction still work after it.
    expect((await named.query('insert into t (id) values ($1) returning id', [11])).rows).toEqual([{ id: 11 }]);
  });

  it('refuses a statement on a closed transaction, as PGlite does', async () => {
    let kept: Parameters<Parameters<NamedStatementClient['transaction']>[0]>[0] | undefined;
    await named.transaction(async (tx) => {
      kept = tx;
      await tx.query('select 1 as one');
    });
    await expect(kept!.query('select 1 as one')).rejects.toThrow('Transaction is closed');
  });
});
