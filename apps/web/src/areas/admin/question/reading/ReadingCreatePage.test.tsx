// The enReading create page in one flow (docs/reading.md "Authoring in one flow"): 生成子题 on the editor's unsaved
// article, the items joining the draft as pending sub-questions, reviewed on the draft (采用 / 编辑 / 删除, a
// translation without a reference refused), and everything saved with the question by one PUT.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuestionSub, ReadingJob } from '@edu/contract';
import { button, buttonIn, openDialog } from '../../../../test/antd';
import type { RecordedCall } from '../../../../test/fake-api';
import { loginInfo, question, repo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';
import { sub } from './reading-test-kit';

// The panel polls the job on a timer: fake timers, moved by hand (they also advance with real time so that the
// testing library's own waits settle).
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const ok = (response: unknown) => ({
  json: { errno: 0, errmsg: '', error: '', serverTime: 0, module: 'r', version: 't', response },
});
const ARTICLE = '<p>Phones are ubiquitous. Everyone carries one. Nobody writes letters now.</p>';
const TEMPLATE = question({
  id: 't1',
  type: 'enReading',
  title: '手机',
  question: ARTICLE,
  answer: [],
  options: [],
  questionSub: [],
});
const evidence = (text: string) => `<p>解析</p><p>原文依据：${text}</p>`;
const ITEMS: QuestionSub[] = [
  sub('g1', { explanation: evidence('Phones are ubiquitous.') }),
  sub('g2', {
    type: 'trueFalse',
    title: 'Everyone carries one.',
    options: [],
    answer: ['T'],
    explanation: evidence('Everyone carries one.'),
  }),
  sub('g3', {
    type: 'translation',
    title: 'Nobody writes letters now.',
    options: [],
    answer: [],
    explanation: evidence('Nobody writes letters now.'),
  }),
];
const job = (over: Partial<ReadingJob>): ReadingJob => ({
  jobId: 'j1',
  status: 'running',
  processed: 0,
  total: 3,
  message: null,
  provider: 'offline',
  added: [],
  ...over,
});

async function open(from = 't1') {
  let poll = 0;
  const states = [
    job({ processed: 1 }),
    job({ status: 'done', processed: 3, added: ['g1', 'g2', 'g3'], items: ITEMS }),
  ];
  const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
    'GET /v1/exam/repositories': { total: 1, list: [repo('r1', '七年级题库')] },
    'GET /v1/exam/tags': [],
    'GET /v1/exam/question/t1': TEMPLATE,
    'PUT /v1/reading/generate': { jobId: 'j1' },
    'GET /v1/reading/generate/j1': () => ok(states[Math.min(poll++, states.length - 1)]),
    'PUT /v1/exam/question': (c: RecordedCall) => {
      const body = (c.body as { request: { questionSub: QuestionSub[] } }).request;
      return ok({ ...TEMPLATE, id: 'n1', questionSub: body.questionSub });
    },
  });
  renderApp(s.session, [from ? `/admin/question/create/enReading/${from}` : '/admin/question/create/enReading']);
  await screen.findByText('保存', {}, { timeout: 10_000 });
  return s;
}

const panel = () => document.querySelector<HTMLElement>('.reading-generate-panel')!;
/** 生成子题 (the panel's title says it too): the panel's first primary button. */
const runButton = () => panel().querySelector<HTMLElement>('.ant-card-body button.ant-btn-primary')!;
const review = () => panel().querySelector<HTMLElement>('section[aria-label="待审核的小题"]')!;
const reviewItems = () => review().querySelectorAll<HTMLElement>('.reading-review-item');
const subCards = () => document.querySelectorAll<HTMLElement>('.sub-question');
const savedBody = (calls: RecordedCall[]) =>
  (
    calls.find((c) => c.method === 'PUT' && c.path === '/v1/exam/question')?.body as {
      request: { questionSub: { questionSubId?: string; type: string; title: string; status: string }[] };
    }
  )?.request;

describe('the reading create page in one flow', () => {
  it('generates on the unsaved article, reviews on the draft and saves everything with the question', async () => {
    const s = await open();
    expect(within(panel()).getByText(/按编辑器中的文章生成/)).toBeTruthy();
    fireEvent.click(runButton());
    expect(await within(panel()).findByText('生成中')).toBeTruthy();
    // The job is asked for the article, not for a question (none is saved yet).
    expect(s.calls.find((c) => c.method === 'PUT' && c.path === '/v1/reading/generate')?.body).toEqual({
      request: { article: ARTICLE, level: 'senior', count: 5, types: ['singleChoice', 'trueFalse', 'translation'] },
    });
    expect(s.calls.some((c) => c.path === '/v1/exam/question' && c.method === 'PUT')).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(
      await within(panel()).findByText('已生成 3 道小题，已加入小题列表，请在下方逐一审核后保存题目。'),
    ).toBeTruthy();
    await waitFor(() => expect(reviewItems()).toHaveLength(3));
    expect(subCards()).toHaveLength(3);
    // The job is over: no more polls, and its items are added once.
    const polls = s.calls.filter((c) => c.path === '/v1/reading/generate/j1').length;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(s.calls.filter((c) => c.path === '/v1/reading/generate/j1')).toHaveLength(polls);
    expect(subCards()).toHaveLength(3);

    // 采用 the first; a translation without a reference is refused, as the server's review call refuses it.
    fireEvent.click(buttonIn(reviewItems()[0], '采用'));
    await waitFor(() => expect(reviewItems()).toHaveLength(2));
    fireEvent.click(buttonIn(reviewItems()[1], '采用'));
    expect(await screen.findByText('翻译小题还没有参考译文：请先编辑并填写参考译文，再采纳')).toBeTruthy();
    expect(reviewItems()).toHaveLength(2);

    // 编辑 the true/false statement (its text), then 删除 the translation after the confirmation.
    fireEvent.click(buttonIn(reviewItems()[0], '编辑'));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('题干'), { target: { value: 'Everyone carries a phone.' } });
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(within(reviewItems()[0]).getByText('Everyone carries a phone.')).toBeTruthy());
    fireEvent.click(buttonIn(reviewItems()[1], '删除'));
    const confirm = await screen.findByText('删除这道小题？');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(reviewItems()).toHaveLength(1));
    expect(subCards()).toHaveLength(2);
    // No review call reached the server: the question does not exist yet.
    expect(s.calls.some((c) => c.path.startsWith('/v1/reading/question/'))).toBe(false);

    fireEvent.click(button('保存'));
    await waitFor(() => expect(savedBody(s.calls)).toBeDefined());
    expect(savedBody(s.calls).questionSub.map((x) => [x.questionSubId, x.type, x.title, x.status])).toEqual([
      ['g1', 'singleChoice', ITEMS[0].title, 'accepted'],
      ['g2', 'trueFalse', 'Everyone carries a phone.', 'pending'],
    ]);
  }, 60_000);

  it('asks for the article first; the blank sub-question stays until a generation', async () => {
    const s = await open('');
    fireEvent.click(runButton());
    expect(await within(panel()).findByText('请先输入文章')).toBeTruthy();
    expect(s.calls.some((c) => c.path === '/v1/reading/generate')).toBe(false);
    // The blank sub-question a new reading question starts with is there until a generation replaces it.
    expect(subCards()).toHaveLength(1);
  }, 60_000);

  it('a generated translation still without its reference stops the save (the question rules)', async () => {
    const s = await open();
    fireEvent.click(runButton());
    await within(panel()).findByText('生成中');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(reviewItems()).toHaveLength(3));
    fireEvent.click(button('保存'));
    const third = subCards()[2];
    expect(await within(third).findByText('请填写一条参考译文')).toBeTruthy();
    expect(s.calls.some((c) => c.method === 'PUT' && c.path === '/v1/exam/question')).toBe(false);
  }, 60_000);
});
