// The enReading edit page with its AI panels (docs/web.md "AI reading"): after a review action the formatted
// article stays on screen, and the form follows the stored question, so that a later save keeps the review.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuestionSub } from '@edu/contract';
import { button } from '../../../../test/antd';
import { loginInfo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';
import { readingQuestion, sub } from './reading-test-kit';

const ok = (response: unknown) => ({
  json: { errno: 0, errmsg: '', error: '', serverTime: 0, module: 'r', version: 't', response },
});
const FORMATTED = {
  level: 'senior',
  formatResult: '<p><span class="word" id="w-a-1">Phones are ubiquitous.</span> Everyone carries one.</p>',
  outScopeWords: [
    { word: 'ubiquitous', lemma: 'ubiquitous', level: 'cet6', gloss: '无处不在的', forms: ['ubiquitous'] },
  ],
};
const marks = () => document.querySelectorAll('mark.reading-out-scope').length;

describe('the reading edit page', () => {
  it('keeps the formatted article after 采用 and saves the sub-question as accepted', async () => {
    let current = readingQuestion(1, [sub('s1'), sub('s2', { type: 'trueFalse', options: [], answer: ['T'] })]);
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/exam/question/q1': () => ok(current),
      'GET /v1/exam/question/q1/editable': { editable: true, willVersion: false, records: 0, version: 1, reason: null },
      'GET /v1/exam/tags': [],
      'POST /v1/reading/format': FORMATTED,
      'POST /v1/reading/question/q1/sub/s1': () => {
        const accepted: QuestionSub[] = current.questionSub.map((x) =>
          x.questionSubId === 's1' ? { ...x, status: 'accepted' } : x,
        );
        current = { ...current, questionSub: accepted, lastUpdate: current.lastUpdate + 1000 };
        return ok(current);
      },
      'POST /v1/exam/question/q1': () => ok(current),
    });
    renderApp(s.session, ['/admin/question/edit/q1']);
    // Text queries, not role queries: the whole admin page is large for jsdom's role lookups.
    const formatButton = () => document.querySelector('.reading-format-panel button.ant-btn-primary');
    await waitFor(() => expect(formatButton()).not.toBeNull(), { timeout: 10_000 });
    fireEvent.click(formatButton()!);
    await waitFor(() => expect(marks()).toBe(1));

    const review = document.querySelector<HTMLElement>('section[aria-label="待审核的小题"]')!;
    const accepts = () => within(review).queryAllByText('采用');
    fireEvent.click(accepts()[0].closest('button')!);
    await waitFor(() => expect(accepts()).toHaveLength(1));
    // Still formatted, at the same level, after the form was rebuilt from the stored question.
    expect(marks()).toBe(1);
    expect(screen.getByText(/格式化结果/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '手机' } });
    fireEvent.click(button('保存'));
    await waitFor(() =>
      expect(s.calls.some((c) => c.method === 'POST' && c.path === '/v1/exam/question/q1')).toBe(true),
    );
    const saved = s.calls.find((c) => c.method === 'POST' && c.path === '/v1/exam/question/q1');
    const subs = (saved?.body as { request: { questionSub: { questionSubId: string; status: string }[] } }).request
      .questionSub;
    expect(subs.map((x) => [x.questionSubId, x.status])).toEqual([
      ['s1', 'accepted'],
      ['s2', 'pending'],
    ]);
  });
});
