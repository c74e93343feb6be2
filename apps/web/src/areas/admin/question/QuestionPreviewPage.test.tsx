import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { judgeQuestion, type JudgeResult } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { loginInfo, question } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { button } from '../../../test/antd';

const READING = question({
  id: 'r1',
  type: 'enReading',
  question: '<p>Tom went to school.</p>',
  answer: [],
  options: [],
  explanation: '',
  questionSub: [
    {
      questionSubId: 's1',
      type: 'trueFalse',
      title: 'Tom went to school.',
      desc: '',
      answer: ['T'],
      options: [],
      status: 'accepted',
    },
    {
      questionSubId: 's2',
      type: 'fillBlank',
      title: 'Tom ___ to school.',
      desc: '',
      answer: ['went|walked'],
      options: [],
      status: 'accepted',
    },
  ],
});

async function open(q: ReturnType<typeof question>) {
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
    [`GET /v1/exam/question/${q.id}`]: q,
    // The fake server judges with the contract's judge, like the real one.
    [`POST /v1/exam/question/${q.id}/test`]: (c: RecordedCall) => {
      const { request } = c.body as { request: { answer: string[]; subAnswers?: Record<string, string[]> } };
      const result: JudgeResult = judgeQuestion(q, request);
      return { json: envelope(result) };
    },
  });
  renderApp(s.session, [`/admin/question/preview/${q.id}`]);
  await screen.findByText('题目预览');
  return s;
}

describe('admin/question/preview/{id}', () => {
  it('submits the chosen option and shows the judged result with the standard answer and explanation', async () => {
    const { calls } = await open(question());
    fireEvent.click(screen.getByText('run'));
    fireEvent.click(button('提交'));
    expect(await screen.findByText('回答错误，正确答案是 B')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/exam/question/q1/test')?.body).toEqual({ request: { answer: ['A'] } });
    expect(screen.getAllByText('Apple is a noun.').length).toBeGreaterThan(0);
    fireEvent.click(button('重新作答'));
    fireEvent.click(screen.getByText('apple'));
    fireEvent.click(button('提交'));
    expect(await screen.findAllByText('回答正确')).toBeTruthy();
  });

  it('enReading: answers per sub-question and shows each sub-question’s result', async () => {
    const { calls } = await open(READING);
    fireEvent.click(screen.getByLabelText('对'));
    fireEvent.change(screen.getByLabelText('第 2 小题 第 1 空'), { target: { value: 'Walked' } });
    fireEvent.click(button('提交'));
    expect(await screen.findByText('小题结果')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/exam/question/r1/test')?.body).toEqual({
      request: { answer: [], subAnswers: { s1: ['T'], s2: ['Walked'] } },
    });
    expect(document.querySelectorAll('.sub-result')).toHaveLength(2);
    expect(screen.getByText(/得分 100%/)).toBeTruthy();
  });

  it('offers 编辑 and 复制为新题', async () => {
    await open(question());
    fireEvent.click(button('复制为新题'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/question/create/singleChoice/q1'),
    );
  });
});
