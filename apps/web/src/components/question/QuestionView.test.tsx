// QuestionView's 提交 goes through the shared mutation: busy while the judge works, a failure shown as its Chinese
// message with nothing judged (the answer stays, 提交 can be pressed again), a success shows the result.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { judgeQuestion, type JudgeResult } from '@edu/contract';
import { AppProviders, createQueryClient } from '../../app/providers';
import { envelope } from '../../test/fake-api';
import { question } from '../../test/fixtures';
import { QuestionView, type Submission } from './QuestionView';

const RIGHT = judgeQuestion(question(), { answer: ['B'] });

describe('QuestionView', () => {
  it('shows a failed judge as its message and judges on the next 提交', async () => {
    let fail!: (e: unknown) => void;
    const judge = vi
      .fn<(s: Submission) => Promise<JudgeResult>>()
      .mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)))
      .mockResolvedValueOnce(RIGHT);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <QuestionView question={question()} judge={judge} />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('radio', { name: /B/ }));
    const submit = screen.getByRole('button', { name: '提交' });
    fireEvent.click(submit);
    await waitFor(() => expect(submit.className).toContain('ant-btn-loading'));
    expect(judge).toHaveBeenCalledWith({ answer: ['B'] });

    fail(envelope(null, 404, '该题目未公开或不存在'));
    expect(await screen.findByText('该题目未公开或不存在')).toBeTruthy();
    await waitFor(() => expect(submit.className).not.toContain('ant-btn-loading'));
    expect(document.querySelector('.judge-result')).toBeNull();

    fireEvent.click(submit);
    await waitFor(() => expect(document.querySelector('.judge-result')).not.toBeNull());
    expect(judge).toHaveBeenLastCalledWith({ answer: ['B'] });
  });
});
