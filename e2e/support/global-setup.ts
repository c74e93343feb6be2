// Builds the web app once, checks the build against the bundle budget (the student's initial JS and the
// precompressed assets, docs/performance.md "Bundle") and starts one demo server for each worker: the journeys a worker
// runs share its server, and files that run at the same time never share one (docs/testing.md "Journeys side by side").
// E2E_WEB_DIST=/some/dir builds into (and serves from) that directory instead of apps/web/dist, so that
// several e2e runs on one machine do not rebuild each other's files.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer, type RunningServer } from './server-process.js';
import { e2eWorkers } from './workers.js';

let servers: RunningServer[] = [];

export async function setup(project: TestProject): Promise<void> {
  const webDist = process.env.E2E_WEB_DIST;
  const distDir = webDist ?? join(repoRoot, 'apps/web/dist');
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(distDir, 'index.html'))) {
    const outDir = webDist ? ` -- --outDir ${JSON.stringify(webDist)} --emptyOutDir` : '';
    // vitest sets NODE_ENV=test; the journeys drive the production bundle users get.
    execSync(`npm run build -w @edu/web${outDir}`, {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  // Fails the run when the student's first load grows over its brotli budget or an asset lacks its .br/.gz.
  execSync(`npm run check:bundle -w @edu/web -- ${JSON.stringify(distDir)}`, { cwd: repoRoot, stdio: 'inherit' });
  servers = await Promise.all(Array.from({ length: e2eWorkers() }, () => startServer()));
  project.provide(
    'baseURLs',
    servers.map((s) => s.baseURL),
  );
}

/** The server logs at warn (server-process.ts): what it printed is worth reading, above all after a failure. */
const SERVER_LOG_TAIL = 30_000;

export async function teardown(): Promise<void> {
  servers.forEach((server, i) => {
    const out = server.output().trim();
    if (out)
      console.log(
        `\n--- demo server ${i + 1}'s output at warn level (docs/server.md "Request log") ---\n${out.slice(-SERVER_LOG_TAIL)}`,
      );
  });
  await Promise.all(servers.map((s) => s.stop()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One demo server for each worker (demo-server.ts picks a file's). */
    baseURLs: string[];
  }
}
