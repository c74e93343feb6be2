// Debian's coturn (`turnserver`, docs/coturn.md) for the lesson video's relay journey: the configuration of
// deploy/turnserver.conf with TURN REST credentials (use-auth-secret, a random static-auth-secret), reachable only on
// 127.0.0.1 — listening and relaying there, no TLS/DTLS listeners, and 127.0.0.1 let through as a peer (the
// production file denies loopback peers; here both browsers' relayed addresses are on it). `.ci/run` installs coturn.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from './server-process.js';

export const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';

/** Settings of deploy/turnserver.conf that the test sets itself or that need the real host (ports, TLS, logs). */
const REPLACED =
  /^(listening-port|tls-listening-port|external-ip|min-port|max-port|static-auth-secret|realm|cert|pkey|log-file|simple-log)\b/;

export interface TurnServer {
  /** `turn:127.0.0.1:<port>?transport=udp`, for TURN_URLS. */
  url: string;
  secret: string;
  port: number;
  output: () => string;
  /** SIGKILL: every allocation is gone at once, as when the relay's network drops. */
  kill: () => Promise<void>;
  /** Starts it again on the same port (after kill). */
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((res) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      res(true);
    });
    s.once('error', () => res(false));
  });

/** The test configuration: deploy/turnserver.conf's settings, those above replaced. */
export function turnConfig(port: number, secret: string, dir: string): string {
  const kept = readFileSync(join(repoRoot, 'deploy/turnserver.conf'), 'utf8')
    .split('\n')
    .filter((line) => !REPLACED.test(line.trim()));
  return [
    ...kept,
    '# e2e: loopback only, no TLS',
    `listening-port=${port}`,
    'listening-ip=127.0.0.1',
    'relay-ip=127.0.0.1',
    'no-tls',
    'no-dtls',
    'allow-loopback-peers',
    'allowed-peer-ip=127.0.0.1',
    `static-auth-secret=${secret}`,
    'realm=edu.test',
    `pidfile=${join(dir, 'turnserver.pid')}`,
    `userdb=${join(dir, 'turndb')}`,
    'log-file=stdout',
    '',
  ].join('\n');
}

export async function startTurnServer(): Promise<TurnServer> {
  if (!existsSync(TURNSERVER))
    throw new Error(`${TURNSERVER} is missing: apt-get install coturn (.ci/run does; docs/coturn.md)`);
  const port = await freePort();
  const secret = randomBytes(24).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'edu-turn-'));
  const file = join(dir, 'turnserver.conf');
  writeFileSync(file, turnConfig(port, secret, dir));
  let out = '';
  let child: ChildProcess | null = null;
  const exited = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => c.once('exit', () => r()));

  const start = async () => {
    const c = spawn(TURNSERVER, ['-c', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    c.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    c.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    // Ready when its TCP listener answers (the UDP one opens with it); a start that dies says why.
    const deadline = Date.now() + 30_000;
    while (!(await listening(port))) {
      if (c.exitCode !== null || c.signalCode !== null) throw new Error(`turnserver exited:\n${out.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`turnserver did not listen on ${port}:\n${out.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const kill = async () => {
    const c = child;
    if (!c) return;
    const done = exited(c);
    c.kill('SIGKILL');
    await done;
    child = null;
  };
  await start();
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    port,
    output: () => out,
    kill,
    start,
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
