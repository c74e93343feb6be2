// Unit tests of the web app (jsdom); referenced as a project by the root vitest.config.ts.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { apiTablePlugin } from './src/build/api-table-plugin.js';

export default defineConfig({
  plugins: [react(), apiTablePlugin()],
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The files of a worker share one module graph (antd, React, the app are imported once per worker, not once
    // per file: 271 s → 119 s for the project on 2 cores). Safe because no test mocks a module and every file
    // restores the timers and globals it replaces (docs/testing.md "Running the suite").
    isolate: false,
    testTimeout: 20_000,
  },
});
