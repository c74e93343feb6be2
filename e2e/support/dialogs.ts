// Waits for an antd dialog (Modal, Modal.confirm, Drawer) to finish opening before a journey clicks inside it.
// A dialog zooms in from the button that opened it: until the animation ends its fields move, and on a loaded
// machine a click computed on one frame lands on another (the export journey's GIFT click chose Moodle XML or
// Excel 模板 — reproduced at 3× CPU throttling, 3 of 8 clicks; 0 of 10 after waiting; docs/testing.md "Dialogs").
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { animationsStarted } from './browser.js';

/**
 * True when the dialog box itself has no enter/appear motion class and no unfinished animation of its own (its
 * zoom); what animates inside it (a loading spinner) does not move its fields.
 */
function settled(element: Element): boolean {
  const moving = /-(appear|enter)(-active)?\b/.test(typeof element.className === 'string' ? element.className : '');
  return !moving && element.getAnimations().every((a) => a.playState !== 'running' && a.playState !== 'paused');
}

/** antd's keyframes that move a dialog, menu or message in or out (its spinners' keep turning). */
const ENTRANCE = /^ant(Zoom|Fade|Slide|Move)\w*(In|Out)$/;

/** Of the animations a page started (support/browser.ts `animationsStarted`), antd's entrances and exits. */
export const entrances = (started: string[]): string[] => started.filter((name) => ENTRANCE.test(name));

/**
 * Waits until `dialog` is visible and still (docs/testing.md "Dialogs"); returns it for chaining. In a page that
 * prefers reduced motion the app animates no dialog: none of antd's entrance animations may have started on the
 * page so far (docs/testing.md "Reduced motion").
 */
export async function opened(dialog: Locator): Promise<Locator> {
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await expect.poll(() => dialog.evaluate(settled)).toBe(true);
  const page = dialog.page();
  if (await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches))
    expect(entrances(await animationsStarted(page)), 'animated though the page prefers reduced motion').toEqual([]);
  return dialog;
}

/**
 * How long a journey waits for a job it started (an import's check or run, an export) to end. A job runs in a child
 * process that, under `tsx`, compiles its TypeScript when it starts: 1–2 s on a quiet machine, more than 20 s at
 * load average 25 (the e2e stage beside a full CPU load, 2026-11-29, docs/testing.md "Under load"). The journey waits
 * for the job's end state, bounded just under the test's own 90 s.
 */
export const JOB_END_MS = 80_000;

/**
 * Confirms an antd Popconfirm: waits for any earlier one to finish closing (while it zooms out it is still visible,
 * and a click meant for the new one lands on it: the reading journey's second delete did nothing at load 20), clicks
 * `trigger`, waits for its popconfirm to open and stand still, clicks `button` in it and waits for it to close.
 */
export async function confirmPopconfirm(page: Page, trigger: Locator, button: string): Promise<void> {
  const shown = page.locator('.ant-popconfirm:visible');
  await expect.poll(() => shown.count()).toBe(0);
  await trigger.click();
  const pop = await opened(shown);
  await pop.getByRole('button', { name: button }).click();
  await expect.poll(() => shown.count()).toBe(0);
}

/**
 * The open select's dropdown once it has slid in and stands still. Its options move while it slides (as a dialog's
 * fields do while it zooms), and a dropdown closing from an earlier choice is still visible: a click aimed at one
 * frame chose the option under it on another (the reading journey's 初中 stayed 高中 at load 9–21). Call it after
 * the click that opens the select, then click inside what it returns.
 */
export function openedDropdown(page: Page): Promise<Locator> {
  return opened(page.locator('.ant-select-dropdown:visible:not([class*="-leave"])'));
}
