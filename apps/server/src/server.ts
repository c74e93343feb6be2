// Process entry: config → data-dir lock (PGlite) → open → migrate → seed → app → listen, and a
// graceful shutdown on SIGTERM/SIGINT (close the server, then the database, then the lock).
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { analyzePeriodically } from './db/pglite-analyze.js';
import { cleanPendingListsPeriodically } from './db/gin-pending.js';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock.js';
import { migrateDatabase } from './db/migrate.js';
import { seedDatabase } from './seed/seed.js';
import { seedDemoPractice } from './seed/seed-trainings.js';
import { seedDemoMarking } from './seed/seed-marking.js';
import { seedDemoTasks } from './seed/seed-tasks.js';
import { seedDemoLessons } from './seed/seed-lessons.js';
import { seedDemoPlacement } from './seed/seed-placement.js';
import { createServices } from './services.js';

/** Strips the password from a PostgreSQL URL for logs. */
const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  let lock: DataDirLock | undefined;
  let database: Database | undefined;
  try {
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      namedStatements: config.pgliteNamedStatements,
      pgNamedStatements: config.pgNamedStatements,
    });
    console.log(
      config.databaseUrl
        ? `Database: PostgreSQL ${redact(config.databaseUrl)}`
        : `Database: embedded PGlite in ${config.dataDir}`,
    );
    await migrateDatabase(database);
    const { notice, demoSeeded } = await seedDatabase(database.db, config);
    const { db } = database;
    if (demoSeeded) await seedDemoPractice(db, (clock) => createServices({ db, config, clock }).training);
    if (demoSeeded) await seedDemoMarking(db, (clock) => createServices({ db, config, clock }));
    if (demoSeeded) await seedDemoTasks(db, (clock) => createServices({ db, config, clock }));
    if (demoSeeded) await seedDemoLessons(db);
    if (demoSeeded) await seedDemoPlacement(db);
    for (const line of notice) console.log(line);
  } catch (e) {
    await database?.close().catch(() => undefined);
    lock?.release();
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  const app = await buildApp({ db: database.db, config });
  // PGlite runs no autovacuum: the server analyses its changed tables instead (db/pglite-analyze.ts).
  const stopAnalyze =
    database.kind === 'pglite'
      ? analyzePeriodically(database.client, config.pgliteAnalyzeSeconds, (err) =>
          app.log.error({ err }, 'analysing changed tables failed'),
        )
      : () => Promise.resolve();
  // The GIN indexes' pending lists merged off the request path (db/gin-pending.ts).
  const stopCleaning = cleanPendingListsPeriodically(database.db, config.ginCleanSeconds, (err) =>
    app.log.error({ err }, 'merging GIN pending lists failed'),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: shutting down`);
    // A stuck connection must not keep the process (and the data-dir lock) forever.
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 10 s; exiting anyway.');
      lock?.release();
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await stopAnalyze();
      await stopCleaning();
      await database.close();
    } finally {
      lock?.release();
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const scheme = config.tls ? 'https' : 'http';
  const protocols = config.tls ? ', HTTP/2 and HTTP/1.1' : '';
  console.log(`edu-platform is listening on ${scheme}://${shown}:${config.port}${protocols} (API docs at /docs)`);
}

main().catch((e) => {
  console.error('Start failed:', e);
  process.exit(1);
});
