// Checks that an on-disk PGlite database reopens cleanly after its process is SIGKILLed mid-write.
// Usage: npx tsx apps/server/src/scripts/pglite-crash-check.ts [rounds=5] [dir]
// Each round starts a child that inserts rows in a loop (single rows, multi-row transactions and
// updates), kills it with SIGKILL at a random moment, then reopens the directory here, checks the
// row count against what the child had reported as committed, and verifies the table with a full
// scan, an index scan and a new write. The result is recorded in docs/pglite.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

import { openPglite as open } from '../db/pglite.js';

async function child(dir: string): Promise<void> {
  const db = await open(dir);
  await db.exec(`CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE TABLE IF NOT EXISTS crash_rows (id bigserial PRIMARY KEY, payload text NOT NULL, n int NOT NULL DEFAULT 0);
    CREATE INDEX IF NOT EXISTS crash_rows_payload ON crash_rows USING gin (payload gin_trgm_ops);`);
  for (let i = 0; ; i++) {
    const payload = `row ${i} ${'x'.repeat(100 + (i % 200))}`;
    if (i % 3 === 0) {
      await db.transaction(async (tx) => {
        for (let j = 0; j < 20; j++)
          await tx.query('INSERT INTO crash_rows (payload) VALUES ($1)', [`${payload}-${j}`]);
        await tx.query('UPDATE crash_rows SET n = n + 1 WHERE id % 7 = $1', [i % 7]);
      });
    } else {
      await db.query('INSERT INTO crash_rows (payload) VALUES ($1)', [payload]);
    }
    // Report the committed count so the parent knows the lower bound that must survive.
    if (i % 10 === 0) {
      const r = await db.query<{ c: number }>('SELECT count(*)::int AS c FROM crash_rows');
      process.stdout.write(`committed ${r.rows[0].c}\n`);
    }
  }
}

async function round(dir: string, n: number): Promise<{ ok: boolean; line: string }> {
  const self = fileURLToPath(import.meta.url);
  const proc = spawn(process.execPath, ['--import', 'tsx', self, 'child', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let committed = 0;
  proc.stdout.on('data', (b: Buffer) => {
    for (const m of b.toString().matchAll(/committed (\d+)/g)) committed = Number(m[1]);
  });
  // Wait for the child to be writing, then kill it at a random point of its loop.
  const started = Date.now();
  while (committed === 0 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200 + Math.random() * 1500));
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;

  const t0 = Date.now();
  let db: PGlite | undefined;
  try {
    db = await open(dir);
    const one = async (q: string) => (await db!.query<{ c: number }>(q)).rows[0]?.c ?? -1;
    const count = await one('SELECT count(*)::int AS c FROM crash_rows');
    // The same rows read through the primary-key index and through the trigram GIN index
    // must agree with the heap scan: a torn index would show up here.
    await db.exec('SET enable_seqscan = off');
    const byPk = await one('SELECT count(*)::int AS c FROM crash_rows WHERE id > 0');
    const byTrgm = await one("SELECT count(*)::int AS c FROM crash_rows WHERE payload LIKE '%row 1%'");
    await db.exec('SET enable_seqscan = on');
    const byHeap = await one("SELECT count(*)::int AS c FROM crash_rows WHERE payload LIKE '%row 1%'");
    await db.query("INSERT INTO crash_rows (payload) VALUES ('after-crash')");
    const after = await one('SELECT count(*)::int AS c FROM crash_rows');
    const ok = count >= committed && byPk === count && byTrgm === byHeap && after === count + 1;
    return {
      ok,
      line: `round ${n}: reopened in ${Date.now() - t0} ms; rows ${count} (child had reported ${committed} committed); pk index ${byPk}; trigram index ${byTrgm}/${byHeap}; write after reopen ${after === count + 1 ? 'ok' : 'failed'} -> ${ok ? 'OK' : 'FAIL'}`,
    };
  } catch (e) {
    return { ok: false, line: `round ${n}: reopen FAILED: ${(e as Error).message}` };
  } finally {
    await db?.close();
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === 'child') return child(process.argv[3]);
  const rounds = Number(process.argv[2] ?? 5);
  const dir = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'pglite-crash-'));
  let failures = 0;
  for (let i = 1; i <= rounds; i++) {
    const r = await round(dir, i);
    console.log(r.line);
    if (!r.ok) failures++;
  }
  console.log(`${rounds - failures}/${rounds} rounds reopened cleanly (data dir ${dir})`);
  if (!process.argv[3]) rmSync(dir, { recursive: true, force: true });
  process.exit(failures === 0 ? 0 : 1);
}

await main();
