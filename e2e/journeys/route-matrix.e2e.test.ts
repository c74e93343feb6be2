// Every route of docs/product.md §2 opened in the browser as each demo identity and as a visitor: the page is
// registered exactly when the hand-written golden table says so (otherwise the not-found page), and no
// page throws. Navigation stays inside the app (history API) so ~700 visits take a few minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import { IDENTITY_ORDER, ROUTE_GOLDEN } from '../../packages/contract/src/access/route-matrix.golden.js';
import { launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';

const BRAND = '教育平台';
const SAMPLE: Record<string, string> = { subject: 'en', type: 'singleChoice', agencyId: 'demo' };

/** A concrete path for a route pattern: sample values for parameters, optional ones left out. */
function concrete(pattern: string): string {
  const path = pattern
    .split('/')
    .filter((seg) => !(seg.startsWith(':') && seg.endsWith('?')))
    .map((seg) => (seg.startsWith(':') ? (SAMPLE[seg.slice(1)] ?? '1') : seg))
    .join('/');
  return path === '' ? '/' : path;
}

/**
 * Navigates inside the app (history API) and answers the first title that `want` accepts — exactly `want` when it is
 * a string, else a settled page's (the brand alone on the not-found page, `<page> - <brand>` elsewhere) — or null
 * after `ms`. One call: the page watches its own <title>, instead of the journey asking for it over the protocol
 * with a sleep in between (docs/testing.md "Reduced motion").
 */
function navigate(page: Page, path: string, want: string | null, ms: number): Promise<string | null> {
  return page.evaluate(
    ({ p, want, brand, ms }) =>
      new Promise<string | null>((resolve) => {
        const accepts = (t: string) => (want !== null ? t === want : t === brand || t.endsWith(` - ${brand}`));
        const observer = new MutationObserver(() => {
          if (accepts(document.title)) finish(document.title);
        });
        const timer = setTimeout(() => finish(null), ms);
        function finish(t: string | null) {
          observer.disconnect();
          clearTimeout(timer);
          resolve(t);
        }
        // A visit must see its page's own title: the one before it is cleared. Going back to an open page may find
        // it already shown.
        if (want === null) document.title = 'probe';
        observer.observe(document.head, { subtree: true, childList: true, characterData: true });
        history.pushState({}, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
        if (accepts(document.title)) finish(document.title);
      }),
    { p: path, want, brand: BRAND, ms },
  );
}

/** Goes to an open page other than `next` and waits until it shows, so the next visit mounts afresh. */
async function reset(page: Page, next: string): Promise<void> {
  const [path, title] = next === '/' ? ['/admin', '管理首页'] : ['/', '登录'];
  const want = `${title} - ${BRAND}`;
  if ((await navigate(page, path, want, 8000)) === null) throw new Error(`${path} did not show ${want} within 8 s`);
}

async function visit(page: Page, path: string): Promise<'page' | 'not-found'> {
  const title = await navigate(page, path, null, 3000);
  if (title === BRAND) return 'not-found';
  if (title !== null) return 'page';
  // The page kept its title (a route-table rebuild re-used the mounted page): decide from what is shown.
  if (new URL(page.url()).pathname !== path) throw new Error(`navigation to ${path} ended at ${page.url()}`);
  const notFound = await page
    .locator('.ant-result-404, .ant-result-403')
    .getByText(/^(页面不存在|尚未登录)$/)
    .count();
  return notFound > 0 ? 'not-found' : 'page';
}

describe('every spec route for every identity', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(IDENTITY_ORDER.map((name, i) => [name, i] as const))('%s', async (identity, index) => {
    const page = await newPage(browser, demoServerURL());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    // The app itself never trips the CSP (no eval, no inline code) on any page.
    await page.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__cspViolations.push(`${e.effectiveDirective} ${e.blockedURI} at ${location.pathname}`),
      );
    });
    const cspViolations = () =>
      page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    if (identity === 'visitor') await page.goto('/');
    else {
      await loginAs(page, identity);
      await page.waitForURL((u) => u.pathname !== '/');
      await page.waitForLoadState('networkidle');
    }
    // `other` works in its own agency after login (docs/product.md §4: switched to the user's first agency).
    const column = identity === 'other' ? 'other' : 'demo';
    const mismatches: string[] = [];
    for (const row of ROUTE_GOLDEN) {
      // Between two visits an open, registered page: the next page always mounts afresh.
      const path = concrete(row.pattern);
      await reset(page, path);
      const expected = row[column][index] === '.' ? 'not-found' : 'page';
      const got = await visit(page, path);
      if (got !== expected) mismatches.push(`${path}: expected ${expected}, got ${got}`);
      if (got === 'not-found') {
        const marker = identity === 'visitor' ? '尚未登录' : '页面不存在';
        // The not-found page is a lazy chunk: the title changes before its text is drawn.
        const shown = await page
          .getByText(marker)
          .first()
          .waitFor({ state: 'visible', timeout: 10_000 })
          .then(
            () => true,
            () => false,
          );
        if (!shown) mismatches.push(`${path}: not-found page without ${marker}`);
      }
    }
    await shot(page, `route-matrix-${identity}-last`);
    for (const v of await cspViolations()) errors.push(`CSP: ${v}`);
    expect(mismatches).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
