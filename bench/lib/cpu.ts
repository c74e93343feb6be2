// CPU time the server process and the database's backends spend, read from /proc (Linux): a benchmark's
// figures per request that the machine's drifting load does not blur the way req/s is blurred.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** User + system CPU seconds of a process so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export interface CpuSample {
  server: number;
  database: number;
  pids: Map<number, number>;
  /** The bench's own process (the load generator), user + system seconds. */
  client: number;
  /** Every other `postgres` process (WAL writer, checkpointer, background writer, other databases' backends). */
  postgresOther: number;
}

/** CPU seconds of every process named `postgres` not in `except`. */
function otherPostgresSeconds(except: Map<number, number>): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || except.has(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * Samples the server's CPU and that of every backend connected to `database`. Without a database (PGlite runs
 * inside the server's process) the database's share is 0 and the server's includes it.
 */
export async function cpuSampler(serverPid: number, adminUrl?: string, database?: string) {
  const client = adminUrl ? new pg.Client({ connectionString: adminUrl }) : null;
  await client?.connect();
  const sample = async (): Promise<CpuSample> => {
    const rows = client
      ? (
          await client.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [database],
          )
        ).rows
      : [];
    const pids = new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
    const own = process.cpuUsage();
    return {
      server: cpuSeconds(serverPid),
      database: [...pids.values()].reduce((a, b) => a + b, 0),
      pids,
      client: (own.user + own.system) / 1e6,
      postgresOther: client ? otherPostgresSeconds(pids) : 0,
    };
  };
  /**
   * CPU milliseconds per request between two samples. Database: the backends alive at the end (one that
   * connected meanwhile counts whole); one that left meanwhile is missed (the server's pool keeps its
   * connections while they are busy).
   */
  const perRequest = (a: CpuSample, b: CpuSample, requests: number) => {
    let db = 0;
    for (const [pid, s] of b.pids) db += s - (a.pids.get(pid) ?? 0);
    // Three decimals (µs): a route without a database costs a few hundredths of a ms.
    const per = (s: number) => (requests > 0 ? Number(((s * 1000) / requests).toFixed(3)) : null);
    return {
      serverCpuMsPerRequest: per(b.server - a.server),
      databaseCpuMsPerRequest: per(db),
      clientCpuMsPerRequest: per(b.client - a.client),
      postgresOtherCpuMsPerRequest: per(b.postgresOther - a.postgresOther),
    };
  };
  return { sample, perRequest, close: async () => client?.end() };
}

/**
 * The monotonic clock in µs, the clock of V8's CPU profiles: a burst's `window` in the results, to cut a profile of
 * the server (SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=…') to its bursts.
 */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
