// Starts the real server (tsx apps/server/src/server.ts) on a free port and a fresh PGlite data dir.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseURL: string;
  /** The PGlite data directory (kept by `kill`, removed by `stop` unless the caller passed it in). */
  dataDir: string;
  /** The server's process id. */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
  /** SIGKILL, as a crash would: nothing is flushed or closed; the data directory stays. */
  kill: () => Promise<void>;
}

/** A port free on 127.0.0.1 now (the OS's pick for port 0). */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

/**
 * How long a server may take to answer its first health check before the start counts as hung. The wait itself is
 * for the state (healthy, or the process gone); this only stops a hang. A loaded 2-core machine took over 90 s to
 * compile and migrate (docs/testing.md "Starting servers"), so the bound is generous, just under the hooks' 180 s
 * (e2e/vitest.config.ts) so that a hung server is killed and its output shown; E2E_SERVER_START_MS sets it.
 */
const START_GUARD_MS = (() => {
  const set = Number(process.env.E2E_SERVER_START_MS);
  return Number.isFinite(set) && set > 0 ? set : 170_000;
})();

/** Whether the server answers its health check: over TLS trusting `ca` when it has a certificate of its own. */
function healthy(baseURL: string, ca?: string): Promise<boolean> {
  if (!ca) return fetch(`${baseURL}/v1/health`).then((r) => r.ok);
  return new Promise((resolve, reject) => {
    httpsGet(`${baseURL}/v1/health`, { ca, agent: false }, (r) => {
      r.resume();
      resolve(r.statusCode === 200);
    }).once('error', reject);
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, log: () => string, ca?: string): Promise<void> {
  const deadline = Date.now() + START_GUARD_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${log()}`);
    try {
      if (await healthy(baseURL, ca)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy within ${START_GUARD_MS} ms:\n${log()}`);
}

/** A certificate the server is started with (TLS_CERT_FILE, TLS_KEY_FILE): it then speaks HTTP/2 over TLS. */
export interface ServerCertificate {
  certFile: string;
  keyFile: string;
  /** The certificate (PEM) the health check trusts. */
  cert: string;
}

export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string; tls?: ServerCertificate } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'edu-e2e-'));
  let out = '';
  // The product's node flags (`npm start`'s, docs/server.md "Node flags"), then SERVER_NODE_ARGS: extra flags
  // (benchmarks: `--cpu-prof --cpu-prof-dir=/tmp/p`).
  const nodeArgs = [
    '--max-semi-space-size=64',
    '--no-allocation-site-pretenuring',
    ...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '10000',
      LOG_LEVEL: 'warn',
      // The journeys' fake AI provider listens on 127.0.0.1; an agency's own setting may reach it only when
      // allow-listed (docs/security.md "Outbound requests").
      AI_PROVIDER_ALLOWED_HOSTS: '127.0.0.1',
      // The web app built for this e2e run (global-setup.ts), for every server a journey starts.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...(opts.tls ? { TLS_CERT_FILE: opts.tls.certFile, TLS_KEY_FILE: opts.tls.keyFile } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const baseURL = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, () => out, opts.tls?.cert);
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => child.once('exit', () => r()));
  return {
    baseURL,
    dataDir,
    pid: child.pid ?? 0,
    output: () => out,
    kill: async () => {
      const done = exited();
      child.kill('SIGKILL');
      await done;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const done = exited();
        child.kill('SIGTERM');
        await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
