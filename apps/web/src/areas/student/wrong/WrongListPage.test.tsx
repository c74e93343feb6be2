import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecordedCall } from '../../../test/fake-api';
import { loginInfo, question } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { toStudentView } from '@edu/contract';
import { STUDENT } from '../../../test/trainings';
import { dueText } from './due-text';
import { entry } from './test-kit';

const FUTURE = Date.now() + 3 * 86_400_000;
const page = {
  total: 2,
  counts: { all: 3, due: 1, learning: 2, mastered: 1 },
  list: [
    entry(),
    entry({ questionId: 'q2', title: '一般现在时', wrongCount: 1 }, { state: 'review', due: FUTURE, streak: 1 }),
  ],
};
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('dueText', () => {
  it('reads the next review time', () => {
    const now = 1_700_000_000_000;
    expect(dueText(now - 1, now)).toBe('已到期');
    expect(dueText(now + 10 * 60_000, now)).toBe('10 分钟后');
    expect(dueText(now + 5 * 3600_000, now)).toBe('5 小时后');
    expect(dueText(now + 3 * 86_400_000, now)).toBe('3 天后');
  });

  it('writes a due day a month away as its China Standard Time date', () => {
    // 2026-01-04T16:30Z is already 2026-01-05 in China.
    const due = Date.UTC(2026, 0, 4, 16, 30);
    expect(dueText(due, due - 40 * 86_400_000)).toBe('2026-01-05');
  });
});

describe('student/wrong/list', () => {
  it('lists the book with FSRS state and due time, and filters by tab', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/wrong/list': page });
    renderApp(s.session, ['/student/wrong/list']);
    await screen.findByText('名词复数辨析');
    expect(within(row('名词复数辨析')).getByText('新错题')).toBeTruthy();
    expect(within(row('名词复数辨析')).getByText('已到期')).toBeTruthy();
    expect(within(row('一般现在时')).getByText('复习中')).toBeTruthy();
    expect(within(row('一般现在时')).getByText('3 天后')).toBeTruthy();
    expect(within(row('一般现在时')).getByText('1 / 3')).toBeTruthy();
    expect(screen.getByText('待复习 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: '名词复数辨析' }).getAttribute('href')).toBe(
      '/student/question/answer/record/r9',
    );
    fireEvent.click(screen.getByText('已掌握 1'));
    await waitFor(() =>
      expect(s.calls.filter((c) => c.path === '/v1/wrong/list').at(-1)?.url).toMatch(/filter=mastered/),
    );
  });

  it('runs a review session: due questions one by one with instant judged feedback', async () => {
    const q = toStudentView(question({ id: 'q1', question: '<p>复习题干</p>' }));
    const reviews: RecordedCall[] = [];
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/wrong/list': page,
      'GET /v1/wrong/review/next': { total: 1, list: [{ entry: entry(), question: q }] },
      'POST /v1/wrong/q1/review': (c: RecordedCall) => {
        reviews.push(c);
        return {
          json: {
            errno: 0,
            errmsg: '',
            error: '',
            serverTime: 0,
            module: 'wrong',
            version: 't',
            response: {
              recordId: 'r10',
              repeated: false,
              rating: 'good',
              result: {
                isCorrect: true,
                score: 1,
                pending: false,
                submitAnswer: ['A'],
                standardAnswer: ['A'],
                explanation: '<p>解析内容</p>',
                feedback: '回答正确',
              },
              entry: entry({}, { state: 'learning', due: Date.now() + 600_000, streak: 1, reps: 1 }),
            },
          },
        };
      },
    });
    renderApp(s.session, ['/student/wrong/list']);
    fireEvent.click(await screen.findByText('开始复习（1 题到期）'));
    await screen.findByText('复习题干');
    fireEvent.click(screen.getByText('提交答案'));
    expect(await screen.findByText('请先作答')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('radio')[0]);
    fireEvent.click(screen.getByText('提交答案'));
    await screen.findByText('已连续答对 1 次');
    expect(screen.getByText('下次复习：10 分钟后')).toBeTruthy();
    expect(reviews).toHaveLength(1);
    const body = reviews[0].body as { request: { clientAnswerId: string; answer: string[] } };
    expect(body.request.answer).toEqual(['A']);
    expect(body.request.clientAnswerId.length).toBeGreaterThanOrEqual(8);
    fireEvent.click(screen.getByText('完成复习'));
    expect(await screen.findByText('本轮复习完成：1 题，答对 1 题。')).toBeTruthy();
  });

  it('never blocks: says how many wait for an unfinished paper, and skips a question the server refuses', async () => {
    const q1 = toStudentView(question({ id: 'q1', question: '<p>第一题题干</p>' }));
    const q2 = toStudentView(question({ id: 'q2', question: '<p>第二题题干</p>' }));
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/wrong/list': page,
      'GET /v1/wrong/review/next': {
        total: 2,
        postponed: 3,
        list: [
          { entry: entry({ questionId: 'q1' }), question: q1 },
          { entry: entry({ questionId: 'q2' }), question: q2 },
        ],
      },
      'POST /v1/wrong/q1/review': () => ({
        status: 409,
        json: {
          errno: 409,
          errmsg: '这道题正在你未完成的试卷或训练中，完成后再复习',
          error: '',
          serverTime: 0,
          module: 'wrong',
          version: 't',
          response: null,
        },
      }),
    });
    renderApp(s.session, ['/student/wrong/list']);
    fireEvent.click(await screen.findByText('开始复习（1 题到期）'));
    await screen.findByText('第一题题干');
    expect(screen.getByText('另有 3 道到期错题正在你未完成的试卷或训练中，完成后再复习。')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('radio')[0]);
    fireEvent.click(screen.getByText('提交答案'));
    expect(await screen.findByText('这道题正在你未完成的试卷或训练中，完成后再复习')).toBeTruthy();
    fireEvent.click(screen.getByText('跳过这题'));
    expect(await screen.findByText('第二题题干')).toBeTruthy();
    expect(screen.queryByText('跳过这题')).toBeNull();
  });

  it('asks a visitor to log in', async () => {
    const s = await makeSession(null);
    renderApp(s.session, ['/student/wrong/list']);
    expect(await screen.findByText('登录后可以查看错题本。')).toBeTruthy();
  });
});
