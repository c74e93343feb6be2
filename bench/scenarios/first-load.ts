// First load of the learner's pages in a real browser (issue 26; docs/performance.md "First load"): the demo
// student's home (/student/home) and the exam page (a running paper, /student/train/{id}/do), each opened with
// an empty browser cache at 10 Mbit/s down, 5 Mbit/s up, 40 ms latency (CDP Network.emulateNetworkConditions) in
// Debian's chromium through playwright-core, against the built web app (apps/web/dist) served by the real server
// (PGlite, demo seed). Per page: the JavaScript the browser downloaded (brotli bytes on the wire, requests), all
// bytes, and the Largest Contentful Paint. Writes bench/results/first-load.json with the machine's load average:
// the LCP target (1.5 s) is for a quiet machine.
// --http2: the same pages over three protocols in one run, interleaved (each run opens every page over each in
// turn, same build): plain HTTP/1.1 as above, HTTP/1.1 over TLS and HTTP/2 over TLS — a second server started with a
// throwaway self-signed certificate (docs/server.md "HTTP/2 and TLS"), trusted by chromium by its public key.
// Writes bench/results/first-load.http2.json (first-load.json is left alone).
// Build the web app first (NODE_ENV=production npm run build -w @edu/web).
// Usage: npm run bench:first-load -- [--runs=3] [--http2]
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { selfSignedCertificate } from '../../apps/server/src/test/self-signed-cert.js';
import { launch } from '../../e2e/support/browser.js';
import { startServer, type RunningServer } from '../../e2e/support/server-process.js';
import {
  coldNetwork,
  LCP_TARGET_MS,
  lastLcp,
  NETWORK_TEXT,
  openLoggedIn,
  PAGES,
  SERVER_ENV,
  STALL_MS,
  stalls,
  startPaper,
  waitReady,
} from '../lib/first-load.js';
import { intArg, machine, writeResult } from '../lib/knowledge-graph.js';

const RUNS = intArg('runs', 3);
const HTTP2 = process.argv.includes('--http2');

interface Load {
  lcpMs: number;
  jsRequests: number;
  /** The scripts' bodies as sent (brotli): what the bundle budget counts. */
  jsBodyBytes: number;
  /** The same with the responses' headers: what crossed the network. */
  jsWireBytes: number;
  requests: number;
  wireBytes: number;
  /** The scripts per protocol chromium fetched them over (CDP's `h2`, `http/1.1`). */
  protocols: Record<string, number>;
  /** The JavaScript files downloaded, with their body bytes. */
  js: { url: string; bytes: number }[];
}

interface Response {
  url: string;
  type: string;
  protocol: string;
  /** The body as sent (its Content-Length), else the wire bytes. */
  body: number;
  /** Body and headers (CDP Network.loadingFinished.encodedDataLength). */
  wire: number;
}

/** Collects every response's bytes. */
function responses(cdp: CDPSession) {
  const seen = new Map<string, { url: string; type: string; protocol: string; length: number | null }>();
  const done: Response[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const length = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-length')?.[1];
    seen.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      protocol: e.response.protocol ?? 'unknown',
      length: length ? Number(length) : null,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) done.push({ ...r, body: r.length ?? e.encodedDataLength, wire: e.encodedDataLength });
  });
  return done;
}

/** Opens `path` with an empty cache on the emulated network; waits until it is idle and the LCP is known. */
async function firstLoad(page: Page, path: string, ready: string): Promise<Load> {
  const cdp = await coldNetwork(page);
  const done = responses(cdp);
  await page.goto(path, { waitUntil: 'commit' });
  await waitReady(page, ready);
  await page.waitForLoadState('networkidle');
  const lcpMs = await lastLcp(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.detach();
  const scripts = done.filter((r) => r.type === 'Script');
  const protocols: Record<string, number> = {};
  for (const r of scripts) protocols[r.protocol] = (protocols[r.protocol] ?? 0) + 1;
  return {
    lcpMs,
    jsRequests: scripts.length,
    jsBodyBytes: scripts.reduce((s, r) => s + r.body, 0),
    jsWireBytes: scripts.reduce((s, r) => s + r.wire, 0),
    requests: done.length,
    wireBytes: done.reduce((s, r) => s + r.wire, 0),
    protocols,
    js: scripts.map((r) => ({ url: new URL(r.url).pathname, bytes: r.body })).sort((a, b) => b.bytes - a.bytes),
  };
}

/** A server and a browser to open the pages with: one protocol of the comparison. */
interface Protocol {
  name: string;
  server: RunningServer;
  browser: Browser;
  trainId: string;
}

/** Logs the student in through the login page, lets that page go idle and leaves it, then measures `path`. */
const measure = (p: Protocol, path: string, ready: string): Promise<Load> =>
  openLoggedIn(p.browser, p.server.baseURL, `${path} over ${p.name}`, (page) => firstLoad(page, path, ready));

const certificate = HTTP2 ? selfSignedCertificate() : undefined;
const [plain, secure] = await Promise.all([
  startServer(SERVER_ENV),
  certificate ? startServer(SERVER_ENV, { tls: certificate }) : undefined,
]);
// Chromium trusts the throwaway certificate by its public key; the plain server is unaffected.
const trusted = certificate ? [`--ignore-certificate-errors-spki-list=${certificate.spki}`] : [];
const browser = await launch(trusted);
const http1Browser = secure ? await launch([...trusted, '--disable-http2']) : undefined;
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
try {
  const protocols: Protocol[] = [
    { name: 'http/1.1', server: plain, browser, trainId: await startPaper(plain.baseURL) },
  ];
  if (secure && http1Browser) {
    const trainId = await startPaper(secure.baseURL);
    protocols.push({ name: 'http/1.1 over TLS', server: secure, browser: http1Browser, trainId });
    protocols.push({ name: 'h2 over TLS', server: secure, browser, trainId });
  }
  const pages = PAGES.map((page) => ({ ...page, path: (p: Protocol) => page.path(p.trainId) }));
  const loadAverageBefore = machine().loadAverage1m;
  const loadAverages: number[] = [];
  // Interleaved: each run opens every page over every protocol in turn, so a change of the machine's load falls on
  // all of them alike.
  const runs = new Map<string, Load[]>();
  for (let i = 0; i < RUNS; i++) {
    loadAverages.push(machine().loadAverage1m);
    for (const page of pages)
      for (const p of protocols) {
        const key = `${page.name}\u0000${p.name}`;
        runs.set(key, [...(runs.get(key) ?? []), await measure(p, page.path(p), page.ready)]);
      }
  }
  const results = pages.map((page) => ({
    page: page.name,
    path: page.path(protocols[0]),
    byProtocol: protocols.map((p) => {
      const loads = runs.get(`${page.name}\u0000${p.name}`)!;
      const lcp = loads.map((r) => r.lcpMs).sort((a, b) => a - b);
      const last = loads.at(-1)!;
      const median = lcp[Math.ceil(lcp.length / 2) - 1];
      console.log(
        `${page.name}${HTTP2 ? ` over ${p.name}` : ''}: LCP p50 ${median} ms (runs ${lcp.join(', ')} ms; target ` +
          `${LCP_TARGET_MS} ms on a quiet machine), JS ${last.jsRequests} files ${kb(last.jsBodyBytes)} brotli ` +
          `(${kb(last.jsWireBytes)} with headers), all ${last.requests} requests ${kb(last.wireBytes)} on the wire` +
          (HTTP2 ? `; scripts by protocol ${JSON.stringify(last.protocols)}` : ''),
      );
      return { protocol: p.name, ...last, lcpMs: loads.map((r) => r.lcpMs), lcpP50Ms: median };
    }),
  }));
  const after = machine();
  // Beside other work the figures are the machine's, not the page's: said in the result (docs/performance.md).
  const busiest = Math.max(loadAverageBefore, after.loadAverage1m, ...loadAverages);
  const note =
    busiest > after.cpus
      ? `loaded machine: load average ${loadAverageBefore} before, ${after.loadAverage1m} after on ${after.cpus} ` +
        `CPUs (other work ran beside the bench); the LCP target is for a quiet machine`
      : 'quiet machine';
  console.log(note);
  const common = {
    date: new Date().toISOString(),
    note,
    database: 'pglite',
    browser: `chromium ${browser.version()} headless, 1366×860`,
    network: NETWORK_TEXT,
    lcpTargetMs: LCP_TARGET_MS,
    stalledLoads: stalls.count,
  };
  const method =
    'each page opened RUNS times in a fresh logged-in context with the HTTP cache cleared and disabled, until ' +
    'the network is idle; jsBodyBytes: the Content-Length of every Script response (brotli as the server sends ' +
    "it, the bundle budget's unit); wire bytes: CDP encodedDataLength, headers included; LCP: the last " +
    'largest-contentful-paint entry, from navigation start. The figures of the last run; lcpMs: every run. ' +
    `stalledLoads: loads whose page was not there after ${STALL_MS / 1000} s (a stall of chromium's emulated ` +
    'network, bench/lib/first-load.ts), opened again and not counted.';
  if (!HTTP2) {
    await writeResult(join(import.meta.dirname, '../results/first-load.json'), {
      ...common,
      method,
      machine: { ...after, loadAverage1mBefore: loadAverageBefore },
      pages: results.map(({ byProtocol: [{ protocol: _, ...load }], ...page }) => ({ ...page, ...load })),
    });
  } else {
    await writeResult(join(import.meta.dirname, '../results/first-load.http2.json'), {
      ...common,
      method:
        `${method} Three protocols interleaved (each run: every page over each in turn; same build, same ` +
        'chromium): plain HTTP/1.1 on one server; HTTP/1.1 over TLS (a second browser with --disable-http2) and ' +
        'HTTP/2 over TLS on a second server with a throwaway self-signed certificate (TLS_CERT_FILE), trusted by ' +
        'its public key (--ignore-certificate-errors-spki-list). protocols: the scripts per protocol chromium ' +
        'reports. The exam page opens a paper started on each server. js: the files of the last plain run.',
      machine: { ...after, loadAverage1mBefore: loadAverageBefore, loadAverage1mAtEachRun: loadAverages },
      pages: results.map(({ byProtocol, ...page }) => ({
        ...page,
        byProtocol: byProtocol.map(({ js: _, ...load }) => load),
        js: byProtocol[0].js,
      })),
    });
  }
} finally {
  await http1Browser?.close();
  await browser.close();
  await Promise.all([plain.stop(), secure?.stop()]);
  certificate?.remove();
}
