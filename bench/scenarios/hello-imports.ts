// What loading modules costs every request (docs/performance.md "The health route's gap taken apart"): a bare
// hello per variant, each variant importing other modules first (bench/lib/hello-with-imports.ts), measured by
// CPU per request in alternating rounds. Each variant runs twice per round, in mirrored positions, because the first
// servers of a round measured slower; the client is pinned to core 0 and the servers to core 1 where `taskset`
// exists, so that µs differences show through the machine's drift.
// Usage: npx tsx bench/scenarios/hello-imports.ts [variant …]   (a variant: comma-separated imports; `plain`: none)
//   e.g. plain apps/server/src/services.ts exceljs,compromise
// Environment: BENCH_ROUNDS (default 6), BENCH_DURATION seconds a measurement (default 2).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { freePort, repoRoot } from '../../e2e/support/server-process.js';
import { cpuSeconds } from '../lib/cpu.js';

const variants = process.argv.slice(2).length ? process.argv.slice(2) : ['plain', 'apps/server/src/app.ts'];
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const seconds = Number(process.env.BENCH_DURATION ?? 2);

/** Pins `pid` (all its threads) to `core`; false where taskset is missing. */
function pin(pid: number, core: number): boolean {
  try {
    execFileSync('taskset', ['-apc', String(core), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function startHello(imports: string): Promise<{ url: string; pid: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/hello-with-imports.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HELLO_IMPORTS: imports === 'plain' ? '' : imports },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('listening') && ok());
    child.once('exit', (code) => fail(new Error(`hello with ${imports} exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/hello`, pid: child.pid ?? 0, child };
}

/** µs of the server's CPU a request over `secs` of 50 connections. */
async function measure(url: string, pid: number, secs: number): Promise<number> {
  const before = cpuSeconds(pid);
  const r = await autocannon({ url, connections: 50, duration: secs });
  return ((cpuSeconds(pid) - before) * 1e6) / Math.max(1, r.requests.total);
}

const pinned = availableParallelism() >= 2 && pin(process.pid, 0);
const servers = [];
for (const [i, v] of variants.entries()) servers.push({ variant: v, key: `${i + 1}. ${v}`, ...(await startHello(v)) });
if (pinned) for (const s of servers) pin(s.pid, 1);
try {
  for (const s of servers) await measure(s.url, s.pid, 1);
  const us = new Map<string, number[]>(servers.map((s) => [s.key, []]));
  for (let round = 0; round < rounds; round++) {
    // Forward then backward: each variant once early and once late in the round.
    for (const s of [...servers, ...[...servers].reverse()]) us.get(s.key)?.push(await measure(s.url, s.pid, seconds));
    const last = (key: string) => (us.get(key) ?? []).slice(-2).map((x) => x.toFixed(1));
    console.log(`round ${round + 1}: ${servers.map((s) => `${s.key} ${last(s.key).join('/')}`).join('  ')}`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const result = {
    date: new Date().toISOString(),
    pinned,
    rounds,
    secondsEach: seconds,
    usPerRequest: Object.fromEntries(servers.map((s) => [s.key, Math.round(median(us.get(s.key) ?? []) * 10) / 10])),
  };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(`${repoRoot}/bench/results/hello-imports.json`, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
