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
    testTimeout: 20_000,
  },
});
