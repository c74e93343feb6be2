// Runs one autocannon measurement and reduces it to the figures we record.
import autocannon from 'autocannon';

export interface Figures {
  name: string;
  url: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
  /** Open-loop runs (open-loop.ts): the rate offered (req/s over all connections). */
  offeredRate?: number;
}

export async function measure(
  name: string,
  opts: {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST' | 'PUT';
    body?: string;
    /** Per-request setup (e.g. a varying page); overrides method/body/path of the url. */
    requests?: autocannon.Request[];
  },
): Promise<Figures> {
  const r = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    headers: opts.headers,
    method: opts.method ?? 'GET',
    body: opts.body,
    requests: opts.requests,
  });
  const figures: Figures = {
    name,
    url: new URL(opts.url).pathname,
    connections: opts.connections,
    durationSeconds: opts.duration,
    requests: r.requests.total,
    reqPerSec: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  console.log(
    `${name.padEnd(40)} ${String(figures.reqPerSec).padStart(7)} req/s  p50 ${figures.p50ms} ms  p99 ${figures.p99ms} ms  non2xx ${figures.non2xx}  errors ${figures.errors}`,
  );
  return figures;
}
