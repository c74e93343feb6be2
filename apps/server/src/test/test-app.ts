// A fresh app on a fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
// PostgreSQL database per file when TEST_DB=postgres and TEST_DATABASE_URL is set (dropped afterwards). The demo
// seed is copied from the run's seeded template (seeded-template.ts, docs/testing.md "Test databases"). No mocks of
// the database.
import { randomBytes } from 'node:crypto';
import type { Envelope } from '@edu/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { readFileSync } from 'node:fs';
import { expect, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { DEMO_PASSWORD } from '../seed/seed-data.js';
import { demoSeedNotice, seedDatabase, type SeedResult } from '../seed/seed.js';
import { manualClock } from '../lib/clock.js';
import { adminQuery, withDatabase, type SeededTemplate } from './seeded-template.js';

const DEMO_SEED_RESULT: SeedResult = { demoSeeded: true, notice: demoSeedNotice() };

async function migrateAndSeed(database: Database, config: Config): Promise<SeedResult> {
  await migrateDatabase(database);
  return seedDatabase(database.db, config);
}

export const usePostgres = () => process.env.TEST_DB === 'postgres';

interface TestDatabase {
  database: Database;
  drop: () => Promise<void>;
}

/**
 * A new PostgreSQL database for one file: a copy of the run's seeded template when `template` is given (see
 * seeded-template.ts), else empty.
 */
async function createPostgresDatabase(template: string | null): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test)');
  const name = `edu_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 4 });
  return {
    database,
    drop: async () => {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The run's migrated and seeded demo database (seeded-template.ts); null outside the server project. */
function seededTemplate(): SeededTemplate | null {
  try {
    return inject('seededTemplate') ?? null;
  } catch {
    return null;
  }
}

/** A fresh database; `seeded`: already migrated and seeded with the demo data, copied from the run's template. */
async function createTestDatabase(
  wantSeeded: boolean,
  namedStatements: number,
): Promise<TestDatabase & { seeded: boolean }> {
  const template = wantSeeded ? seededTemplate() : null;
  if (usePostgres()) {
    const copy = template?.kind === 'postgres' ? template.location : null;
    return { ...(await createPostgresDatabase(copy)), seeded: copy !== null };
  }
  const dump = template?.kind === 'pglite' ? new Blob([readFileSync(template.location)]) : undefined;
  const database = await openDatabase({ loadDataDir: dump, namedStatements });
  return { database, drop: () => database.close(), seeded: dump !== undefined };
}

export interface CallOptions {
  token?: string;
  agency?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * `seed: 'demo'` (default) seeds the demo data; 'none' leaves only dictionaries and the bootstrap
 * admin (from config.adminPassword, or a one-time password).
 */
export async function createTestApp(
  opts: {
    config?: Partial<Config>;
    seed?: 'demo' | 'none';
    /** Runs on the built app before it is ready: hooks of a test's own on every route. */
    beforeReady?: (app: FastifyInstance) => void;
  } & Partial<Pick<BuildAppOptions, 'loginLimiter' | 'extraRoutes'>> = {},
) {
  const config = testConfig({ seed: opts.seed ?? 'demo', ...opts.config });
  const {
    database,
    drop,
    seeded: copied,
  } = await createTestDatabase(config.seed === 'demo', config.pgliteNamedStatements);
  // A copied database is the demo seed as seedDatabase leaves it; its notice is the demo one.
  const seeded = copied ? DEMO_SEED_RESULT : await migrateAndSeed(database, config);
  const clock = manualClock(Date.UTC(2026, 0, 5, 8, 0, 0));
  const app: FastifyInstance = await buildApp({
    db: database.db,
    config,
    clock,
    loginLimiter: opts.loginLimiter,
    extraRoutes: opts.extraRoutes,
  });
  opts.beforeReady?.(app);
  await app.ready();

  async function call<T = unknown>(method: InjectOptions['method'], url: string, o: CallOptions = {}) {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.agency) headers['x-agency-id'] = o.agency;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(o.body !== undefined ? { payload: o.body as InjectOptions['payload'] } : {}),
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
    return {
      status: res.statusCode,
      body: (isJson ? res.json() : undefined) as Envelope<T>,
      headers: res.headers,
      raw: res,
    };
  }

  /** Logs in (demo password by default) and returns the access token. */
  async function login(username: string, password = DEMO_PASSWORD): Promise<string> {
    const r = await call<{ access_token: string }>('POST', '/v1/auth/login', {
      body: { request: { username, password } },
    });
    expect(r.body.errno, `login ${username}: ${r.body.errmsg}`).toBe(0);
    return r.body.response.access_token;
  }

  return {
    app,
    db: database.db,
    database,
    config,
    clock,
    seedNotice: seeded.notice,
    call,
    login,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** Asserts an error envelope: HTTP status equals errno, and the envelope's shape. */
/** Typed asymmetric matchers: vitest's return `any`, which the lint rules refuse inside object literals. */
export const anyString = (): string => expect.any(String) as string;
export const stringContaining = (s: string): string => expect.stringContaining(s) as string;
export const stringMatching = (r: RegExp): string => expect.stringMatching(r) as string;

export function expectError(r: { status: number; body: Envelope<unknown> }, errno: number) {
  expect({ status: r.status, errno: r.body.errno }, JSON.stringify(r.body)).toEqual({ status: errno, errno });
  expect(typeof r.body.errmsg).toBe('string');
  expect(r.body.errmsg.length).toBeGreaterThan(0);
  expect(r.body.error).toMatch(/^[a-z_]+$/);
}

export function expectOk<T>(r: { status: number; body: Envelope<T> }): T {
  expect({ status: r.status, errno: r.body.errno, errmsg: r.body.errmsg }).toEqual({
    status: 200,
    errno: 0,
    errmsg: '',
  });
  return r.body.response;
}
