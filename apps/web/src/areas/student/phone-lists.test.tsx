// The learner's lists on a 375 px phone (docs/web.md "Small screens"): 训练历史, 错题本 and 待办任务 are cards — the
// title, where it stands, its score and one primary action (a 44 px button, components/card-list.css) — not a
// table of squeezed columns; the action opens what a row's link opened.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TodoTask } from '@edu/contract';
import { loginInfo } from '../../test/fixtures';
import { phoneWidth } from '../../test/phone-width';
import { makeSession, renderApp } from '../../test/render';
import { STUDENT, summary, training } from '../../test/trainings';
import { entry } from './wrong/test-kit';

const location = () => screen.getByTestId('location').textContent;
const card = (text: string) => screen.getByText(text).closest('.card-list-item') as HTMLElement;
/** The card's one action: a full-width button (a link when it opens a page). */
const actionOf = (c: HTMLElement) => {
  const actions = c.querySelectorAll<HTMLElement>('.card-list-action');
  expect(actions).toHaveLength(1);
  return actions[0];
};

let restore: () => void;
beforeEach(() => {
  restore = phoneWidth();
});
afterEach(() => {
  restore();
  vi.useRealTimers();
});

describe('训练历史 on a phone', () => {
  it('shows a card per training with its state, score and one action; no table', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/history': {
        total: 2,
        list: [
          summary({ trainId: 't2', title: '期中试卷', type: 'paper', status: 'running', endTime: null }),
          summary({
            pending: 1,
            corrections: { wait: 'release', message: '批改结果将在老师公布后显示', scoreHidden: false },
          }),
        ],
      },
    });
    renderApp(s.session, ['/student/train/history']);
    await screen.findByText('名词专项', {}, { timeout: 10_000 });
    expect(document.querySelector('.history-cards table')).toBeNull();
    expect(document.querySelector('.ant-table')).toBeNull();

    const ended = card('名词专项');
    expect(within(ended).getByText('已完成')).toBeTruthy();
    expect(within(ended).getByText('普通训练')).toBeTruthy();
    expect(within(ended).getByText('得分 2.5 / 4')).toBeTruthy();
    expect(within(ended).getByText('1 道题待批改')).toBeTruthy();
    // No hover on a phone: the corrections' whole sentence is on the card.
    expect(ended.textContent).toContain('批改结果将在老师公布后显示');
    expect(ended.textContent).toContain('答对 / 答题 3 / 4');
    expect(ended.textContent).toContain('2分5秒');
    expect(ended.textContent).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 开始（北京时间）/);
    const report = actionOf(ended);
    expect(report.textContent).toBe('查看报告');
    expect(report.getAttribute('href')).toBe('/student/train/report/t1');

    const running = card('期中试卷');
    expect(within(running).getByText('进行中')).toBeTruthy();
    fireEvent.click(actionOf(running));
    await waitFor(() => expect(location()).toBe('/student/train/t2/do'));
  });

  it('pages with the simple pager', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/history': {
        total: 45,
        list: Array.from({ length: 20 }, (_, i) => summary({ trainId: `t${i}`, title: `训练 ${i}` })),
      },
    });
    renderApp(s.session, ['/student/train/history']);
    await screen.findByText('训练 0', {}, { timeout: 10_000 });
    expect(document.querySelectorAll('.card-list-item')).toHaveLength(20);
    const pager = document.querySelector('.card-list .ant-pagination-simple') as HTMLElement;
    expect(pager.textContent).toContain('3');
    fireEvent.click(pager.querySelector('.ant-pagination-next') as HTMLElement);
    await waitFor(() =>
      expect(s.calls.filter((c) => c.path === '/v1/train/history').at(-1)?.url).toMatch(/start=20&size=20/),
    );
  });
});

describe('错题本 on a phone', () => {
  it('shows a card per question: its review state and due time, 连续答对, and 查看错题', async () => {
    const future = Date.now() + 3 * 86_400_000;
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/wrong/list': {
        total: 2,
        counts: { all: 2, due: 1, learning: 2, mastered: 0 },
        list: [
          entry(),
          entry({ questionId: 'q2', title: '一般现在时', wrongCount: 1 }, { state: 'review', due: future, streak: 1 }),
        ],
      },
    });
    renderApp(s.session, ['/student/wrong/list']);
    await screen.findByText('名词复数辨析');
    expect(document.querySelector('.ant-table')).toBeNull();
    const due = card('名词复数辨析');
    expect(within(due).getByText('新错题')).toBeTruthy();
    expect(within(due).getByText('已到期')).toBeTruthy();
    expect(within(due).getByText('连续答对 0 / 3')).toBeTruthy();
    expect(due.textContent).toContain('单选题 · 名词复数 · 做错 2 次');
    const later = card('一般现在时');
    expect(within(later).getByText('复习中')).toBeTruthy();
    expect(within(later).getByText('3 天后')).toBeTruthy();
    expect(within(later).getByText('连续答对 1 / 3')).toBeTruthy();
    expect(actionOf(later).getAttribute('href')).toBe('/student/question/answer/record/r9');
    fireEvent.click(actionOf(due));
    await waitFor(() => expect(location()).toBe('/student/question/answer/record/r9'));
  });
});

describe('待办任务 on a phone', () => {
  // 2026-01-05 10:00 CST.
  const NOW = Date.UTC(2026, 0, 5, 2, 0);
  const todo = (over: Partial<TodoTask>): TodoTask => ({
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
  });

  it('shows a card per task: tags, deadline, score once done, and 开始 / 继续 / 查看报告', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/student/tasks/todo': {
        total: 3,
        list: [
          todo({}),
          todo({ taskId: 'k2', title: '期中试卷', progress: 'done', trainId: 't9', taskScore: 6.4, maxScore: 10 }),
          todo({ taskId: 'k3', title: '还没开放', canDo: false, homework: false }),
        ],
      },
      'PUT /v1/student/task/k1/do': training({ trainId: 't7' }),
    });
    renderApp(s.session, ['/student/tasks/todo']);
    await screen.findByText('第一周作业');
    const first = card('第一周作业');
    expect(within(first).getByText('未开始')).toBeTruthy();
    expect(within(first).getByText('作业')).toBeTruthy();
    expect(first.textContent).toContain('截止 2026-01-05 23:59（北京时间） · 今天截止');
    const done = card('期中试卷');
    expect(within(done).getByText('得分 6.4 / 10')).toBeTruthy();
    expect(actionOf(done).getAttribute('href')).toBe('/student/train/report/t9');
    expect((actionOf(card('还没开放')) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(actionOf(first));
    await waitFor(() => expect(location()).toBe('/student/train/t7/do'));
  });
});
