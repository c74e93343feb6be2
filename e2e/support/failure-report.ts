// What a failed journey leaves in the test output: for every page still open, its address, the dialogs and toasts on
// it, and the last API calls of its browser context with their status and time (docs/testing.md "After a failure").
// A CI log holds no pictures, so a flake that does not come back on this machine is read from these lines.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

/** The calls kept per context: enough to see the few before a stuck step. */
const KEPT_CALLS = 12;
/** The page errors and console errors kept per context. */
const KEPT_ERRORS = 5;
/** A page's dialogs, toasts and errors are cut to this many characters each. */
const TEXT_CUT = 160;

interface Call {
  at: number;
  method: string;
  path: string;
  /** The status, `failed: <reason>`, or null while it has no answer. */
  outcome: string | null;
  ms: number | null;
}

const browsers = new Set<Browser>();
const callsOf = new WeakMap<BrowserContext, Call[]>();
const errorsOf = new WeakMap<BrowserContext, string[]>();
const started = Date.now();

const cut = (text: string) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > TEXT_CUT ? `${one.slice(0, TEXT_CUT)}…` : one;
};

function record(context: BrowserContext): void {
  const calls: Call[] = [];
  callsOf.set(context, calls);
  // An uncaught exception or a console error: a click that did nothing may have thrown.
  const errors: string[] = [];
  errorsOf.set(context, errors);
  const keepError = (text: string) => {
    errors.push(cut(text));
    if (errors.length > KEPT_ERRORS) errors.shift();
  };
  context.on('weberror', (e) => keepError(`uncaught: ${e.error().message}`));
  context.on('console', (m) => {
    if (m.type() === 'error') keepError(`console: ${m.text()}`);
  });
  const open = new Map<Request, Call>();
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/v1/')) return;
    const call: Call = { at: Date.now(), method: request.method(), path: url.pathname, outcome: null, ms: null };
    open.set(request, call);
    calls.push(call);
    if (calls.length > KEPT_CALLS) calls.shift();
  });
  const close = (request: Request, outcome: () => Promise<string> | string) => {
    const call = open.get(request);
    if (!call) return;
    open.delete(request);
    call.ms = Date.now() - call.at;
    void Promise.resolve(outcome()).then(
      (o) => (call.outcome = o),
      () => (call.outcome = 'unknown'),
    );
  };
  context.on('requestfinished', (r) => close(r, async () => String((await r.response())?.status() ?? 'none')));
  context.on('requestfailed', (r) => close(r, () => `failed: ${r.failure()?.errorText ?? 'unknown'}`));
}

/**
 * Watches `browser`: each context it opens records its API calls, and with `E2E_CPU_THROTTLE=N` each page runs N
 * times slower (Chrome's CPU throttling), the way a loaded CI machine makes a journey race (docs/testing.md "Dialogs").
 */
export function watch(browser: Browser): Browser {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  const throttle = Number(process.env.E2E_CPU_THROTTLE ?? 1);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    record(context);
    if (throttle > 1)
      context.on('page', (page) => {
        void context
          .newCDPSession(page)
          .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle }))
          .catch(() => undefined);
      });
    return context;
  };
  return browser;
}

async function describePage(page: Page): Promise<string[]> {
  const lines = [`  page ${page.url()}`];
  try {
    const dialogs = await page.locator('[role="dialog"]:visible').allInnerTexts();
    const toasts = await page.locator('.ant-message-notice, .ant-notification-notice').allInnerTexts();
    for (const d of dialogs) lines.push(`    dialog: ${cut(d)}`);
    for (const t of toasts) lines.push(`    toast: ${cut(t)}`);
    if (dialogs.length + toasts.length === 0) lines.push('    no dialog or toast open');
  } catch (e) {
    lines.push(`    could not be read: ${(e as Error).message.split('\n')[0]}`);
  }
  return lines;
}

function describeContext(context: BrowserContext): string[] {
  const errors = (errorsOf.get(context) ?? []).map((e) => `  error: ${e}`);
  const calls = callsOf.get(context) ?? [];
  if (calls.length === 0) return [...errors, '  no API call'];
  return [
    ...errors,
    `  last API calls (at most ${KEPT_CALLS}; seconds since the file began):`,
    ...calls.map(describeCall),
  ];
}

function describeCall(c: Call): string {
  const when = ((c.at - started) / 1000).toFixed(1);
  const answer = c.outcome === null ? 'no answer yet' : `${c.outcome} in ${c.ms} ms`;
  return `  +${when} s ${c.method} ${c.path} → ${answer}`;
}

/** The state of every open page of every watched browser, as lines for the test output. */
export async function failureReport(): Promise<string> {
  const lines: string[] = [];
  for (const browser of browsers) {
    if (!browser.isConnected()) continue;
    for (const context of browser.contexts()) {
      for (const page of context.pages()) if (!page.isClosed()) lines.push(...(await describePage(page)));
      lines.push(...describeContext(context));
    }
  }
  return lines.length ? lines.join('\n') : '  no page open';
}
