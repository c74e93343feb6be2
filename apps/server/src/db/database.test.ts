// Database plumbing on the driver under test: migrations, seeding idempotence, the PGlite
// extension-order pitfall and the prefix index.
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { openPglite } from './pglite.js';
import { agencies, knowledgePoints, users } from './schema.js';
import { knowledgeRows, seedDatabase } from '../seed/seed.js';
import { DEMO_EXTRA_STUDENTS } from '../seed/seed-users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('migrations and seed', () => {
  it('installs pg_trgm and the knowledge prefix index', async () => {
    const ext = rowsOf<{ extname: string }>(
      await t.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`),
    );
    expect(ext).toHaveLength(1);
    const idx = rowsOf<{ indexdef: string }>(
      await t.db.execute(sql`select indexdef from pg_indexes where indexname = 'knowledge_points_code_prefix_idx'`),
    );
    expect(idx[0]?.indexdef).toContain('text_pattern_ops');
  });

  it("keeps a training's state as json, compressed with lz4 where the server has it (migration 0017)", async () => {
    const [col] = rowsOf<{ type: string; compression: string }>(
      await t.db.execute(sql`select atttypid::regtype::text as type, attcompression::text as compression
        from pg_attribute where attrelid = 'trainings'::regclass and attname = 'state'`),
    );
    const [setting] = rowsOf<{ lz4: boolean }>(
      await t.db.execute(
        sql`select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`,
      ),
    );
    expect(col.type).toBe('json');
    // 'l' = lz4; '' = the default (pglz), PGlite having no lz4.
    expect(col.compression).toBe(setting.lz4 ? 'l' : '');
  });

  it("leaves half of each page of trainings free for its rows' next versions (migration 0049)", async () => {
    const [table] = rowsOf<{ options: string[] }>(
      await t.db.execute(sql`select reloptions as options from pg_class where oid = 'trainings'::regclass`),
    );
    expect(table.options).toContain('fillfactor=50');
  });

  it('seeds only an empty database: a second run changes nothing', async () => {
    const counts = async () => ({
      users: (await t.db.select({ n: count() }).from(users))[0].n,
      agencies: (await t.db.select({ n: count() }).from(agencies))[0].n,
      points: (await t.db.select({ n: count() }).from(knowledgePoints))[0].n,
    });
    const before = await counts();
    // The seven accounts of docs/domain.md "Demo data", the second family of docs/parents.md "Demo data" and the
    // students the agency created of docs/users.md "Demo data".
    expect(before).toEqual({
      users: 7 + 2 + DEMO_EXTRA_STUDENTS.length,
      agencies: 2,
      points: knowledgeRows().length,
    });
    expect((await seedDatabase(t.db, t.config)).notice).toEqual([]);
    expect((await seedDatabase(t.db, { ...t.config, seed: 'none' })).notice).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('the demo tree goes down to lv2 for English and Maths, with consistent codes', () => {
    const rows = knowledgeRows();
    const codes = new Set(rows.map((r) => r.code));
    expect(rows.filter((r) => r.depth === 0).map((r) => r.code)).toEqual(['en', 'math']);
    for (const r of rows) {
      if (r.parentCode) expect(codes.has(r.parentCode), r.code).toBe(true);
      expect(r.code.split('.').length - 1).toBe(r.depth);
    }
    for (const subject of ['en', 'math'])
      expect(rows.some((r) => r.lv === 'lv2' && r.code.startsWith(`${subject}.`))).toBe(true);
  });
});

// Opens its own in-memory PGlite databases, so it runs whatever TEST_DB says.
describe('PGlite', () => {
  it("keeps pg_trgm's % operator working on every open (ltree pitfall, docs/pglite.md)", async () => {
    // The failure was intermittent (about one open in seven with ltree declared first): several opens.
    for (let i = 0; i < 6; i++) {
      const db = await openPglite();
      try {
        await db.exec(
          "CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE TABLE t (s text); INSERT INTO t VALUES ('row 1 xxxx'), ('row 2 xxxx'), ('other');",
        );
        const r = await db.query<{ c: number }>("SELECT count(*)::int AS c FROM t WHERE s % 'row 1 xxxx'");
        expect(r.rows, `open ${i + 1}`).toEqual([{ c: 2 }]);
      } finally {
        await db.close();
      }
    }
    // Six opens of a fresh PGlite (WASM start, extensions): seconds each on a busy machine.
  }, 120_000);
});
