// A parent of two children on a 375 × 812 phone (docs/web.md "Small screens"): the children's history with the child
// switcher, a training's report and the other child's page. Every button and select of the page and of its top bar
// (菜单, the bell, the user menu) is at least 44 px tall — a finger's tap target — and nothing scrolls sideways.
// The parent signs up over HTTP with 王小红's pairing code and pairs with 李小明's (docs/parents.md); a username of its
// own, so the demo parent the other journeys use keeps one child. Screenshots: e2e/screenshots/parent-mobile-*.png.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, shot } from '../support/browser.js';
import { openedDropdown } from '../support/dialogs.js';
import { loginAs } from '../support/login.js';
import { api, apiLogin } from '../support/training-api.js';

const PHONE = { width: 375, height: 812 };
const USERNAME = `pm${randomBytes(3).toString('hex')}`;
const PASSWORD = 'Phone-Parent-2026!';
/** The tap targets checked: every button of the page and the top bar (small link buttons in text aside), selects. */
const TARGETS =
  '.area-header button, .parent-content .ant-btn:not(.ant-btn-sm.ant-btn-variant-link), .parent-content .ant-select';

describe("a parent's pages on a phone", () => {
  const baseURL = demoServerURL();
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const code = async (child: string) =>
      (await api<{ code: string }>(baseURL, 'PUT', '/v1/student/pairing-code', await apiLogin(baseURL, child))).code;
    await api(baseURL, 'POST', '/v1/public/parent/signup', undefined, {
      code: await code('xiaohong'),
      username: USERNAME,
      name: '手机家长',
      password: PASSWORD,
    });
    const token = (
      await api<{ access_token: string }>(baseURL, 'POST', '/v1/auth/login', undefined, {
        username: USERNAME,
        password: PASSWORD,
      })
    ).access_token;
    await api(baseURL, 'POST', '/v1/parent/pair', token, { code: await code('student') });

    browser = await launch();
    const context = await browser.newContext({
      baseURL,
      locale: 'zh-CN',
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    page = await context.newPage();
    await loginAs(page, USERNAME, PASSWORD);
    await page.waitForURL(/\/parent/);
  });
  afterAll(() => browser?.close());

  /** Every control the locator finds is at least 44 px tall; the page is no wider than the phone. */
  async function tappable(name: string, controls: Locator): Promise<void> {
    await page.waitForLoadState('networkidle');
    const measure = () =>
      controls.evaluateAll((els) =>
        els.map((el) => ({
          text: (el as HTMLElement).innerText || (el.getAttribute('aria-label') ?? ''),
          h: Math.round(el.getBoundingClientRect().height * 10) / 10,
        })),
      );
    // While a lazy page loads, React keeps the page it replaces in the DOM with display: none (every control 0 px),
    // and a page shown for a moment can be hidden again when a part of it suspends: measure until one measurement
    // has every control laid out, and judge that measurement (measuring again could catch the next hidden moment).
    const heights = await vi.waitFor(
      async () => {
        const m = await measure();
        if (m.some((c) => c.h === 0))
          throw new Error(`${name}: not laid out yet (${m.filter((c) => c.h === 0).length} controls 0 px)`);
        return m;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(heights.length, `${name}: controls`).toBeGreaterThan(0);
    expect(
      heights.filter((c) => c.h < 44),
      `${name}: shorter than 44 px`,
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(page, `parent-mobile-${name}`);
  }

  it('the history with the child switcher, a report and the other child: every tap target 44 px tall', async () => {
    const switcher = page.locator('.parent-content .ant-select').filter({ has: page.getByLabel('选择孩子') });
    await expect.poll(() => switcher.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.locator('.card-list-item, .ant-empty').count()).toBeGreaterThan(0);
    expect((await switcher.boundingBox())!.height, 'child switcher').toBeGreaterThanOrEqual(44);
    await tappable('history', page.locator(TARGETS));

    // The other child: chosen in the switcher.
    const before = page.url();
    await switcher.click();
    const other = (await openedDropdown(page)).locator('.ant-select-item-option:not(.ant-select-item-option-selected)');
    await expect.poll(() => other.count()).toBe(1);
    const otherName = (await other.textContent())!.trim();
    await other.click();
    await expect.poll(() => page.url()).not.toBe(before);
    // The address changes before React shows the other child's page: until its title names that child, the cards
    // on screen are still the first child's (a run with two journeys at once counted those and went on).
    await expect.poll(() => page.getByText(`${otherName} 的训练历史`).isVisible()).toBe(true);
    // Its trainings, none, or (a child in another agency) where to switch.
    await expect
      .poll(() =>
        page
          .locator('.card-list-item:visible, .ant-list-empty-text:visible, .parent-content .ant-alert:visible')
          .count(),
      )
      .toBeGreaterThan(0);
    await tappable('other-child', page.locator(TARGETS));

    // A training's report, from 李小明's first card (the demo student has trainings).
    const action = page.locator('.card-list-action').first();
    if ((await action.count()) === 0) {
      await switcher.click();
      await (await openedDropdown(page)).locator('.ant-select-item-option').getByText('李小明').click();
    }
    await expect.poll(() => action.isVisible()).toBe(true);
    await action.click();
    await page.waitForURL(/\/parent\/train\/report\//);
    await expect.poll(() => page.locator('.parent-content .ant-card').count()).toBeGreaterThan(0);
    await tappable('report', page.locator(TARGETS));
  });
});
