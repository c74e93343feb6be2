// A trace of one first load of each page of the first-load bench (docs/performance.md "First load"): the student
// home and the exam page, logged in, cache empty, on the bench's emulated network (10 Mbit/s, 40 ms), in Debian's
// chromium against the built app served by the real server (PGlite, demo seed). Not a timed test: it shows the
// load's chain — when the HTML, the stylesheets, each script and each API read start and arrive (and what started
// them), when the main thread is busy and with what (scripts' compile and evaluation, style, layout, paint), when
// the page's content changes (a spinner shown or gone, text added), and the Largest Contentful Paint with the
// element it is. Writes bench/results/first-load.trace.json; `--raw=<dir>` also keeps each Chromium trace there
// (open it in DevTools' Performance panel). `--http2` loads over HTTP/2 with TLS (docs/server.md "HTTP/2 and TLS").
// Build the web app first (NODE_ENV=production npm run build -w @edu/web).
// Usage: npm run bench:first-load-trace -- [--runs=1] [--raw=/tmp/traces] [--cpu=/tmp/profiles] [--http2]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { selfSignedCertificate } from '../../apps/server/src/test/self-signed-cert.js';
import { launch } from '../../e2e/support/browser.js';
import { startServer } from '../../e2e/support/server-process.js';
import {
  coldNetwork,
  NETWORK_TEXT,
  openLoggedIn,
  PAGES,
  SERVER_ENV,
  stalls,
  startPaper,
  waitReady,
} from '../lib/first-load.js';
import { intArg, machine, stringArg, writeResult } from '../lib/knowledge-graph.js';
import { findNavigation, mainThread, requests, type TraceEvent } from '../lib/trace-summary.js';

const RUNS = intArg('runs', 1);
const RAW = stringArg('raw');
/** `--cpu=<dir>`: also a V8 CPU profile of each load (bench/lib/cpu-profile-top.ts reads it; build with
 * `--minify false` for the functions' names). */
const CPU = stringArg('cpu');
const HTTP2 = process.argv.includes('--http2');
const CATEGORIES = [
  '-*',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'navigation',
].join(',');

/** What the page's DOM looked like after each change: spinners shown, text and elements under #root. */
interface Mark {
  t: number;
  spinners: number;
  textLength: number;
  elements: number;
}

/** An LCP candidate as the page saw it, its element described when it was the largest. */
interface Candidate {
  ms: number;
  size: number;
  element: string | null;
}

interface Watched {
  marks: Mark[];
  lcp: Candidate[];
}

/**
 * Runs in the page before its scripts: notes every change of #root's content (no layout is forced) and every LCP
 * candidate with its element (described at once: a spinner's element is gone later).
 */
function watchContent() {
  const watched: Watched = { marks: [], lcp: [] };
  (window as unknown as { __firstLoad: Watched }).__firstLoad = watched;
  new MutationObserver(() => {
    const root = document.getElementById('root');
    watched.marks.push({
      t: Math.round(performance.now()),
      spinners: document.querySelectorAll('.ant-spin, .ant-skeleton').length,
      textLength: root?.textContent?.length ?? 0,
      elements: root?.getElementsByTagName('*').length ?? 0,
    });
  }).observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
      const el = e.element;
      const cls =
        el && typeof el.className === 'string' && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : '';
      watched.lcp.push({
        ms: Math.round(e.startTime),
        size: e.size,
        element: el ? `${el.tagName.toLowerCase()}${cls} "${(el.textContent ?? '').trim().slice(0, 40)}"` : null,
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** In the page once it is idle: the paints, the LCP candidates, the navigation's timing, the content's changes. */
function pageTimings() {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const watched = (window as unknown as { __firstLoad?: Watched }).__firstLoad ?? { marks: [], lcp: [] };
  // No helper functions in here: the page runs this function's text alone (tsx would name them with a helper).
  return {
    paints: Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)])),
    lcpCandidates: watched.lcp,
    navigation: nav && {
      responseStart: Math.round(nav.responseStart),
      responseEnd: Math.round(nav.responseEnd),
      domInteractive: Math.round(nav.domInteractive),
      domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
      load: Math.round(nav.loadEventEnd),
    },
    marks: watched.marks,
  };
}

/** The marks where the spinners or the amount of content changed (the rest repeat their predecessor). */
function changes(marks: Mark[]): Mark[] {
  return marks.filter(
    (m, i) =>
      i === 0 ||
      m.spinners !== marks[i - 1].spinners ||
      Math.abs(m.textLength - marks[i - 1].textLength) > 20 ||
      Math.abs(m.elements - marks[i - 1].elements) > 20,
  );
}

type Timings = ReturnType<typeof pageTimings>;

async function trace(browser: Browser, baseURL: string, name: string, path: string, ready: string, run: number) {
  return openLoggedIn(browser, baseURL, path, async (page) => {
    await page.addInitScript(watchContent);
    const cdp = await coldNetwork(page);
    if (CPU) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, { categories: CATEGORIES.split(',') });
    await page.goto(path, { waitUntil: 'commit' });
    await waitReady(page, ready);
    await page.waitForLoadState('networkidle');
    if (CPU) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(join(CPU, `first-load-${name.split(' ')[0]}-${run}.cpuprofile`), JSON.stringify(profile));
    }
    const timings: Timings = await page.evaluate(pageTimings);
    const buffer = await browser.stopTracing();
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
    if (RAW) writeFileSync(join(RAW, `first-load-${name.split(' ')[0]}-${run}.trace.json`), buffer);
    const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const nav = findNavigation(events, path);
    const lcpMs = timings.lcpCandidates.at(-1)?.ms ?? 0;
    const reqs = requests(events, nav.originUs);
    const main = mainThread(events, nav.tid, nav.pid, nav.originUs, nav.originUs + lcpMs * 1000);
    const scripts = reqs.filter((r) => /\.js$/.test(r.url));
    const reads = reqs.filter((r) => r.url.startsWith('/v1/'));
    const stylesheets = reqs.filter((r) => /\.css$/.test(r.url));
    return {
      page: name,
      path,
      lcpMs,
      lcpElement: timings.lcpCandidates.at(-1)?.element,
      lcpCandidates: timings.lcpCandidates,
      paints: timings.paints,
      navigation: timings.navigation,
      chain: {
        html: reqs.find((r) => r.url === path || r.url.startsWith(`${path}?`)),
        stylesheets,
        firstScriptEndMs: Math.min(...scripts.map((r) => r.endMs ?? Infinity)),
        lastScriptEndMs: Math.max(...scripts.map((r) => r.endMs ?? 0)),
        scripts: scripts.length,
        reads,
      },
      mainThreadBeforeLcp: { busyMs: main.busyMs, byKindMs: main.byKindMs },
      longTasksBeforeLcp: main.tasks.filter((t) => t.durMs >= 10),
      content: changes(timings.marks),
      requests: reqs,
    };
  });
}

const certificate = HTTP2 ? selfSignedCertificate() : undefined;
const server = await startServer(SERVER_ENV, certificate ? { tls: certificate } : undefined);
const browser = await launch(certificate ? [`--ignore-certificate-errors-spki-list=${certificate.spki}`] : []);
try {
  const trainId = await startPaper(server.baseURL);
  const loadBefore = machine().loadAverage1m;
  const pages = [];
  for (const p of PAGES)
    for (let run = 1; run <= RUNS; run++) {
      const t = await trace(browser, server.baseURL, p.name, p.path(trainId), p.ready, run);
      console.log(
        `${t.page} run ${run}: LCP ${t.lcpMs} ms (${t.lcpElement}); HTML at ${t.chain.html?.endMs} ms, ` +
          `${t.chain.scripts} scripts ${t.chain.firstScriptEndMs}–${t.chain.lastScriptEndMs} ms, reads ` +
          `${t.chain.reads.map((r) => `${r.url} ${r.startMs}–${r.endMs}`).join(', ')}; main thread busy ` +
          `${t.mainThreadBeforeLcp.busyMs} ms before the LCP ${JSON.stringify(t.mainThreadBeforeLcp.byKindMs)}`,
      );
      pages.push({ run, ...t });
    }
  const after = machine();
  await writeResult(join(import.meta.dirname, '../results/first-load.trace.json'), {
    date: new Date().toISOString(),
    machine: { ...after, loadAverage1mBefore: loadBefore },
    browser: `chromium ${browser.version()} headless`,
    protocol: HTTP2 ? 'HTTP/2 over TLS' : 'HTTP/1.1',
    stalledLoads: stalls.count,
    network: NETWORK_TEXT,
    method:
      'one load per page and run in a fresh logged-in context (cache cleared and off), traced by Chromium ' +
      `(${CATEGORIES}); times in ms from the navigation's start. requests: from the renderer's resource events ` +
      "(start, headers, end, wire bytes, priority, initiator). mainThreadBeforeLcp: the renderer main thread's " +
      'top-level tasks that began before the LCP, their exclusive times by kind; longTasksBeforeLcp: those of ' +
      '10 ms or more with their three largest parts. content: #root after each DOM change where spinners ' +
      '(.ant-spin, .ant-skeleton) or the amount of text or elements changed.',
    pages,
  });
} finally {
  await browser.close();
  await server.stop();
  certificate?.remove();
}
