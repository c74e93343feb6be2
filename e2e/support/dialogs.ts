// Waits for an antd dialog (Modal, Modal.confirm, Drawer) to finish opening before a journey clicks inside it.
// A dialog zooms in from the button that opened it: until the animation ends its fields move, and on a loaded
// machine a click computed on one frame lands on another (the export journey's GIFT click chose Moodle XML or
// Excel 模板 — reproduced at 3× CPU throttling, 3 of 8 clicks; 0 of 10 after waiting; docs/testing.md "Dialogs").
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/** True when the element and everything in it has no running animation and no enter/appear motion class. */
function settled(element: Element): boolean {
  const moving = (el: Element) =>
    /-(appear|enter)(-active)?\b/.test(typeof el.className === 'string' ? el.className : '');
  return (
    !moving(element) &&
    element.getAnimations({ subtree: true }).every((a) => a.playState !== 'running' && a.playState !== 'paused')
  );
}

/** Waits until `dialog` is visible and still (docs/testing.md "Dialogs"); returns it for chaining. */
export async function opened(dialog: Locator): Promise<Locator> {
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await expect.poll(() => dialog.evaluate(settled)).toBe(true);
  return dialog;
}
