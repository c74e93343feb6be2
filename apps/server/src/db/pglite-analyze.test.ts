// PGlite runs no autovacuum; the server analyses changed tables itself (pglite-analyze.ts). A statement kept prepared
// while its table was small must get an index probe once the table has grown and been analysed, and only tables
// changed past autovacuum's threshold are analysed.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from './pglite.js';
import { analyzeChangedTables, analyzePeriodically } from './pglite-analyze.js';

let pg: PGlite;
beforeAll(async () => {
  pg = await openPglite();
});
afterAll(() => pg.close());

const JOIN = `with input as (select * from json_to_recordset($1::json) as x (id bigint))
  update grown set v = v + 1 from input where grown.id = input.id`;

async function planOf(): Promise<string> {
  const r = await pg.query<{ 'QUERY PLAN': string }>(`explain execute grown_join ('[{"id":5}]')`);
  return r.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('analysing changed tables on PGlite', () => {
  it('gives a statement planned on a small table an index probe once the table has grown (100,000 rows)', async () => {
    await pg.exec(`create table grown (id bigint primary key, v int);
      insert into grown select g, g from generate_series(1, 10) g;
      create table quiet (id int primary key); insert into quiet select g from generate_series(1, 40) g;`);
    expect(await analyzeChangedTables(pg)).toEqual([]); // 10 and 40 rows: under the threshold of 50
    await pg.exec(`prepare grown_join (json) as ${JOIN}`);
    for (let i = 0; i < 6; i++) await pg.query(`execute grown_join ('[{"id":5}]')`);
    expect(await planOf()).toMatch(/Seq Scan on grown/);
    await pg.exec('insert into grown select g, g from generate_series(11, 100000) g');
    expect(await planOf(), 'the plan made while the table was small stays').toMatch(/Seq Scan on grown/);
    expect(await analyzeChangedTables(pg)).toEqual(['public.grown']);
    expect(await planOf()).toMatch(/Index Scan using grown_pkey on grown/);
    expect(await analyzeChangedTables(pg), 'nothing changed since').toEqual([]);
  });

  it('analyses past the threshold of 50 rows and a tenth of the table', async () => {
    await pg.exec('update grown set v = v + 1 where id <= 10050'); // 10,050 of 100,000: 50 + a tenth, not more
    expect(await analyzeChangedTables(pg)).toEqual([]);
    await pg.exec('update grown set v = v + 1 where id = 1'); // one more
    expect(await analyzeChangedTables(pg)).toEqual(['public.grown']);
    await pg.exec(`create table "Odd name" (id int); insert into "Odd name" select generate_series(1, 60)`);
    expect(await analyzeChangedTables(pg)).toEqual(['public."Odd name"']);
  });

  it('runs at start and then every period, one run at a time, and stops', async () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      const client = {
        query: vi.fn(async (text: string) => {
          calls.push(text.trim().split(/\s+/)[0]);
          return { rows: [], fields: [], affectedRows: 0 };
        }),
      } as unknown as Pick<PGlite, 'query'>;
      const stop = analyzePeriodically(client, 60, () => undefined);
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toEqual(['select', 'select']);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toHaveLength(4);
      await stop();
      await vi.advanceTimersByTimeAsync(180_000);
      expect(calls).toHaveLength(4);
      const never = analyzePeriodically(client, 0, () => undefined);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(calls).toHaveLength(4);
      await never();
    } finally {
      vi.useRealTimers();
    }
  });
});
