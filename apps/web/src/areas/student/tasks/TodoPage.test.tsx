// student/tasks/todo on fake timers: the open tasks with their state and CST deadline; 开始 starts the task's
// training and opens it, a done task links to its report, a closed one cannot be started.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TodoTask } from '@edu/contract';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { STUDENT, training } from '../../../test/trainings';

// 2026-01-05 10:00 CST.
const NOW = Date.UTC(2026, 0, 5, 2, 0);
const location = () => screen.getByTestId('location').textContent;
const item = (text: string) => screen.getByText(text).closest('.ant-list-item') as HTMLElement;

function todo(over: Partial<TodoTask>): TodoTask {
  return {
    taskId: 'k1',
    title: '第一周作业',
    schemeType: 'general',
    startTime: NOW - 3600_000,
    deadline: Date.UTC(2026, 0, 5, 15, 59),
    latePolicy: 'none',
    latePenalty: 0,
    homework: true,
    progress: 'not_started',
    trainId: null,
    score: 0,
    maxScore: 0,
    taskScore: 0,
    late: false,
    canDo: true,
    ...over,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('student/tasks/todo', () => {
  it('lists open tasks; 开始 starts the training and opens it', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/tasks/todo': {
        total: 3,
        list: [
          todo({}),
          todo({
            taskId: 'k2',
            title: '期中试卷',
            schemeType: 'paper',
            homework: false,
            progress: 'done',
            trainId: 't9',
            score: 8,
            maxScore: 10,
            taskScore: 6.4,
            late: true,
            latePolicy: 'penalty',
            latePenalty: 20,
            deadline: NOW - 60_000,
            canDo: false,
          }),
          todo({ taskId: 'k3', title: '单元测验', progress: 'running', trainId: 't3', deadline: NOW + 3 * 86_400_000 }),
        ],
      },
      'PUT /v1/student/task/k1/do': training({ trainId: 't7' }),
    });
    renderApp(s.session, ['/student/tasks/todo']);
    await screen.findByText('第一周作业');
    expect(within(item('第一周作业')).getByText('截止 2026-01-05 23:59（北京时间） · 今天截止')).toBeTruthy();
    expect(within(item('第一周作业')).getByText('未开始')).toBeTruthy();
    expect(within(item('期中试卷')).getByText('迟交')).toBeTruthy();
    expect(within(item('期中试卷')).getByText('得分 6.4 / 10')).toBeTruthy();
    expect(within(item('期中试卷')).getByText(/已过截止时间/)).toBeTruthy();
    expect(within(item('单元测验')).getByRole('button', { name: '继续' })).toBeTruthy();
    fireEvent.click(within(item('第一周作业')).getByRole('button', { name: '开始' }));
    await waitFor(() => expect(location()).toBe('/student/train/t7/do'));
    expect(s.calls.some((c) => c.method === 'PUT' && c.path === '/v1/student/task/k1/do')).toBe(true);
  });

  it('a done task opens its report; a closed one cannot be started', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/tasks/todo': {
        total: 2,
        list: [
          todo({ progress: 'done', trainId: 't5', score: 3, maxScore: 4, taskScore: 3 }),
          todo({ taskId: 'k2', title: '还没开放', canDo: false }),
        ],
      },
    });
    renderApp(s.session, ['/student/tasks/todo']);
    await screen.findByText('第一周作业');
    const start = within(item('还没开放')).getByRole<HTMLButtonElement>('button', { name: '开始' });
    expect(start.disabled).toBe(true);
    fireEvent.click(within(item('第一周作业')).getByRole('button', { name: '查看报告' }));
    await waitFor(() => expect(location()).toBe('/student/train/report/t5'));
  });

  it('says so when there is nothing to do', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/student/tasks/todo': { total: 0, list: [] } });
    renderApp(s.session, ['/student/tasks/todo']);
    expect(await screen.findByText('现在没有待办任务')).toBeTruthy();
  });
});
