// What the first-load benches share (docs/performance.md "First load"): the emulated network, the pages measured,
// the demo student's paper started through the API, and a logged-in Chromium page left on about:blank with an empty
// cache, so what the measured page loads is all that counts. bench/scenarios/first-load.ts times the pages;
// bench/scenarios/first-load-trace.ts traces one load of each.
import {
  request,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { loginAs } from '../../e2e/support/login.js';
import { DEMO_PASSWORD } from './knowledge-graph.js';

/** The demo seed's paper (docs/practice-engine.md "Paper schemes"): the exam page measured. */
export const PAPER_SCHEME_ID = '2';
/** 10 Mbit/s down, 5 Mbit/s up, 40 ms latency: CDP Network.emulateNetworkConditions. */
export const NETWORK = { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 5e6 / 8 };
export const NETWORK_TEXT =
  '10 Mbit/s down, 5 Mbit/s up, 40 ms latency (CDP Network.emulateNetworkConditions), cache empty';
export const LCP_TARGET_MS = 1500;
export const SERVER_ENV = { SEED: 'demo', LOG_LEVEL: 'warn' };
export const VIEWPORT = { width: 1366, height: 860 };

/** The pages measured: the path (given the paper's training id) and a text that shows once the page is there. */
export const PAGES = [
  { name: 'student home', path: (_trainId: string) => '/student/home', ready: '你好' },
  { name: 'exam page (running paper)', path: (trainId: string) => `/student/train/${trainId}/do`, ready: '交卷' },
];

/**
 * Starts the seeded paper as the demo student and returns its training's id. Through playwright's API client (not
 * fetch), which may skip the check of a self-signed certificate.
 */
export async function startPaper(baseURL: string): Promise<string> {
  const api = await request.newContext({ baseURL, ignoreHTTPSErrors: true });
  const answer = async <T>(r: APIResponse) => {
    const env = (await r.json()) as { errno: number; errmsg: string; response: T };
    if (env.errno !== 0) throw new Error(`${r.url()}: ${env.errno} ${env.errmsg}`);
    return env.response;
  };
  try {
    const { access_token: token } = await answer<{ access_token: string }>(
      await api.post('/v1/auth/login', { data: { request: { username: 'student', password: DEMO_PASSWORD } } }),
    );
    const paper = await answer<{ trainId: string }>(
      await api.put(`/v1/train/scheme/${PAPER_SCHEME_ID}/start`, {
        headers: { Authorization: `Bearer ${token}`, 'X-Agency-Id': 'demo' },
      }),
    );
    return paper.trainId;
  } finally {
    await api.dispose();
  }
}

/**
 * A fresh context with the demo student logged in through the login page; that page is let go idle and left
 * (about:blank), so none of its requests counts as the measured page's.
 */
export async function loggedInPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: VIEWPORT });
  const page = await context.newPage();
  await loginAs(page, 'student');
  await page.waitForURL(/\/student/, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.goto('about:blank');
  return { context, page };
}

/** A CDP session on `page` with the HTTP cache cleared and off and the network emulated. */
export async function coldNetwork(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  return cdp;
}

/** The page's last largest-contentful-paint entry, in ms from navigation start. */
export function lastLcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((l) => {
          const last = l.getEntries().at(-1);
          if (last) resolve(Math.round(last.startTime));
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/**
 * A load whose page is not there after STALL_MS is a stall of chromium's emulated network, not of the page: in such
 * loads the server's log shows every requested file answered within 200 ms, chromium reports no response for the
 * entry script for a minute, and `curl` fetches it at once (docs/performance.md "First load"). Such a load is opened
 * again in a fresh context, up to STALL_RETRIES times, and counted.
 */
export const STALL_MS = 20_000;
export const STALL_RETRIES = 2;

/** Loads stalled so far in this process (STALL_MS): written into the result. */
export const stalls = { count: 0 };

/** Waits for the page's ready text; a TimeoutError after STALL_MS is a stall (`openLoggedIn` opens it again). */
export async function waitReady(page: Page, ready: string): Promise<void> {
  await page.getByText(ready).first().waitFor({ timeout: STALL_MS });
}

/**
 * Runs `load` on a fresh logged-in page (`loggedInPage`) and closes its context after; a load that stalled
 * (STALL_MS) is run again on another, up to STALL_RETRIES times. Any other failure, or the last stall, says what
 * the page showed.
 */
export async function openLoggedIn<T>(
  browser: Browser,
  baseURL: string,
  label: string,
  load: (page: Page) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const { context, page } = await loggedInPage(browser, baseURL);
    try {
      return await load(page);
    } catch (e) {
      if (!(e instanceof Error && e.name === 'TimeoutError' && attempt < STALL_RETRIES)) {
        const shown = await shownText(page);
        throw new Error(`${label}: ${String(e)}\npage at ${page.url()}: ${JSON.stringify(shown)}`, { cause: e });
      }
      stalls.count++;
      console.log(`${label}: the emulated network stalled; opened again`);
    } finally {
      await context.close();
    }
  }
}

/** The page's text, for an error that says what was shown instead of the ready text. */
export async function shownText(page: Page): Promise<string> {
  return (
    await page
      .locator('body')
      .innerText()
      .catch(() => '')
  ).slice(0, 300);
}
