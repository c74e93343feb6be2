// e2e journeys: a built web app + a real server on a temporary PGlite dir, driven by Debian's chromium.
import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './support/workers.js';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/journeys/**/*.e2e.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // After a failure the output says what the open pages showed and last asked (docs/testing.md "After a failure").
    setupFiles: ['e2e/support/report-failures.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // E2E_WORKERS files at once (2 by default), each worker on a demo server of its own (docs/testing.md "Journeys
    // side by side").
    maxWorkers: e2eWorkers(),
    // A loaded CI machine renders slower than a quiet one: poll assertions wait up to 20 s (two journeys timed
    // out at 10 s on a loaded 2-core machine, each after a click in a dialog). A server that is slow, not the
    // browser, shows in the server's warnings printed at the end (docs/server.md "Request log").
    expect: { poll: { timeout: 20_000, interval: 50 } },
  },
});
