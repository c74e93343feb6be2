// The child's placement results on the parent's page (docs/lessons.md "Placement test"): shown under the history with
// level, class and report link when there are some; nothing when there is none.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ParentChild, PlacementResult } from '@edu/contract';
import { loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';
import { summary } from '../../test/trainings';

const PARENT = ['edu:parent'];
const KIDS: ParentChild[] = [
  { id: '11', username: 'u11', name: '李小明', agencies: [{ id: 'demo', name: '演示机构' }] },
];
const page = (list: unknown[]) => ({ total: list.length, list });

const RESULT: PlacementResult = {
  gradeId: 'g7',
  gradeName: '初一',
  trainId: 't5',
  title: '初一英语分级测试',
  status: 'finished',
  score: 15,
  maxScore: 20,
  percent: 75,
  band: '拔高',
  recommendedClass: { id: 'c3', name: '英语拔高班', archived: false },
  endTime: Date.UTC(2026, 0, 5, 2, 0),
};

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe("parent: the child's placement results", () => {
  it('shows each grade’s latest result with its level, class and report', async () => {
    const s = await makeSession(loginInfo(PARENT), {
      'GET /v1/parent/children': KIDS,
      'GET /v1/parent/child/11/history': page([summary({ trainId: 't1' })]),
      'GET /v1/parent/child/11/placement': [RESULT],
    });
    renderApp(s.session, ['/parent']);
    const title = await screen.findByText('初一 · 初一英语分级测试');
    const card = title.closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('分级测试结果')).toBeTruthy();
    expect(within(card).getByText('拔高')).toBeTruthy();
    expect(within(card).getByText('得分 15 / 20 · 75%')).toBeTruthy();
    expect(within(card).getByText('推荐辅导班：英语拔高班')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '查看报告' }).getAttribute('href')).toBe(
      '/parent/train/report/t5/11/1',
    );
  });

  it('shows nothing of it when the child has no result', async () => {
    const s = await makeSession(loginInfo(PARENT), {
      'GET /v1/parent/children': KIDS,
      'GET /v1/parent/child/11/history': page([summary({ trainId: 't1' })]),
      'GET /v1/parent/child/11/placement': [],
    });
    renderApp(s.session, ['/parent']);
    expect(await screen.findByText('名词专项')).toBeTruthy();
    expect(s.calls.some((c) => c.path === '/v1/parent/child/11/placement')).toBe(true);
    expect(screen.queryByText('分级测试结果')).toBeNull();
  });
});
