// Builds the web app once and starts one demo server shared by all journeys.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer, type RunningServer } from './server-process.js';

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    execSync('npm run build -w @edu/web', { cwd: repoRoot, stdio: 'inherit' });
  }
  server = await startServer();
  project.provide('baseURL', server.baseURL);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
