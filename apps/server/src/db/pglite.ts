// Opens the embedded PGlite database with the contrib extensions the schema relies on.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Contrib modules PGlite loads on every open (it loads them per process; the migration then runs
 * CREATE EXTENSION). Only pg_trgm: measured on PGlite 0.5.16, registering `ltree` next to it makes
 * pg_trgm's `%` operator answer no row, and the next query hang: on every open with pg_trgm declared
 * first, on about one open in seven with ltree first (the modules load concurrently). The schema does not need ltree:
 * knowledge codes are materialised paths on a text_pattern_ops index. See docs/pglite.md; the
 * regression test is in database.test.ts.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * `dataDir` undefined opens an in-memory database (tests); `loadDataDir` starts it from a dump of another
 * data directory (`dumpDataDir`), as the tests' seeded copy does.
 */
export function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) });
}
