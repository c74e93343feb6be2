// Starts the bare reference (bare-server.ts) as a process of its own, as the app runs: Fastify + `pg` (or PGlite)
// with a hello route and a single-INSERT route, for the shares of docs/performance.md "Request path".
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from '../../e2e/support/server-process.js';

export interface BareReference {
  baseURL: string;
  pid: number;
  stop: () => Promise<void>;
}

/** On PostgreSQL at `databaseUrl` (its own table in that database), else on PGlite in a fresh data directory. */
export async function startBareReference(opts: { databaseUrl?: string }): Promise<BareReference> {
  const port = await freePort();
  const pgliteDir = opts.databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'edu-bare-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bare-server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      ...(opts.databaseUrl ? { BARE_DATABASE_URL: opts.databaseUrl } : { BARE_PGLITE_DIR: pgliteDir }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('listening ')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`bare reference exited (${code}):\n${out}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    baseURL: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    },
  };
}
