import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Question, ReadingJob } from '@edu/contract';
import type { RecordedCall } from '../../../../test/fake-api';
import { openDialog } from '../../../../test/antd';
import { GeneratePanel } from './GeneratePanel';
import { readingQuestion, readingSession, renderWith, sub } from './reading-test-kit';

// The panel polls the job on a timer: fake timers, moved by hand (they also advance with real time so that the
// testing library's own waits settle).
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const job = (over: Partial<ReadingJob>): ReadingJob => ({
  jobId: 'j1',
  status: 'running',
  processed: 0,
  total: 2,
  message: null,
  provider: 'offline',
  added: [],
  ...over,
});

/** A server whose job goes through `states` one poll at a time, and whose question is `question()` now. */
function server(states: ReadingJob[], initial: Question) {
  let current = initial;
  let poll = 0;
  const routes = {
    'GET /v1/exam/question/q1': () => ({ json: ok(current) }),
    'GET /v1/exam/question/q1/editable': { editable: true, willVersion: false, records: 0, version: 1, reason: null },
    'PUT /v1/reading/generate': { jobId: 'j1' },
    'GET /v1/reading/generate/j1': () => {
      const state = states[Math.min(poll++, states.length - 1)];
      return { json: ok(state) };
    },
  };
  return { routes, setQuestion: (q: Question) => (current = q) };
}
const ok = (response: unknown) => ({
  errno: 0,
  errmsg: '',
  error: '',
  serverTime: 0,
  module: 'r',
  version: 't',
  response,
});
const subCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.startsWith('/v1/reading/question/'));

describe('生成子题', () => {
  it('starts a job, shows its progress while polling, then the pending sub-questions to accept', async () => {
    const s = server(
      [job({ status: 'running', processed: 1 }), job({ status: 'done', processed: 2, added: ['s1', 's2'] })],
      readingQuestion(1, []),
    );
    const { session, calls } = await readingSession({
      ...s.routes,
      'POST /v1/reading/question/q1/sub/s1': () => {
        const accepted = readingQuestion(3, [sub('s1', { status: 'accepted' }), sub('s2')]);
        s.setQuestion(accepted);
        return { json: ok(accepted) };
      },
    });
    renderWith(session, <GeneratePanel questionId="q1" dirty={false} />);
    expect(await screen.findByText('没有待审核的小题')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '生成子题' }));
    expect(await screen.findByText('生成中')).toBeTruthy();
    expect(screen.getByText('1/2')).toBeTruthy();
    expect(screen.getByText(/离线生成/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      request: { questionId: 'q1', level: 'senior', count: 5, types: ['singleChoice', 'trueFalse', 'translation'] },
    });

    // The job ends: the question is read again with the two pending sub-questions.
    s.setQuestion(readingQuestion(2, [sub('s1'), sub('s2', { type: 'trueFalse', options: [], answer: ['T'] })]));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText('已生成 2 道小题，请在下方逐一审核。')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('.reading-review-item')).toHaveLength(2));
    const polls = calls.filter((c) => c.path === '/v1/reading/generate/j1').length;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(calls.filter((c) => c.path === '/v1/reading/generate/j1')).toHaveLength(polls);

    const first = document.querySelectorAll<HTMLElement>('.reading-review-item')[0];
    expect(within(first).getByText(/everyone carries one/)).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: '采用' }));
    await waitFor(() => expect(document.querySelectorAll('.reading-review-item')).toHaveLength(1));
    expect(subCalls(calls)[0].body).toEqual({ request: { action: 'accept' } });
  });

  it('a failed job shows its message and that nothing changed', async () => {
    const s = server(
      [job({ status: 'failed', provider: 'openai', message: '模型服务超时（60 秒）' })],
      readingQuestion(1, []),
    );
    const { session } = await readingSession(s.routes);
    renderWith(session, <GeneratePanel questionId="q1" dirty={false} />);
    await screen.findByText('没有待审核的小题');
    fireEvent.click(screen.getByRole('button', { name: '生成子题' }));
    expect(await screen.findByText('模型服务超时（60 秒）')).toBeTruthy();
    expect(screen.getByText('题目没有任何改动，已采用的小题均保留。')).toBeTruthy();
    expect(screen.getByText(/生成方式：模型/)).toBeTruthy();
  });

  it('edits in a checked form and deletes after a confirmation', async () => {
    const s = server([], readingQuestion(1, [sub('s1'), sub('s2')]));
    const { session, calls } = await readingSession({
      ...s.routes,
      'POST /v1/reading/question/q1/sub/s1': () => {
        const next = readingQuestion(2, [sub('s1', { title: 'Edited?', status: 'accepted' }), sub('s2')]);
        s.setQuestion(next);
        return { json: ok(next) };
      },
      'POST /v1/reading/question/q1/sub/s2': () => {
        const next = readingQuestion(3, [sub('s1', { title: 'Edited?', status: 'accepted' })]);
        s.setQuestion(next);
        return { json: ok(next) };
      },
    });
    renderWith(session, <GeneratePanel questionId="q1" dirty={false} />);
    await waitFor(() => expect(document.querySelectorAll('.reading-review-item')).toHaveLength(2));
    const first = () => document.querySelectorAll<HTMLElement>('.reading-review-item')[0];

    fireEvent.click(within(first()).getByRole('button', { name: '编辑' }));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('题干'), { target: { value: ' ' } });
    fireEvent.change(within(dialog).getByLabelText('选项 C'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入小题题干')).toBeTruthy();
    expect(within(dialog).getByText('请填写选项 C 的内容')).toBeTruthy();
    expect(subCalls(calls)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('题干'), { target: { value: 'Edited?' } });
    fireEvent.change(within(dialog).getByLabelText('选项 C'), { target: { value: 'costly' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(subCalls(calls)).toHaveLength(1));
    expect(subCalls(calls)[0].body).toEqual({
      request: {
        action: 'edit',
        sub: {
          title: 'Edited?',
          desc: '',
          options: [
            { key: 'A', content: 'rare' },
            { key: 'B', content: 'found everywhere' },
            { key: 'C', content: 'costly' },
            { key: 'D', content: 'ancient' },
          ],
          answer: ['B'],
          explanation: 'The article says phones are ubiquitous: "everyone carries one".',
        },
      },
    });
    await waitFor(() => expect(document.querySelectorAll('.reading-review-item')).toHaveLength(1));

    fireEvent.click(within(first()).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByText('删除这道小题？');
    expect(subCalls(calls)).toHaveLength(1);
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('没有待审核的小题')).toBeTruthy();
    expect(subCalls(calls)[1]).toMatchObject({
      path: '/v1/reading/question/q1/sub/s2',
      body: { request: { action: 'delete' } },
    });
  });

  it('waits for a save of the editor before generating or reviewing', async () => {
    const s = server([], readingQuestion(1, [sub('s1')]));
    const { session } = await readingSession(s.routes);
    renderWith(session, <GeneratePanel questionId="q1" dirty />);
    expect(await screen.findByText('请先保存题目的修改，再生成或审核子题')).toBeTruthy();
    expect(screen.getByRole('button', { name: '生成子题' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: '采用' }).hasAttribute('disabled')).toBe(true));
  });
});
