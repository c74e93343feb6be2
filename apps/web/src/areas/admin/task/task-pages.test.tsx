// The task pages on fake timers: the dashboard (counts, states, late marks, scores), the create form (the window
// in China Standard Time, the class preselected from the class's task list) and a read-only form for staff who
// may not write the task.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Task, TaskDashboard, TaskDetail } from '@edu/contract';
import { loginInfo } from '../../../test/fixtures';
import { pickOption } from '../../../test/antd';
import { makeSession, renderApp } from '../../../test/render';
import { scheme } from '../train/train-test-kit';

const ADMIN = ['edu:agency:demo:admin'];
// 2026-01-05 10:00:30 CST.
const NOW = Date.UTC(2026, 0, 5, 2, 0, 30);
const location = () => screen.getByTestId('location').textContent;
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

function task(over: Partial<Task> = {}): Task {
  return {
    taskId: 'k1',
    title: '第一周作业',
    schemeId: 's1',
    schemeTitle: '名词专项',
    schemeType: 'general',
    classId: 'c1',
    className: '七年级一班',
    studentCount: 3,
    startTime: NOW - 86_400_000,
    deadline: NOW + 86_400_000,
    latePolicy: 'penalty',
    latePenalty: 20,
    homework: true,
    creator: '机构管理员',
    createTime: NOW - 86_400_000,
    lastUpdate: NOW - 86_400_000,
    editable: true,
    ...over,
  };
}

const result = (over: Partial<TaskDashboard['students'][number]>): TaskDashboard['students'][number] => ({
  userId: 'u1',
  name: '张三',
  username: 'zhang',
  progress: 'not_started',
  trainId: null,
  status: null,
  score: null,
  maxScore: null,
  taskScore: null,
  late: false,
  startTime: null,
  endTime: null,
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('admin/task/{taskId}/dashboard', () => {
  it('shows who has not started, is running and has finished, with scores', async () => {
    const s = await makeSession(loginInfo(ADMIN), {
      'GET /v1/task/k1/dashboard': {
        task: task(),
        counts: { notStarted: 1, running: 1, done: 1 },
        students: [
          result({}),
          result({
            userId: 'u2',
            name: '李四',
            username: 'li',
            progress: 'running',
            trainId: 't2',
            status: 'running',
            maxScore: 10,
          }),
          result({
            userId: 'u3',
            name: '王五',
            username: 'wang',
            progress: 'done',
            trainId: 't3',
            status: 'finished',
            score: 5,
            maxScore: 10,
            taskScore: 4,
            late: true,
            startTime: NOW,
            endTime: NOW + 600_000,
          }),
        ],
      } satisfies TaskDashboard,
    });
    renderApp(s.session, ['/admin/task/k1/dashboard']);
    await screen.findByText('第一周作业');
    expect(screen.getByText('未开始 1 人 · 进行中 1 人 · 已完成 1 人')).toBeTruthy();
    expect(within(row('王五（wang）')).getByText('5 / 10')).toBeTruthy();
    expect(within(row('王五（wang）')).getByText('4')).toBeTruthy();
    expect(within(row('王五（wang）')).getByText('迟交')).toBeTruthy();
    expect(within(row('王五（wang）')).getByText('2026-01-05 10:00')).toBeTruthy();
    expect(within(row('李四（li）')).getByText('进行中')).toBeTruthy();
    // No score yet reads --, as the export leaves the cells empty.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const cell = (name: string, header: string) =>
      row(name).querySelectorAll('td')[headers.indexOf(header)].textContent;
    for (const name of ['李四（li）', '张三（zhang）'])
      expect([cell(name, '得分'), cell(name, '计入成绩')]).toEqual(['--', '--']);
    expect([cell('王五（wang）', '得分'), cell('王五（wang）', '计入成绩')]).toEqual(['5 / 10', '4']);
    expect(screen.getByText(/接受迟交并扣分 20%/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /修改任务/ }));
    await waitFor(() => expect(location()).toBe('/admin/task/k1/modify'));
  });
});

describe('admin/task/create', () => {
  it('gives a scheme to the preselected class with a CST window', async () => {
    const s = await makeSession(loginInfo(ADMIN), {
      'GET /v1/train/control/schemes': {
        total: 1,
        list: [scheme({ schemeId: 's1', title: '名词专项' })],
      },
      'GET /v1/task/options/classes': [{ classId: 'c1', name: '七年级一班', kind: 'ordinary', studentCount: 3 }],
      'GET /v1/task/options/students': [],
      'PUT /v1/task': task({ taskId: 'k9' }),
    });
    renderApp(s.session, ['/admin/task/create?classId=c1']);
    fireEvent.change(await screen.findByLabelText('任务名称'), { target: { value: '第二周作业' } });
    await pickOption('训练方案或试卷', '名词专项（方案）');
    await screen.findByText('七年级一班（3 人）');
    fireEvent.click(screen.getByRole('button', { name: '布置任务' }));
    await waitFor(() => expect(location()).toBe('/admin/task/k9/dashboard'));
    const sent = s.calls.find((c) => c.method === 'PUT' && c.path === '/v1/task')!.body as {
      request: Record<string, unknown>;
    };
    expect(sent.request).toMatchObject({
      title: '第二周作业',
      schemeId: 's1',
      classId: 'c1',
      studentIds: [],
      // The minute the form opened, and 23:59 CST seven days later.
      startTime: Date.UTC(2026, 0, 5, 2, 0),
      deadline: Date.UTC(2026, 0, 12, 15, 59),
      latePolicy: 'none',
      homework: true,
    });
  });
});

describe('admin/task/{taskId}/modify', () => {
  it('is read-only for staff who may not write the task', async () => {
    const detail: TaskDetail = { ...task({ editable: false }), students: [] };
    const s = await makeSession(loginInfo(['edu:agency:demo:train:admin']), {
      'GET /v1/task/k1': detail,
      'GET /v1/train/control/schemes': { total: 0, list: [] },
      'GET /v1/task/options/classes': [],
      'GET /v1/task/options/students': [],
    });
    renderApp(s.session, ['/admin/task/k1/modify']);
    expect(await screen.findByText(/你只能查看/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '保存修改' }).disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('任务名称').value).toBe('第一周作业');
  });
});
