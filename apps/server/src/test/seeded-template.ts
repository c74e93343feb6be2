// Global setup of the server test project: migrates and seeds the demo database once per run, so that each
// test file starts from a copy instead of migrating and seeding its own (docs/testing.md "Test databases").
// PGlite: a data-directory dump in a temporary file, loaded by each file's PGlite. PostgreSQL: a template
// database that each file's database is created from.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedDatabase } from '../seed/seed.js';

/** Where the seeded demo database waits: a dump file (PGlite) or a template database's name (PostgreSQL). */
export interface SeededTemplate {
  kind: 'pglite' | 'postgres';
  location: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate | null;
  }
}

async function migrateAndSeed(database: Database): Promise<void> {
  await migrateDatabase(database);
  await seedDatabase(database.db, testConfig({ seed: 'demo' }));
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

let cleanUp: (() => Promise<void>) | undefined;

export async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres' && url) {
    const name = `edu_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
    try {
      await migrateAndSeed(database);
    } finally {
      await database.close();
    }
    cleanUp = () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    project.provide('seededTemplate', { kind: 'postgres', location: name });
    return;
  }
  const database = await openDatabase({});
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  let dump: Blob;
  try {
    await migrateAndSeed(database);
    dump = await database.client.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'edu-seeded-'));
  const file = join(dir, 'demo.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  cleanUp = () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
  project.provide('seededTemplate', { kind: 'pglite', location: file });
}

export async function teardown(): Promise<void> {
  await cleanUp?.();
}
