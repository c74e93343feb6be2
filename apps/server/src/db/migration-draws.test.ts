// Migration 0050 on a database holding trainings written before it (docs/practice-engine.md "The training service"):
// every state's drawn list becomes a row of training_draws and leaves the state, and a finished paper's
// statistics — unfolded and folded again by the state's rewrite — still count every drawn question (read from the
// rows by then: a fold that missed them would leave the paper without items).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate.js';
import { openPglite } from './pglite.js';

const BEFORE = '0049_trainings_fillfactor';
let pg: PGlite;
let earlier: string;

/** A copy of the migrations folder that ends at `last`. */
function migrationsUpTo(last: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag === last);
  journal.entries = journal.entries.slice(0, upTo + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

beforeAll(async () => {
  pg = await openPglite();
  earlier = migrationsUpTo(BEFORE);
  await migrate(drizzle(pg), { migrationsFolder: earlier });
});
afterAll(async () => {
  await pg.close();
  fs.rmSync(earlier, { recursive: true, force: true });
});

describe('migration 0050: drawn ids out of the state', () => {
  it('moves each drawn list to rows in order, keeps the rest of the state and the statistics', async () => {
    await pg.exec(`insert into agencies (id, name) values ('m', '迁移机构');
      insert into users (username, name, password_hash) values ('m_student', '迁移学生', 'x');`);
    const user = (await pg.query<{ id: number }>(`select id from users where username = 'm_student'`)).rows[0].id;
    const insert = async (type: string, status: string, state: object) =>
      (
        await pg.query<{ id: number }>(
          `insert into trainings (agency_id, scheme_id, user_id, scheme, seed, status, state, started_at, ended_at)
           values ('m', 7, $1, $2::jsonb, 1, $3, $4::json, '2026-11-01T08:00:00Z',
                   case when $3 = 'running' then null else '2026-11-01T09:00:00Z'::timestamptz end)
           returning id`,
          [user, JSON.stringify({ type }), status, JSON.stringify(state)],
        )
      ).rows[0].id;
    const running = await insert('general', 'running', { status: 'running', drawn: ['11', '12', '13'], score: 2 });
    const paper = await insert('paper', 'finished', { status: 'finished', drawn: ['21', '22'], score: 1 });
    const none = await insert('general', 'finished', { status: 'finished', score: 0 });
    const items = async () =>
      (
        await pg.query<{ q: string; score: number; attempted: boolean }>(
          `select question_id::text as q, score, attempted from scheme_stat_items where training_id = $1 order by 1`,
          [paper],
        )
      ).rows;
    const statsBefore = await items();
    expect(statsBefore).toEqual([
      { q: '21', score: 0, attempted: false },
      { q: '22', score: 0, attempted: false },
    ]);

    await migrate(drizzle(pg), { migrationsFolder: MIGRATIONS_FOLDER });

    const draws = (
      await pg.query<{ t: number; n: number; ids: string[] }>(
        'select training_id as t, n, question_ids as ids from training_draws order by training_id, n',
      )
    ).rows;
    expect(draws).toEqual([
      { t: running, n: 0, ids: ['11', '12', '13'] },
      { t: paper, n: 0, ids: ['21', '22'] },
    ]);
    const states = (
      await pg.query<{ id: number; state: Record<string, unknown> }>('select id, state from trainings order by id')
    ).rows;
    expect(states).toEqual([
      { id: running, state: { status: 'running', score: 2 } },
      { id: paper, state: { status: 'finished', score: 1 } },
      { id: none, state: { status: 'finished', score: 0 } },
    ]);
    expect(await items()).toEqual(statsBefore);
  });
});
