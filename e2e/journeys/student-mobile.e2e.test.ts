// The demo student on a 375 × 812 phone: home → 训练 → 训练历史 → a training's report → its answer records →
// 错题本 → 知识图谱, moving through the labelled 菜单 drawer. On every page nothing scrolls sideways
// (document width ≤ 375), the brand and the page's title are visible and not clipped, and the menu button is
// there; the answer records show each question's text and the answer in words. Screenshots at 375 px and, for the
// same pages, at desktop width go to e2e/screenshots/student-mobile-*.png.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';

const PHONE = { width: 375, height: 812 };

interface Fit {
  pageWidth: number;
  /** Table cells with more than 4 characters that are narrower than 4 characters (64 px): squeezed columns. */
  squeezed: string[];
  brand: { visible: boolean; clipped: boolean };
  title: { text: string; clipped: boolean } | null;
}

/** How the page fits the screen: the document's width, the brand's and the first card title's clipping. */
const measure = (page: Page): Promise<Fit> =>
  page.evaluate(() => {
    const clipped = (el: Element) =>
      el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth + 1;
    const brand = document.querySelector('.area-brand');
    const brandText = brand?.firstElementChild ?? brand;
    const title = document.querySelector('.student-content .ant-card-head-title');
    const squeezed = Array.from(document.querySelectorAll<HTMLElement>('.student-content tbody td'))
      .filter((td) => td.innerText.trim().length > 4 && td.getBoundingClientRect().width < 64)
      .map((td) => td.innerText.trim().slice(0, 20));
    return {
      pageWidth: document.documentElement.scrollWidth,
      squeezed,
      brand: {
        visible: !!brand && brand.getBoundingClientRect().width > 0,
        clipped: !brandText || clipped(brandText),
      },
      title: title ? { text: (title as HTMLElement).innerText, clipped: clipped(title) } : null,
    };
  });

describe('the student area on a phone', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let page: Page;
  const visited: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({
      baseURL,
      locale: 'zh-CN',
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    page = await context.newPage();
    await loginAs(page, 'student');
    await page.waitForURL(/\/student/);
  });
  afterAll(async () => {
    await browser.close();
  });

  const menuButton = () => page.getByRole('button', { name: '菜单', exact: true });

  /** Checks the page once it shows `ready` (and its data: `loaded`), and saves its screenshot. */
  async function check(name: string, ready: string | RegExp, loaded?: string): Promise<Fit> {
    await expect.poll(() => page.getByText(ready).first().isVisible()).toBe(true);
    if (loaded) await expect.poll(() => page.locator(loaded).count()).toBeGreaterThan(0);
    // Let lazy chunks (charts, KaTeX) settle before measuring.
    await page.waitForLoadState('networkidle');
    const fit = await measure(page);
    expect(fit.pageWidth, `${name}: page width`).toBeLessThanOrEqual(PHONE.width);
    expect(fit.brand, `${name}: brand`).toEqual({ visible: true, clipped: false });
    expect(fit.squeezed, `${name}: squeezed table columns`).toEqual([]);
    expect(fit.title?.clipped ?? false, `${name}: title «${fit.title?.text}»`).toBe(false);
    expect(await menuButton().isVisible(), `${name}: menu button`).toBe(true);
    await shot(page, `student-mobile-${name}`);
    visited.push(page.url());
    return fit;
  }

  /** Opens the drawer and follows one of its items. */
  async function viaMenu(label: string, url: RegExp): Promise<void> {
    await menuButton().click();
    const drawer = page.locator('.area-menu-drawer .ant-drawer-body');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('menuitem', { name: label }).click();
    await page.waitForURL(url);
    await expect.poll(() => drawer.isVisible()).toBe(false);
  }

  it('walks home → trainings → a report → its records → wrong book → knowledge graph without sideways scrolling', async () => {
    await page.goto('/student/home');
    await check('home', /你好/);
    await menuButton().click();
    // The drawer has slid in when its left edge is at the screen's.
    await expect.poll(async () => (await page.locator('.area-menu-drawer .ant-drawer-body').boundingBox())?.x).toBe(0);
    await shot(page, 'student-mobile-menu');
    await page.keyboard.press('Escape');

    await viaMenu('训练', /\/student\/train$/);
    await check('train-list', '训练历史', '.scheme-card');

    await page.getByRole('link', { name: '训练历史' }).click();
    await page.waitForURL(/\/student\/train\/history$/);
    await check('history', '返回训练列表', '.ant-table-row');
    await page.getByRole('link', { name: '查看报告' }).first().click();
    await page.waitForURL(/\/student\/train\/report\/[^/]+$/);
    const fit = await check('report', '各知识点', '.records-list .record-item');
    expect(fit.title?.text).toMatch(/训练报告/);
    const trainId = /\/report\/([^/]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? '';

    // The answers on a phone are a list, one card per answer: the question's text and the answer in words.
    await page.goto(`/student/train/${trainId}/questions`);
    await check('records', '训练题目记录', '.records-list .record-item');
    const items = page.locator('.records-list .record-item');
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    const first = (await items.first().innerText()).replace(/\s+/g, ' ');
    expect(first).not.toMatch(/题目 #/);
    expect(first).toMatch(/作答：/);
    expect(await page.locator('.records-list .record-answer').first().innerText()).not.toBe('');

    await viaMenu('错题本', /\/student\/wrong\/list$/);
    await check('wrong-book', '错题本', '.ant-table-row');

    await viaMenu('知识图谱', /\/student\/knowledgegraph\/mine$/);
    await check('knowledge-graph', '知识图谱', '.ant-tree-treenode');
    expect(visited).toHaveLength(7);
  });

  it('the same pages at desktop width keep the horizontal menu', async () => {
    const desk = await newPage(browser, baseURL);
    await loginAs(desk, 'student');
    await desk.waitForURL(/\/student/);
    for (const [i, url] of visited.entries()) {
      await desk.goto(url);
      await desk.waitForLoadState('networkidle');
      expect(await desk.getByRole('button', { name: '菜单', exact: true }).count()).toBe(0);
      expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
      await shot(desk, `student-desktop-${i + 1}`);
    }
  });
});
