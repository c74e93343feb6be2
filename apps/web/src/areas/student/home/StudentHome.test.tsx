// The student home (docs/student-home.md) on fake timers: the empty home says so in each card; a filled one shows
// today's tasks with their countdowns (去完成 starts the task's training and opens it), the training to continue,
// the due reviews (开始复习 opens the review session), recent scores and mastery with its change this week; a
// failed read offers 重新加载; visitors get the login notice; staff only the menu.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StudentHome, TodoTask } from '@edu/contract';
import { envelope } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { STUDENT, training } from '../../../test/trainings';
import { entry } from '../wrong/test-kit';

// 2026-01-05 10:00 CST.
const NOW = Date.UTC(2026, 0, 5, 2, 0);
const HOUR = 3600_000;
const location = () => screen.getByTestId('location').textContent;
const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
/** A button or link by its text (getByRole is slow on antd's large trees). */
const button = (root: HTMLElement, text: string, index = 0) =>
  [...root.querySelectorAll('button')].filter((b) => b.textContent?.replace(/\s/g, '') === text)[index];
const link = (root: HTMLElement, text: string) =>
  [...root.querySelectorAll('a')].find((a) => a.textContent === text) as HTMLAnchorElement;
const levels = (over: Partial<StudentHome['mastery']['now']> = {}) => ({
  none: 0,
  attempted: 0,
  familiar: 0,
  proficient: 0,
  mastered: 0,
  ...over,
});

function todo(over: Partial<TodoTask>): TodoTask {
  return {
    taskId: 'k1',
    title: '第一周作业',
    schemeType: 'general',
    startTime: NOW - HOUR,
    deadline: NOW + 2 * HOUR + 30 * 60_000,
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

const EMPTY: StudentHome = {
  serverTime: NOW,
  tasks: { total: 0, list: [] },
  training: { running: 0, current: null },
  review: { due: 0, all: 0, list: [] },
  scores: [],
  mastery: { total: 20, now: levels({ none: 20 }), weekAgo: levels({ none: 20 }) },
};

const FILLED: StudentHome = {
  serverTime: NOW,
  tasks: {
    total: 12,
    list: [
      todo({ taskId: 'k0', title: '补交作业', deadline: NOW - HOUR, latePolicy: 'late' }),
      todo({}),
      todo({ taskId: 'k2', title: '单元测验', progress: 'running', trainId: 't3', deadline: NOW + 3 * 24 * HOUR }),
    ],
  },
  training: {
    running: 2,
    current: {
      trainId: 't5',
      schemeId: 's1',
      title: '名词专项',
      type: 'general',
      taskId: null,
      answered: 3,
      phaseIndex: 1,
      phaseCount: 2,
      startTime: NOW - 5 * 60_000,
      lastUpdate: NOW - 60_000,
      deadline: NOW + 10 * 60_000,
    },
  },
  review: { due: 4, all: 9, list: [entry(), entry({ questionId: 'q2', title: '一般现在时', wrongCount: 3 })] },
  scores: [
    {
      trainId: 't8',
      title: '七年级英语单元小测',
      type: 'paper',
      status: 'finished',
      answered: 10,
      correct: 8,
      score: 8,
      maxScore: 10,
      endTime: NOW - 24 * HOUR,
    },
  ],
  mastery: {
    total: 20,
    now: levels({ none: 14, attempted: 2, familiar: 1, proficient: 1, mastered: 2 }),
    weekAgo: levels({ none: 16, attempted: 1, familiar: 1, proficient: 1, mastered: 1 }),
  },
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('student home', () => {
  it('says so in each card when there is nothing to do, and keeps the menu', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/student/home': EMPTY });
    renderApp(s.session, ['/student/home']);
    expect(await screen.findByText('今天没有任务')).toBeTruthy();
    expect(screen.getByText('没有进行中的训练')).toBeTruthy();
    expect(screen.getByText('今天没有要复习的错题')).toBeTruthy();
    expect(screen.getByText('还没有完成的训练')).toBeTruthy();
    expect(within(card('掌握进度')).getByText('暂无')).toBeTruthy();
    expect(button(card('今日复习'), '开始复习')).toHaveProperty('disabled', true);
    expect(screen.getByText('查看老师布置的任务')).toBeTruthy();
    expect(s.calls.find((c) => c.path === '/v1/student/home')?.url).toMatch(/agencyId=demo/);
  });

  it('shows the day: tasks with countdowns, the training to continue, reviews, scores and mastery', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/home': FILLED,
      'PUT /v1/student/task/k1/do': training({ trainId: 't7' }),
    });
    renderApp(s.session, ['/student/home']);
    await screen.findByText('第一周作业');
    const tasks = card('今日任务');
    expect(within(tasks).getByText('全部待办（12）')).toBeTruthy();
    expect(within(tasks).getByText('今天截止 · 还剩 2 小时 30 分')).toBeTruthy();
    expect(within(tasks).getByText('已过截止时间，可补交')).toBeTruthy();
    expect(within(tasks).getByText('截止 01-08 10:00 · 还剩 3 天')).toBeTruthy();

    const cont = card('继续练习');
    expect(within(cont).getByText('名词专项')).toBeTruthy();
    expect(within(cont).getByText(/已答 3 题 · 第 1 \/ 2 阶段 · 剩余 (10:00|09:5\d)/)).toBeTruthy();
    expect(within(cont).getByText('还有 1 个训练在进行中')).toBeTruthy();

    const review = card('今日复习');
    expect(within(review).getByText('4')).toBeTruthy();
    expect(within(review).getByText('错题本（9）')).toBeTruthy();
    expect(within(review).getByText('一般现在时')).toBeTruthy();

    expect(within(card('最近成绩')).getByText('8 / 10 分')).toBeTruthy();
    const mastery = card('掌握进度');
    expect(within(mastery).getByText('共 20 个知识点 · 已练习 6')).toBeTruthy();
    expect(within(mastery).getByText('掌握 +1')).toBeTruthy();
    expect(within(mastery).getByText('尝试 +1')).toBeTruthy();
    expect(link(mastery, '查看详情').getAttribute('href')).toBe('/student/point');

    fireEvent.click(button(tasks, '去完成', 1));
    await waitFor(() => expect(location()).toBe('/student/train/t7/do'));
  });

  it('继续 opens the training; 开始复习 opens the review session', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/home': FILLED,
      'GET /v1/wrong/review/next': { total: 0, list: [] },
    });
    renderApp(s.session, ['/student/home']);
    await screen.findByText('名词专项');
    fireEvent.click(button(card('今日复习'), '开始复习'));
    await waitFor(() => expect(s.calls.some((c) => c.path === '/v1/wrong/review/next')).toBe(true));
    const empty = (await screen.findByText('没有到期的错题了，稍后再来吧。')).closest('.ant-result') as HTMLElement;
    fireEvent.click(button(empty, '关闭'));
    await waitFor(() => expect(s.calls.filter((c) => c.path === '/v1/student/home').length).toBe(2));
    fireEvent.click(button(card('继续练习'), '继续'));
    await waitFor(() => expect(location()).toBe('/student/train/t5/do'));
  });

  it('offers 重新加载 when the read fails', async () => {
    let n = 0;
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/home': () =>
        n++ === 0 ? { status: 500, json: envelope(null, 500, '服务器开小差了') } : { json: envelope(EMPTY) },
    });
    renderApp(s.session, ['/student/home']);
    expect(await screen.findByText('首页加载失败')).toBeTruthy();
    fireEvent.click(button(document.body, '重新加载'));
    expect(await screen.findByText('今天没有任务')).toBeTruthy();
  });

  it('asks a visitor to log in; staff see only the menu', async () => {
    const v = await makeSession(null, {});
    const first = renderApp(v.session, ['/student/home']);
    expect(await screen.findByText('登录后可以开始训练、查看错题和积分。')).toBeTruthy();
    first.unmount();
    const t = await makeSession(loginInfo(['edu:agency:demo:teacher']), {});
    renderApp(t.session, ['/student/home']);
    expect(await screen.findByText('查看老师布置的任务')).toBeTruthy();
    expect(t.calls.some((c) => c.path === '/v1/student/home')).toBe(false);
  });
});
