// 分级测试 on the tutoring class list (docs/lessons.md "Placement test") against a fake API: the agency admin reads the
// tests by grade, adds one with the default thirds, sees a server message on its band field, and joins a student to
// the recommended class from the results; a teacher reads without the writes.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlacementResultRow, PlacementSetting } from '@edu/contract';
import { envelope } from '../../../../test/fake-api';
import { loginInfo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';
import { cls } from '../class-test-kit';

const ADMIN = ['edu:agency:demo:admin'];
const TEACHER = ['edu:agency:demo:teacher'];

const visible = (selector: string) =>
  waitFor(() => {
    const d = [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((e) => !e.closest('[style*="display: none"]'))
      .at(-1);
    if (!d) throw new Error(`no ${selector}`);
    return d;
  });

/** The button showing `text` (role queries are slow over a drawer's whole tree in jsdom). */
const button = (root: HTMLElement, text: string) => within(root).getByText(text).closest('button') as HTMLElement;

const SETTING: PlacementSetting = {
  gradeId: 'g7',
  gradeName: '初一',
  schemeId: 's1',
  schemeTitle: '初一英语分级测试',
  schemeOn: true,
  questionCount: 20,
  bands: [
    { minPercent: 0, name: '基础', recommendedClass: null },
    { minPercent: 34, name: '提高', recommendedClass: { id: '5', name: '英语提高班', archived: false } },
    { minPercent: 67, name: '拔高', recommendedClass: null },
  ],
  lastUpdate: Date.UTC(2026, 0, 5),
};

const ROW: PlacementResultRow = {
  gradeId: 'g7',
  gradeName: '初一',
  trainId: 't8',
  title: '初一英语分级测试',
  status: 'finished',
  score: 12,
  maxScore: 20,
  percent: 60,
  band: '提高',
  recommendedClass: { id: '5', name: '英语提高班', archived: false },
  endTime: Date.UTC(2026, 0, 5, 2),
  student: { id: '11', username: 'student', name: '李小明' },
  inRecommendedClass: false,
};

const routes = (editable: boolean) => ({
  'GET /v1/class/list': { total: 1, list: [cls({ kind: 'event', name: '英语提高班', canManage: editable })] },
  'GET /v1/placement/settings': { editable, list: [SETTING] },
  'GET /v1/placement/papers': [
    { schemeId: 's1', title: '初一英语分级测试', on: true, questionCount: 20 },
    { schemeId: 's2', title: '初二英语分级测试', on: false, questionCount: 25 },
  ],
  'GET /v1/placement/results': { total: 1, list: [ROW] },
  'GET /v1/general/data/grades': [
    { id: 'g7', name: '初一', sort: 7 },
    { id: 'g8', name: '初二', sort: 8 },
  ],
});

async function openDrawer(roles: string[], extra: Record<string, unknown> = {}) {
  const s = await makeSession(loginInfo(roles), { ...routes(roles === ADMIN), ...extra });
  renderApp(s.session, ['/admin/class/event/list']);
  fireEvent.click((await screen.findByText('分级测试')).closest('button') as HTMLElement);
  const drawer = (await screen.findByText('测试设置')).closest<HTMLElement>('.ant-drawer')!;
  await within(drawer).findByText('初一英语分级测试');
  return { ...s, drawer };
}

describe('placement tests on the tutoring class list', () => {
  it('lists the tests by grade and adds a grade with the default thirds', async () => {
    const { drawer, calls } = await openDrawer(ADMIN, {
      'PUT /v1/placement/setting': { ...SETTING, gradeId: 'g8', gradeName: '初二', schemeId: 's2' },
    });
    const row = within(drawer).getByText('初一英语分级测试').closest('tr') as HTMLElement;
    expect(within(row).getByText('20 题')).toBeTruthy();
    expect(within(row).getByText('提高：34% 起 → 英语提高班')).toBeTruthy();

    fireEvent.click(button(drawer, '添加年级'));
    const modal = await visible('.ant-modal');
    expect(within(modal).getByLabelText<HTMLInputElement>('起点（%） 2').value).toBe('34');
    expect(within(modal).getByLabelText<HTMLInputElement>('名称 3').value).toBe('拔高');
    fireEvent.mouseDown(within(modal).getByLabelText('年级'));
    // A grade that has a test already cannot be picked again.
    const taken = await screen.findByTitle('初一');
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(await screen.findByTitle('初二'));
    fireEvent.mouseDown(within(modal).getByLabelText('试卷'));
    fireEvent.click(await screen.findByTitle('初二英语分级测试（25 题，未开启）'));
    fireEvent.click(button(modal, '保存'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/v1/placement/setting')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/v1/placement/setting');
    expect(put?.body).toEqual({
      request: {
        gradeId: 'g8',
        schemeId: 's2',
        bands: [
          { minPercent: 0, name: '基础', classId: null },
          { minPercent: 34, name: '提高', classId: null },
          { minPercent: 67, name: '拔高', classId: null },
        ],
      },
    });
  });

  it("puts the server's message on the band it names", async () => {
    const { drawer } = await openDrawer(ADMIN, {
      'PUT /v1/placement/setting': () => ({
        status: 400,
        json: envelope(
          { fields: [{ path: 'request.bands.1.minPercent', message: '档位起点必须从低到高递增' }] },
          400,
          '档位起点必须从低到高递增',
        ),
      }),
    });
    fireEvent.click(button(drawer, '编辑'));
    const modal = await visible('.ant-modal');
    await waitFor(() => expect(within(modal).getByLabelText<HTMLInputElement>('名称 2').value).toBe('提高'));
    fireEvent.click(button(modal, '保存'));
    expect(await within(modal).findByText('档位起点必须从低到高递增')).toBeTruthy();
  });

  it('joins a student to the recommended class from the results', async () => {
    const { drawer, calls } = await openDrawer(ADMIN, {
      'POST /v1/placement/join': { classId: '5', className: '英语提高班', changed: 1 },
    });
    fireEvent.click(within(drawer).getByText('测试结果'));
    const cell = await within(drawer).findByText('李小明');
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('得分 12 / 20 · 60%')).toBeTruthy();
    expect(within(row).getByText('提高')).toBeTruthy();
    expect(within(row).getByText('报告').closest('a')?.getAttribute('href')).toBe('/admin/train/report/t8');
    fireEvent.click(button(row, '加入辅导班'));
    const modal = await visible('.ant-modal');
    expect(within(modal).getByText('测试结果：提高')).toBeTruthy();
    fireEvent.click(button(modal, '加入'));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/placement/join')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/placement/join')?.body).toEqual({
      request: { trainId: 't8', classId: '5' },
    });
    expect(await screen.findByText('已加入 英语提高班')).toBeTruthy();
  });

  it('a teacher reads the tests and results without the writes', async () => {
    const { drawer } = await openDrawer(TEACHER);
    expect(within(drawer).getByText('只读：只有机构管理员可以修改分级测试')).toBeTruthy();
    expect(within(drawer).queryByText('添加年级')).toBeNull();
    expect(within(drawer).queryByText('编辑')).toBeNull();
    fireEvent.click(within(drawer).getByText('测试结果'));
    const row = (await within(drawer).findByText('李小明')).closest('tr') as HTMLElement;
    expect(within(row).queryByText('加入辅导班')).toBeNull();
  });
});
