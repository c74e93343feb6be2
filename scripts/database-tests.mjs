// Which of the server project's test files run differently on PostgreSQL: those that read TEST_DB or
// TEST_DATABASE_URL themselves or through a module they import (createTestApp in apps/server/src/test/test-app.ts
// does). The others (policies, parsers, language checks) run the same on both, so the PostgreSQL stage of
// `npm test` leaves them to the PGlite stage (docs/testing.md "Running the suite").
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What a module that depends on the test database mentions. */
const DATABASE_CHOICE = /\bTEST_DB\b|\bTEST_DATABASE_URL\b/;
/** Relative imports: static (`from './x.js'`, `import './x.js'`) and dynamic (`import('./x.js')`). */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The file a relative import names: `.js` written for a `.ts` source, or a folder's index. */
function resolveImport(from, spec, exists) {
  const base = resolve(dirname(from), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((c) => (c.endsWith('.ts') || c.endsWith('.tsx')) && exists(c));
}

/** `dir`'s files whose name ends with `.test.ts`, recursively. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The test files under `serverSrc` (paths relative to `root`) whose own text or whose relative imports, followed
 * through the repository, mention TEST_DB or TEST_DATABASE_URL. `read` and `fs` stand in for the disk in tests.
 */
export function databaseTestFiles(
  root,
  serverSrc = 'apps/server/src',
  read = (p) => readFileSync(p, 'utf8'),
  fs = { exists: existsSync, list: testFiles },
) {
  const texts = new Map();
  const textOf = (file) => {
    if (!texts.has(file)) texts.set(file, read(file));
    return texts.get(file);
  };
  /** Files known to reach the choice. Only `true` is remembered: a `false` found inside an import cycle may be wrong. */
  const reachers = new Set();
  const reaches = (file, seen) => {
    if (reachers.has(file)) return true;
    if (seen.has(file)) return false;
    seen.add(file);
    const text = textOf(file);
    const found =
      DATABASE_CHOICE.test(text) ||
      [...text.matchAll(RELATIVE_IMPORT)].some((m) => {
        const target = resolveImport(file, m[1], fs.exists);
        return target !== undefined && reaches(target, seen);
      });
    if (found) reachers.add(file);
    return found;
  };
  return fs
    .list(resolve(root, serverSrc))
    .filter((f) => reaches(f, new Set()))
    .map((f) => relative(root, f))
    .sort();
}
