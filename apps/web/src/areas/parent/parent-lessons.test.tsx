// The children's tutoring lessons on the parent's home (辅导课) and a lesson's page for the parent (facts, and the
// replay once ended); the homework teacher's lessons on their home.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ParentChild } from '@edu/contract';
import { loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';
import { cstMs, lesson, lessonDetail, lessonPage, LESSON_NOW } from '../../test/lessons';

const location = () => screen.getByTestId('location').textContent;
const DEMO = [{ id: 'demo', name: '演示机构' }];
const KIDS: ParentChild[] = [{ id: 's1', username: 'wang', name: '王小明', agencies: DEMO }];
const item = (title: string) => screen.getByText(title).closest('.lesson-item') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(LESSON_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('parent: 辅导课', () => {
  it("lists the child's lessons on the home, each leading to its facts and replay", async () => {
    const parent = { viewerRole: 'parent' as const, editable: false };
    const s = await makeSession(loginInfo(['edu:parent']), {
      'GET /v1/parent/children': KIDS,
      'GET /v1/parent/child/s1/history': { total: 0, list: [] },
      'GET /v1/lesson/list': lessonPage([
        lesson({ ...parent, lessonId: 'l1', title: '数学一对一' }),
        lesson({ ...parent, lessonId: 'l3', title: '物理一对一', startsAt: cstMs(2026, 1, 3, 9), status: 'ended' }),
      ]),
    });
    renderApp(s.session, ['/parent']);
    await screen.findByText('辅导课', {}, { timeout: 5000 });
    await screen.findByText('物理一对一');
    expect(within(item('数学一对一')).getByText('2026-01-05 周一 14:00–14:45（北京时间）')).toBeTruthy();
    expect(within(item('数学一对一')).getByRole('button', { name: '详情' })).toBeTruthy();
    fireEvent.click(within(item('物理一对一')).getByRole('button', { name: '回放' }));
    await waitFor(() => expect(location()).toBe('/parent/eventutor/index/l3'));
  });

  it("shows a lesson's facts to the parent, never the room", async () => {
    const s = await makeSession(loginInfo(['edu:parent']), {
      'GET /v1/lesson/l1': lessonDetail({ viewerRole: 'parent', editable: false }),
    });
    renderApp(s.session, ['/parent/eventutor/index/l1']);
    expect(await screen.findByText('课堂回放：数学一对一', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('课程结束后才能回放')).toBeTruthy();
    expect(screen.getByText('李老师')).toBeTruthy();
    expect(screen.queryByText('进入课堂')).toBeNull();
    expect(screen.getByRole('link', { name: '返回家长首页' }).getAttribute('href')).toBe('/parent');
  });
});

describe('homework teacher: 我的辅导课', () => {
  it('lists their lessons with 进入课堂 while the room can be entered', async () => {
    const mine = { viewerRole: 'teacher' as const, editable: false };
    const s = await makeSession(loginInfo(['edu:homework:teacher']), {
      'GET /v1/lesson/list': lessonPage([
        lesson({ ...mine, lessonId: 'l2', title: '英语一对一', startsAt: LESSON_NOW + 20 * 60_000 }),
        lesson({ ...mine, lessonId: 'l1', title: '数学一对一' }),
      ]),
    });
    renderApp(s.session, ['/WTPteacher/']);
    await screen.findByText('我的辅导课', {}, { timeout: 5000 });
    await screen.findByText('英语一对一');
    expect(within(item('数学一对一')).queryByRole('button', { name: '进入课堂' })).toBeNull();
    // 20 minutes ahead: within the half hour before the start.
    fireEvent.click(within(item('英语一对一')).getByRole('button', { name: '进入课堂' }));
    await waitFor(() => expect(location()).toBe('/WTPteacher/webrtc/l2'));
  });
});
