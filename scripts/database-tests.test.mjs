// The PostgreSQL stage's files (database-tests.mjs): every file that can run differently on PostgreSQL, and none
// that cannot.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseTestFiles } from './database-tests.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = databaseTestFiles(root);

describe('the server test files the PostgreSQL stage runs', () => {
  it('holds the files that start an app (createTestApp), directly or through a helper', () => {
    expect(files).toContain('apps/server/src/features/training/answer-batch.test.ts');
    expect(readFileSync(`${root}apps/server/src/api-fuzz-empty.test.ts`, 'utf8')).not.toContain('test-app');
    expect(files).toContain('apps/server/src/api-fuzz-empty.test.ts');
  });

  it('holds the files that read TEST_DB or TEST_DATABASE_URL themselves', () => {
    expect(files).toContain('apps/server/src/db/postgres-named.test.ts');
    expect(files).toContain('apps/server/src/jobs/job-queue.test.ts');
  });

  it('leaves out the files that never reach the test database', () => {
    expect(files).not.toContain('apps/server/src/lib/route.test.ts');
    expect(files).not.toContain('apps/server/src/features/reading/language/language-thread.test.ts');
    expect(files.length).toBeGreaterThan(100);
  });

  it('follows imports through a chain of helpers and stops at cycles', () => {
    const texts = {
      '/r/s/a.test.ts': "import { b } from './b.js';",
      '/r/s/b.ts': "import { c } from './c.js';\nimport { a } from './a.test.js';",
      '/r/s/c.ts': 'export const url = process.env.TEST_DATABASE_URL;',
      '/r/s/d.test.ts': "import { e } from './e.js';",
      '/r/s/e.ts': "import { d } from './d.test.js';",
      // f reaches h only through g, which it imports first while g is still being looked at from f.
      '/r/s/f.test.ts': "import { g } from './g.js';",
      '/r/s/g.ts': "import { f } from './f.test.js';\nimport { x } from './x.js';",
      '/r/s/x.ts': "import { g } from './g.js';\nimport { h } from './h.js';",
      '/r/s/h.ts': 'const db = process.env.TEST_DB;',
      '/r/s/y.test.ts': "import { x } from './x.js';",
    };
    const fake = databaseTestFiles('/r', 's', (p) => texts[p], {
      exists: (p) => p in texts,
      list: () => Object.keys(texts).filter((p) => p.endsWith('.test.ts')),
    });
    expect(fake).toEqual(['s/a.test.ts', 's/f.test.ts', 's/y.test.ts']);
  });
});
