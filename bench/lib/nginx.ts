// Debian's nginx in front of API nodes for a benchmark (docs/lessons.md "More than one node"): deploy/nginx.conf as
// committed, with its upstream's servers replaced by the given nodes and its port by a free one, run from a
// temporary prefix directory (the lines marked (run) are relative to it), in the foreground as a child of the bench.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../e2e/support/server-process.js';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface RunningNginx {
  baseURL: string;
  /** The master's process id. */
  pid: number;
  /** The master and its workers, as they are now. */
  pids: () => number[];
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
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

/** The child processes of `pid` (its workers), from /proc. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** deploy/nginx.conf with `upstreams` (host:port) as its servers and `port` as its listening port. */
export function derivedConfig(upstreams: string[], port: number): string {
  const committed = readFileSync(join(repoRoot, 'deploy/nginx.conf'), 'utf8');
  const servers = /^( *)server 127\.0\.0\.1:8081 ([^;\n]*);\n *server 127\.0\.0\.1:8082 [^;\n]*;\n/m;
  const listen = /^( *)listen 8080;$/m;
  if (!servers.test(committed) || !listen.test(committed))
    throw new Error(
      'deploy/nginx.conf changed: its upstream servers or its listen line are not where the bench expects',
    );
  return committed
    .replace(servers, (_, indent: string, options: string) =>
      upstreams.map((u) => `${indent}server ${u} ${options};\n`).join(''),
    )
    .replace(listen, (_, indent: string) => `${indent}listen 127.0.0.1:${port};`);
}

export async function startNginx(upstreams: string[]): Promise<RunningNginx> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'edu-nginx-'));
  // The workers run as nginx's unprivileged user when started by root: they must reach the temp paths.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'logs'));
  mkdirSync(join(dir, 'tmp'));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, derivedConfig(upstreams, port));
  execFileSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let out = '';
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${out}`);
    try {
      if ((await fetch(`${baseURL}/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer within 20 s: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid ?? 0;
  return {
    baseURL,
    pid,
    pids: () => [pid, ...childrenOf(pid)],
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const done = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
