import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { storePreview, PREVIEW_KEY } from '../../components/question/preview-store';
import { makeSession, renderApp } from '../../test/render';
import { button } from '../../test/antd';

afterEach(() => localStorage.removeItem(PREVIEW_KEY));

describe('/public/question/preview', () => {
  it('without a handed-over question: an explanatory empty state', async () => {
    const { session } = await makeSession(null);
    renderApp(session, ['/public/question/preview']);
    expect(await screen.findByText('没有可预览的题目')).toBeTruthy();
  });

  it('shows the editor’s question and judges locally', async () => {
    storePreview({
      type: 'trueFalse',
      judgeType: 'auto',
      title: '判断',
      question: '<p>The sun rises in the east.</p>',
      options: [],
      videos: [],
      answer: ['T'],
      explanation: '<p>常识</p>',
      questionSub: [],
    });
    const { session, calls } = await makeSession(null);
    const before = calls.length;
    renderApp(session, ['/public/question/preview']);
    expect(await screen.findByText('The sun rises in the east.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('错'));
    fireEvent.click(button('提交'));
    expect(await screen.findByText('回答错误，正确答案是 对')).toBeTruthy();
    expect(calls.length).toBe(before);
  });
});
