// student/eventutor (docs/lessons.md "Placement test"): the grades' tests as cards, 开始测试 starting the paper and
// opening the training page, 继续测试 for a running one, the results with their level and class (or the message of a
// score held back), and the empty state of an agency without tests.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CORRECTIONS_NOTICE, type PlacementResult, type PlacementTest } from '@edu/contract';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { STUDENT, training } from '../../../test/trainings';

const location = () => screen.getByTestId('location').textContent;
const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
const item = (text: string) => screen.getByText(text).closest('.ant-list-item') as HTMLElement;

function test_(over: Partial<PlacementTest>): PlacementTest {
  return {
    gradeId: 'g7',
    gradeName: '初一',
    title: '初一英语分级测试',
    questionCount: 20,
    timeLimit: 1800,
    bandNames: ['基础', '提高', '拔高'],
    runningTrainId: null,
    ...over,
  };
}

function result(over: Partial<PlacementResult>): PlacementResult {
  return {
    gradeId: 'g7',
    gradeName: '初一',
    trainId: 't3',
    title: '初一英语分级测试',
    status: 'finished',
    score: 11,
    maxScore: 20,
    percent: 55,
    band: '提高',
    recommendedClass: { id: 'c2', name: '英语提高班', archived: false },
    endTime: Date.UTC(2026, 0, 5, 2, 0),
    ...over,
  };
}

describe('student/eventutor', () => {
  it('starts a grade’s test and opens the training; shows the results with their level and class', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/placement/tests': [
        test_({}),
        test_({ gradeId: 'g8', gradeName: '初二', title: '初二英语分级测试', timeLimit: 0, runningTrainId: 't9' }),
      ],
      'GET /v1/student/placement/results': [result({})],
      'PUT /v1/student/placement/start': training({ trainId: 't7', type: 'paper' }),
    });
    renderApp(s.session, ['/student/eventutor']);
    await screen.findByText('初一英语分级测试', { selector: 'strong' });
    const g7 = card('初一');
    expect(within(g7).getByText('共 20 题 · 限时 30 分钟')).toBeTruthy();
    expect(within(g7).getByText('层级：基础 / 提高 / 拔高')).toBeTruthy();
    expect(within(g7).getByText('提高')).toBeTruthy();
    expect(within(card('初二')).getByText('共 20 题 · 不限时')).toBeTruthy();
    expect(within(card('初二')).getByRole('button', { name: '继续测试' })).toBeTruthy();

    const row = item('初一 · 初一英语分级测试');
    expect(within(row).getByText('得分 11 / 20 · 55%')).toBeTruthy();
    expect(within(row).getByText('推荐辅导班：英语提高班')).toBeTruthy();
    expect(within(row).getByText('完成于 2026-01-05 10:00:00（北京时间）')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '查看报告' }).getAttribute('href')).toBe('/student/train/report/t3');

    fireEvent.click(within(g7).getByRole('button', { name: '再测一次' }));
    await waitFor(() => expect(location()).toBe('/student/train/t7/do'));
    const start = s.calls.find((c) => c.method === 'PUT' && c.path === '/v1/student/placement/start');
    expect(start?.body).toEqual({ request: { gradeId: 'g7' } });
  });

  it('shows -- and the reason while a score is held back, and 开始测试 for a grade not taken', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/placement/tests': [test_({ gradeId: 'g9', gradeName: '初三', title: '初三测试' })],
      'GET /v1/student/placement/results': [
        result({
          score: null,
          percent: null,
          band: null,
          recommendedClass: null,
          corrections: { wait: 'release', message: CORRECTIONS_NOTICE.release, scoreHidden: true },
        }),
      ],
    });
    renderApp(s.session, ['/student/eventutor']);
    const row = await screen.findByText('初一 · 初一英语分级测试');
    const li = row.closest('.ant-list-item') as HTMLElement;
    expect(within(li).getByText('得分 -- / 20 · --')).toBeTruthy();
    expect(within(li).getByText(CORRECTIONS_NOTICE.release)).toBeTruthy();
    expect(within(li).queryByText(/推荐辅导班/)).toBeNull();
    expect(within(card('初三')).getByRole('button', { name: '开始测试' })).toBeTruthy();
  });

  it('says so when the agency has no placement test', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/placement/tests': [],
      'GET /v1/student/placement/results': [],
    });
    renderApp(s.session, ['/student/eventutor']);
    expect(await screen.findByText('本机构还没有设置分级测试')).toBeTruthy();
    expect(screen.queryByText('分级测试结果')).toBeNull();
  });

  it('shows the error with a retry when the tests cannot be read', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/placement/tests': () => ({
        status: 500,
        json: {
          errno: 500,
          errmsg: '服务器错误',
          error: 'internal',
          serverTime: 0,
          module: 'x',
          version: 'x',
          response: null,
        },
      }),
      'GET /v1/student/placement/results': [],
    });
    renderApp(s.session, ['/student/eventutor']);
    expect(await screen.findByText('分级测试加载失败')).toBeTruthy();
  });
});
