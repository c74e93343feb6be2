// An open-loop load: requests sent at a steady rate (one every 1000 / rate ms) over at most `connections`
// keep-alive sockets, whatever the responses do. Latency runs from the moment a request was due, so a server
// that falls behind shows it (no coordinated omission). autocannon's own rate limit sends each connection's
// share of a second in one burst at the start of the second, which measures bursts, not a sustained rate. The
// requests go through the lean keep-alive client (raw-keep-alive.ts), which leaves the machine's cores to the server.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Figures } from './measure.js';
import { KeepAliveClient } from './raw-keep-alive.js';

export interface OpenLoopRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export async function openLoop(
  name: string,
  opts: {
    baseURL: string;
    rate: number;
    durationSeconds: number;
    connections: number;
    /** The next request to send; null = none can be sent now (counted as skipped). */
    next: () => OpenLoopRequest | null;
    onResponse?: (status: number, body: string) => void;
  },
): Promise<Figures & { skipped: number }> {
  // OPEN_LOOP_TRACE=dir writes each run's [due epoch ms, latency ms, ms the client sent it late] triples there:
  // to line slow answers up with what else happened (the database's log, the server's batches).
  const traceDir = process.env.OPEN_LOOP_TRACE;
  const traceFile = traceDir ? `${traceDir}/open-loop-${Date.now()}.json` : undefined;
  const client = new KeepAliveClient(opts.baseURL, opts.connections);
  const total = Math.round(opts.rate * opts.durationSeconds);
  const latencies: number[] = [];
  const trace: [number, number, number][] = [];
  let non2xx = 0;
  let errors = 0;
  let skipped = 0;
  const inFlight: Promise<void>[] = [];
  const send = async (req: OpenLoopRequest, due: number) => {
    const sentLate = performance.now() - due;
    let res;
    try {
      res = await client.request(req.method, req.path, req.headers, req.body);
    } catch {
      errors++;
      return;
    }
    const { status, body } = res;
    if (status >= 200 && status < 300) {
      latencies.push(performance.now() - due);
      if (traceFile)
        trace.push([
          Math.round(performance.timeOrigin + due),
          Math.round(performance.now() - due),
          Math.round(sentLate),
        ]);
    } else non2xx++;
    opts.onResponse?.(status, body);
  };
  const start = performance.now() + 50;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / opts.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const req = opts.next();
    if (!req) {
      skipped++;
      continue;
    }
    inFlight.push(send(req, due));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  client.close();
  if (traceFile) writeFileSync(traceFile, JSON.stringify(trace));
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  const figures = {
    name,
    url: '',
    connections: opts.connections,
    durationSeconds: opts.durationSeconds,
    requests: latencies.length,
    reqPerSec: Math.round(latencies.length / elapsed),
    p50ms: pct(50),
    p99ms: pct(99),
    non2xx,
    errors,
    offeredRate: opts.rate,
    skipped,
  };
  console.log(
    `${name.padEnd(40)} ${String(figures.reqPerSec).padStart(7)} req/s  p50 ${figures.p50ms} ms  p99 ${figures.p99ms} ms  non2xx ${non2xx}  errors ${errors}  skipped ${skipped}`,
  );
  return figures;
}
