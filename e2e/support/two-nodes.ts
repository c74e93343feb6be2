// Two API processes on one PostgreSQL database and one Redis behind nginx, as deploy/two-nodes.sh runs them
// (docs/lessons.md "More than one node"), for the two-node lesson journey: a fresh database of its own, a Redis key
// prefix of its own (so runs on one Redis do not share rooms), and the script itself started in a process group of
// its own so that everything it started (both nodes and nginx) can be stopped together, even after a failure.
// `.ci/run` installs nginx and starts PostgreSQL and Redis.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, repoRoot } from './server-process.js';

export const NGINX = '/usr/sbin/nginx';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** How long the script may take to start node A, node B and nginx before the start counts as hung. */
const START_GUARD_MS = 340_000;

export interface TwoNodes {
  /** nginx in front of both nodes, and each node on its own port. */
  proxyURL: string;
  nodeA: string;
  nodeB: string;
  ports: { proxy: number; a: number; b: number };
  /** The script's process id (its process group's id). */
  pid: number;
  /** The script's output, then the end of each node's log. */
  output: () => string;
  stop: () => Promise<void>;
}

/** A fresh database beside TEST_DATABASE_URL's, and a function that drops it (closing its connections). */
export async function freshDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `edu_e2e_nodes_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Fails by name when Redis does not answer PING (the nodes would start and silently share nothing). */
export async function requireRedis(redisUrl = REDIS_URL): Promise<void> {
  const { hostname, port } = new URL(redisUrl);
  const answer = await new Promise<string>((resolve) => {
    const s = connect(Number(port || 6379), hostname);
    let got = '';
    s.setTimeout(3000, () => s.destroy());
    s.once('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => {
      got += d.toString();
      if (got.includes('\r\n')) s.end();
    });
    s.once('close', () => resolve(got));
    s.once('error', () => undefined);
  });
  if (!answer.startsWith('+PONG'))
    throw new Error(`Redis does not answer at ${redisUrl} (${answer.trim() || 'no answer'}): .ci/run starts one`);
}

const healthy = (baseURL: string) =>
  fetch(`${baseURL}/v1/health`).then(
    (r) => r.ok,
    () => false,
  );

/**
 * Starts deploy/two-nodes.sh on free ports with the given database: node A migrates and seeds the demo data, node B
 * starts once A answers, then nginx. Started when nginx answers /v1/health; if the script ends first, the start
 * fails with its output and the nodes' logs.
 */
export async function startTwoNodes(databaseUrl: string): Promise<TwoNodes> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx (.ci/run does)`);
  const ports = { proxy: await freePort(), a: await freePort(), b: await freePort() };
  const runDir = mkdtempSync(join(tmpdir(), 'edu-two-nodes-'));
  // nginx's workers run as nobody when it starts as root, and write large responses to tmp/proxy under this folder.
  chmodSync(runDir, 0o755);
  let out = '';
  const child = spawn('deploy/two-nodes.sh', [], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      PATH: `${process.env.PATH ?? ''}:/usr/sbin:/sbin`,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: `edu-e2e:${randomBytes(6).toString('hex')}:`,
      SEED: 'demo',
      PORT: String(ports.proxy),
      PORT_A: String(ports.a),
      PORT_B: String(ports.b),
      RUN_DIR: runDir,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '10000',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const pid = child.pid ?? 0;
  const logTail = (name: string) => {
    const file = join(runDir, 'logs', `node-${name}.log`);
    return existsSync(file) ? `\n--- node ${name} ---\n${readFileSync(file, 'utf8').slice(-6000)}` : '';
  };
  const output = () => `${out}${logTail('A')}${logTail('B')}`;
  const stop = async () => {
    // The whole group: the script (whose trap stops its children), both nodes and nginx; then whatever is left.
    const signal = (s: NodeJS.Signals) => {
      try {
        process.kill(-pid, s);
      } catch {
        // the group is gone
      }
    };
    signal('SIGTERM');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && groupAlive(pid)) await new Promise((r) => setTimeout(r, 100));
    signal('SIGKILL');
    rmSync(runDir, { recursive: true, force: true });
  };
  const proxyURL = `http://127.0.0.1:${ports.proxy}`;
  const deadline = Date.now() + START_GUARD_MS;
  while (!(await healthy(proxyURL))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = output();
      await stop();
      throw new Error(`deploy/two-nodes.sh ended (${child.exitCode ?? child.signalCode}):\n${log}`);
    }
    if (Date.now() > deadline) {
      const log = output();
      await stop();
      throw new Error(`nginx did not answer within ${START_GUARD_MS} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    proxyURL,
    nodeA: `http://127.0.0.1:${ports.a}`,
    nodeB: `http://127.0.0.1:${ports.b}`,
    ports,
    pid,
    output,
    stop,
  };
}

/** Process ids of this machine (those of /proc). */
const pids = () => readdirSync('/proc').filter((d) => /^\d+$/.test(d));

/** The parent of `pid` (the field after the state in /proc/<pid>/stat; the name before it may hold spaces). */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** Whether a process of the group `pgid` is still running, not a zombie (the state and pgrp fields of stat). */
function groupAlive(pgid: number): boolean {
  return pids().some((p) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields[0] !== 'Z' && Number(fields[2]) === pgid;
    } catch {
      return false;
    }
  });
}

/** Whether `ancestor` started `pid`, directly or through others. */
export function descendsFrom(pid: number, ancestor: number): boolean {
  for (let p = parentOf(pid); p > 1; p = parentOf(p)) if (p === ancestor) return true;
  return false;
}

/**
 * The process listening on `port` (any local address), read from the kernel: /proc/net/tcp and tcp6 give the
 * listening socket's inode, a process's fd links name the sockets it holds. Null when nothing listens.
 */
export function listenerOf(port: number): { pid: number; cmdline: string } | null {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const row = ['/proc/net/tcp', '/proc/net/tcp6']
    .filter((file) => existsSync(file))
    .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(suffix) && f[3] === '0A');
  if (!row) return null;
  const socket = `socket:[${row[9]}]`;
  for (const p of pids()) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${p}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${p}/fd/${fd}`) === socket)
          return { pid: Number(p), cmdline: readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').trim() };
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}
