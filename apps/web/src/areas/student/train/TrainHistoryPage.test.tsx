import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { STUDENT, summary } from '../../../test/trainings';

const location = () => screen.getByTestId('location').textContent;
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('student/train/history', () => {
  it('pages the trainings: status, score, duration; running → do-page, ended → report', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/history': {
        total: 2,
        list: [
          summary({ trainId: 't2', title: '期中试卷', type: 'paper', status: 'running', endTime: null }),
          summary({ pending: 1 }),
        ],
      },
    });
    renderApp(s.session, ['/student/train/history']);
    // The first render of the file loads the page's chunks: on a busy machine that takes over a second.
    await screen.findByText('名词专项', {}, { timeout: 10_000 });
    expect(within(row('名词专项')).getByText('已完成')).toBeTruthy();
    expect(within(row('名词专项')).getByText('2.5 / 4')).toBeTruthy();
    expect(within(row('名词专项')).getByText('1 道题待批改')).toBeTruthy(); // the score is not final yet
    expect(within(row('期中试卷')).queryByText(/待批改/)).toBeNull();
    expect(within(row('名词专项')).getByText('3 / 4')).toBeTruthy();
    expect(within(row('名词专项')).getByText('2分5秒')).toBeTruthy();
    expect(within(row('期中试卷')).getByText('进行中')).toBeTruthy();
    expect(within(row('期中试卷')).getByText('--')).toBeTruthy();
    expect(s.calls.find((c) => c.path === '/v1/train/history')?.url).toMatch(/start=0&size=20/);
    fireEvent.click(within(row('期中试卷')).getByText('继续训练'));
    await waitFor(() => expect(location()).toBe('/student/train/t2/do'));
  });

  it('an ended training links to its report', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/history': { total: 1, list: [summary({ status: 'expired' })] },
    });
    renderApp(s.session, ['/student/train/history']);
    await screen.findByText('已超时');
    fireEvent.click(within(row('名词专项')).getByText('查看报告'));
    await waitFor(() => expect(location()).toBe('/student/train/report/t1'));
  });
});
