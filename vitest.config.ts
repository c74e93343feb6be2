// Unit and API test projects. e2e has its own config (e2e/vitest.config.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
          // The property tests run hundreds of random trainings: seconds each on a loaded machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Trusted routes' answers parsed with their response schema all the same (lib/route.ts).
          env: { CHECK_TRUSTED_RESPONSES: '1' },
          // Migrates and seeds the demo database once; each file's createTestApp starts from a copy.
          globalSetup: ['apps/server/src/test/seeded-template.ts'],
          // The files a worker runs share one process and module graph: the app's modules and packages are loaded
          // once per worker, not once per file (docs/testing.md "Running the suite").
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          // Checks over the whole repository (docs and the citations that point into them).
          name: 'repo',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
    ],
  },
});
