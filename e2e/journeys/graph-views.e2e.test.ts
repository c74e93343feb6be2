// The demo student's knowledge graph as the people who follow them read it (docs/knowledge-graph.md "Teachers and
// parents"): 张老师 opens the student's 学生信息 (class/studentInfo) and the class's stats, the parent opens the
// child's page — each sees the graph drawn (desktop) or listed by state (375 px), with no 去练习. Read-only: it runs
// in any order with the other journeys. Screenshots go to e2e/screenshots/graph-views-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerURL } from '../support/demo-server.js';
import type { Browser, Page } from 'playwright-core';
import { launch, shot } from '../support/browser.js';
import { loginAs } from '../support/login.js';
import { api, apiLogin } from '../support/training-api.js';

const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 375, height: 812 };

describe('a student’s graph for their teacher and parent', () => {
  const baseURL = demoServerURL();
  let browser: Browser;
  let studentId: string;
  let classId: string;

  beforeAll(async () => {
    browser = await launch();
    const teacher = await apiLogin(baseURL, 'teacher');
    const classes = await api<{ list: { id: string; name: string }[] }>(
      baseURL,
      'GET',
      '/v1/class/list?size=50',
      teacher,
    );
    classId = classes.list.find((c) => c.name === '初一（1）班')!.id;
    const members = await api<{ list: { id: string; username: string }[] }>(
      baseURL,
      'GET',
      `/v1/class/${classId}/members?size=100`,
      teacher,
    );
    studentId = members.list.find((m) => m.username === 'student')!.id;
  });
  afterAll(() => browser?.close());

  const open = async (username: string, viewport: typeof DESKTOP): Promise<Page> => {
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport, isMobile: viewport === PHONE });
    const page = await context.newPage();
    await loginAs(page, username);
    await page.waitForURL((u) => u.pathname !== '/');
    return page;
  };
  const graphCard = (page: Page) => page.locator('.viewed-graphs');

  it('the teacher sees the graph on 学生信息, drawn on a desktop and listed on a phone', async () => {
    const page = await open('teacher', DESKTOP);
    await page.goto(`/admin/class/studentInfo/${studentId}`);
    const card = graphCard(page);
    await expect.poll(() => card.locator('.graph-node').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await card.locator('.ant-card-head-title').innerText()).toBe('知识图谱');
    expect(await card.locator('button[aria-label^="去练习"]').count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'graph-views-teacher-desktop');

    const phone = await open('teacher', PHONE);
    await phone.goto(`/admin/class/studentInfo/${studentId}`);
    const listed = graphCard(phone).locator('.graph-list h4');
    await expect.poll(() => listed.count(), { timeout: 20_000 }).toBe(4);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await graphCard(phone).locator('button[aria-label^="去练习"]').count()).toBe(0);
    await shot(phone, 'graph-views-teacher-375');
  });

  it('the class stats chart each item and name the most stuck ones', async () => {
    const page = await open('teacher', DESKTOP);
    await page.goto(`/admin/class/${classId}/stats`);
    const section = page.locator('.class-graph-section');
    await expect.poll(() => section.getByText('卡住最多的知识点').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => section.locator('[role="img"], canvas, [aria-label*="掌握分布"]').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'graph-views-class-stats');
  });

  it('the parent sees the child’s graph on the child’s page', async () => {
    const page = await open('parent', DESKTOP);
    await page.goto('/parent');
    const card = graphCard(page);
    await expect.poll(() => card.locator('.graph-node').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await card.locator('button[aria-label^="去练习"]').count()).toBe(0);
    await shot(page, 'graph-views-parent-desktop');

    const phone = await open('parent', PHONE);
    await phone.goto('/parent');
    await expect.poll(() => graphCard(phone).locator('.graph-list h4').count(), { timeout: 20_000 }).toBe(4);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'graph-views-parent-375');
  });
});
