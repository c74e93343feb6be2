// Steps of the question editor and preview as a teacher does them (docs/web.md "Hooks for browser journeys").
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openedDropdown } from './dialogs.js';

const visible = (l: Locator) => l.isVisible();

/** The antd select around the combobox named `name` (its chosen values and tags are in here). */
export const selectBox = (page: Page, name: string) =>
  page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name, exact: true }) });

export async function openCreate(page: Page, type: string): Promise<void> {
  await page.goto(`/admin/question/create/${type}`);
  await expect.poll(() => visible(page.getByRole('button', { name: '保存' }))).toBe(true);
  // The repository is preselected once the list arrives.
  await expect.poll(() => selectBox(page, '题库').textContent()).toContain('演示题库');
}

/** A rich-text area (tiptap) by its name: 题干, 文章, 解析, 选项 A… */
export const editor = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

export async function writeRich(page: Page, name: string, text: string): Promise<void> {
  await editor(page, name).fill(text);
}

/** Clicks 插入公式 of that editor, types the LaTeX and inserts it at the caret. */
export async function insertFormula(page: Page, name: string, latex: string): Promise<void> {
  const box = page.locator('.rich-editor').filter({ has: editor(page, name) });
  await box.getByRole('button', { name: '插入公式' }).click();
  // Found by its title text: a bundle built with NODE_ENV=test labels every dialog `test-id`.
  const dialog = page.getByRole('dialog').filter({ hasText: '插入公式（LaTeX）' });
  await dialog.getByRole('textbox').fill(latex);
  await expect.poll(() => dialog.locator('.katex').count()).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: '插入' }).click();
  await expect.poll(() => box.locator('.katex').count()).toBeGreaterThan(0);
}

/** Types the knowledge point's name into the tree selector and picks it. */
export async function pickKnowledgePoint(page: Page, name: string): Promise<void> {
  const kp = page.getByRole('combobox', { name: '知识点', exact: true });
  await kp.click();
  await kp.fill(name);
  await (await openedDropdown(page)).locator('.ant-select-tree-title').getByText(name, { exact: true }).click();
  await expect.poll(() => selectBox(page, '知识点').textContent()).toContain(name);
}

/** Picks existing tags or types new ones (Enter), then closes the list. */
export async function addTags(page: Page, tags: string[]): Promise<void> {
  const field = page.getByRole('combobox', { name: '标签', exact: true });
  for (const tag of tags) {
    await field.fill(tag);
    await field.press('Enter');
  }
  await field.press('Escape');
  for (const tag of tags) await expect.poll(() => selectBox(page, '标签').textContent()).toContain(tag);
}

/** Types the alternatives of blank `n` (1-based); `went|walked` adds two tags, Enter ends the last one. */
export async function typeBlank(page: Page, n: number, text: string): Promise<void> {
  const field = page.getByRole('combobox', { name: `第 ${n} 空`, exact: true });
  await field.click();
  await field.pressSequentially(text);
  await field.press('Enter');
}

/** The alternatives shown as tags in blank `n`. */
export const blankTags = (page: Page, n: number) =>
  selectBox(page, `第 ${n} 空`).locator('.ant-select-selection-item-content').allTextContents();

export async function clickSave(page: Page): Promise<void> {
  await page.getByRole('button', { name: '保存' }).click();
}

/** Saves a valid form and returns the new question's id from the preview it opens. */
export async function saveAndOpenPreview(page: Page): Promise<string> {
  await clickSave(page);
  await page.waitForURL(/\/admin\/question\/preview\/[^/]+$/);
  await expect.poll(() => visible(page.getByRole('button', { name: '提交' }))).toBe(true);
  return page.url().split('/').pop() as string;
}

/** Each message is shown (the contract's Chinese validation messages at their fields). */
export async function expectMessages(page: Page, ...messages: string[]): Promise<void> {
  for (const m of messages) {
    await expect.poll(() => visible(page.getByText(m, { exact: true }).first())).toBe(true);
  }
}

export async function expectNoMessage(page: Page, message: string): Promise<void> {
  await expect.poll(() => page.getByText(message, { exact: true }).count()).toBe(0);
}

export const result = (page: Page) => page.locator('.judge-result');

/** 提交 on the preview; resolves with the result's text. */
export async function submit(page: Page): Promise<string> {
  await page.getByRole('button', { name: '提交' }).click();
  await expect.poll(() => result(page).count()).toBe(1);
  return (await result(page).textContent()) ?? '';
}

/** 重新作答: the inputs are cleared and enabled again. */
export async function retry(page: Page): Promise<void> {
  await page.getByRole('button', { name: '重新作答' }).click();
  await expect.poll(() => result(page).count()).toBe(0);
}

/** The preview's answering area (not the staff panel). */
export const answering = (page: Page) => page.locator('.question-view');

/** Opens the select named `name` and picks the option `label` in its (visible) list. */
export async function chooseOption(page: Page, name: string, label: string): Promise<void> {
  await page.getByRole('combobox', { name, exact: true }).click();
  // The dropdown of a select chosen just before may still be fading out: this one, open and still.
  await (await openedDropdown(page)).locator('.ant-select-item-option').getByText(label, { exact: true }).click();
  await expect.poll(() => selectBox(page, name).textContent()).toContain(label);
}
