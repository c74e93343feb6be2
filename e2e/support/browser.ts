// Launches Debian's chromium through playwright-core and writes journey screenshots to e2e/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { watch } from './failure-report.js';
import { repoRoot } from './server-process.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
export const DEMO_PASSWORD = 'edu-demo-2026';
const shotsDir = join(repoRoot, 'e2e/screenshots');

/** `extraArgs`: more of chromium's switches (the lesson room's fake camera and microphone). */
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
  return watch(recordingAnimations(browser));
}

/**
 * Every context records the CSS animations its pages start, by name (`window.__animationsStarted`), so that `opened`
 * can check that a page which prefers reduced motion saw no dialog animate (support/dialogs.ts, docs/testing.md
 * "Reduced motion").
 */
function recordingAnimations(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(() => {
      const started: string[] = [];
      (window as unknown as { __animationsStarted: string[] }).__animationsStarted = started;
      document.addEventListener('animationstart', (e) => started.push(e.animationName), true);
    });
    return context;
  };
  return browser;
}

/** The CSS animations `page` has started so far, by name (recorded by every context a journey opens). */
export function animationsStarted(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __animationsStarted?: string[] }).__animationsStarted ?? []);
}

/** A desktop page in a context of its own; `options` adds to or overrides the context's (e.g. `reducedMotion`). */
export async function newPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 860 },
    ...options,
  });
  return context.newPage();
}

/**
 * Writes a full-page screenshot for a person to look at. E2E_SCREENSHOTS=0 (set by .ci/run, whose clean clone is
 * thrown away) skips them: 171 full-page PNGs cost the run about a minute (docs/testing.md "Journeys side by side").
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}
