import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { button } from '../../../test/antd';
import { openScheme, STUDENT, training } from '../../../test/trainings';

const OPEN = 'GET /v1/train/open/schemes';
const location = () => screen.getByTestId('location').textContent;
const card = (title: string) => screen.getByText(title).closest('.scheme-card') as HTMLElement;

describe('student/train', () => {
  it('lists the open schemes with type, time limit and phases; 继续训练 for a running one', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      [OPEN]: {
        total: 2,
        list: [
          openScheme(),
          openScheme({ schemeId: 's2', title: '期中试卷', type: 'paper', timeLimit: 0, runningTrainId: 't7' }),
        ],
      },
    });
    renderApp(s.session, ['/student/train']);
    await screen.findByText('名词专项');
    expect(within(card('名词专项')).getByText('普通训练')).toBeTruthy();
    expect(within(card('名词专项')).getByText('30分')).toBeTruthy();
    expect(within(card('名词专项')).getByText(/2 个阶段/)).toBeTruthy();
    expect(within(card('名词专项')).getByText('开始训练')).toBeTruthy();
    expect(within(card('期中试卷')).getByText('试卷')).toBeTruthy();
    expect(within(card('期中试卷')).getByText('不限时')).toBeTruthy();
    fireEvent.click(within(card('期中试卷')).getByText('继续训练'));
    await waitFor(() => expect(location()).toBe('/student/train/t7/do'));
    const list = s.calls.find((c) => c.path === '/v1/train/open/schemes');
    expect(list?.url).toContain('start=0');
    expect(list?.headers['X-Agency-Id']).toBe('demo');
  });

  it('开始训练 starts the scheme (PUT) and opens the training it answers', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      [OPEN]: { total: 1, list: [openScheme()] },
      'PUT /v1/train/scheme/s1/start': training({ trainId: 't9' }),
      'GET /v1/train/t9': training({ trainId: 't9' }),
    });
    renderApp(s.session, ['/student/train']);
    fireEvent.click(await screen.findByText('开始训练'));
    await waitFor(() => expect(location()).toBe('/student/train/t9/do'));
    expect(s.calls.some((c) => c.method === 'PUT' && c.path === '/v1/train/scheme/s1/start')).toBe(true);
    expect(await screen.findByText('题干 q1')).toBeTruthy();
  });

  it('says so when nothing is open, and links to the history', async () => {
    const s = await makeSession(loginInfo(STUDENT), { [OPEN]: { total: 0, list: [] } });
    renderApp(s.session, ['/student/train']);
    expect(await screen.findByText('暂无可参加的训练方案')).toBeTruthy();
    fireEvent.click(screen.getByText('训练历史'));
    await waitFor(() => expect(location()).toBe('/student/train/history'));
  });

  it('asks a visitor to log in', async () => {
    const s = await makeSession(null);
    renderApp(s.session, ['/student/train']);
    expect(await screen.findByText('登录后可以开始训练、查看训练记录和报告。')).toBeTruthy();
    expect(button('前往登录')).toBeTruthy();
  });
});

describe('student/train/scheme/{id}', () => {
  it('finds the scheme in the open list and starts it', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      [OPEN]: { total: 2, list: [openScheme({ schemeId: 's0', title: '别的' }), openScheme()] },
      'PUT /v1/train/scheme/s1/start': training(),
      'GET /v1/train/t1': training(),
    });
    renderApp(s.session, ['/student/train/scheme/s1']);
    expect(await screen.findByText('名词专项')).toBeTruthy();
    // The knowledge points' names come from their own query, after the scheme.
    expect(await screen.findByText('第一章 词汇')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    fireEvent.click(button('开始训练'));
    await waitFor(() => expect(location()).toBe('/student/train/t1/do'));
  });

  it('answers 不存在 for a scheme that is not open', async () => {
    const s = await makeSession(loginInfo(STUDENT), { [OPEN]: { total: 1, list: [openScheme()] } });
    renderApp(s.session, ['/student/train/scheme/nope']);
    expect(await screen.findByText('训练方案不存在或未开放')).toBeTruthy();
  });
});
