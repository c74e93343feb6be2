// The step flow of a reading question inside a training (docs/reading.md "Answering steps"): the article, the
// current sub-question, submit, the feedback with the supporting sentence highlighted and the glossary, the next
// sub-question (a translation in a text area), the history growing, a reload resuming, then 继续训练.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReadingProcess, ReadingStepHistoryItem, ReadingStepRequest } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../../test/fake-api';
import { loginInfo } from '../../../../test/fixtures';
import { makeSession, renderApp } from '../../../../test/render';
import { button } from '../../../../test/antd';
import { stem, STUDENT, training } from '../../../../test/trainings';

const GET = 'GET /v1/train/t1';
const PROCESS = 'GET /v1/train/t1/reading/q1/process';
const STEP = 'POST /v1/train/t1/reading/q1/step';

const ARTICLE =
  '<p><span class="word" id="w-a-0">The hare ridiculed him. </span><span class="word" id="w-a-1">The tortoise won.</span></p>';
const subs = [
  {
    questionSubId: 's1',
    type: 'singleChoice' as const,
    title: '“ridiculed” 的意思是：',
    desc: '',
    options: [
      { key: 'A', content: '嘲笑' },
      { key: 'B', content: '帮助' },
    ],
    status: 'accepted' as const,
  },
  {
    questionSubId: 's2',
    type: 'translation' as const,
    title: '翻译：The tortoise won.',
    desc: '',
    options: [],
    status: 'accepted' as const,
  },
];
const question = { ...stem('q1', { type: 'enReading', title: '龟兔赛跑', question: ARTICLE }), questionSub: subs };

const done1: ReadingStepHistoryItem = {
  questionSubId: 's1',
  type: 'singleChoice',
  title: subs[0].title,
  answer: ['A'],
  isCorrect: true,
  feedback: {
    text: '回答正确。原文依据已在文中标出',
    evidenceSentenceId: 'w-a-0',
    glossary: [{ word: 'ridiculed', gloss: '嘲笑' }],
  },
  standardAnswer: ['A'],
  explanation: '',
};
const done2: ReadingStepHistoryItem = {
  questionSubId: 's2',
  type: 'translation',
  title: subs[1].title,
  answer: ['乌龟'],
  isCorrect: false,
  similarity: 40,
  feedback: {
    text: '翻译与参考译文差距较大（相似度 40%）。译文没有译出这些关键词：tortoise（乌龟）',
    evidenceSentenceId: 'w-a-1',
    glossary: [],
  },
  standardAnswer: [],
  explanation: '',
};

const process = (history: ReadingStepHistoryItem[], recordId: string | null = null): ReadingProcess => {
  const current = subs[history.length] ?? null;
  return {
    processId: 'p1',
    questionSubId: current?.questionSubId ?? null,
    questionSub: current,
    historyQuestionSub: history,
    recordId,
    question: {
      ...question,
      recordId,
      extra: { processId: 'p1', ...(current ? { questionSubId: current.questionSubId } : {}) },
    },
    total: 2,
  };
};

const steps = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.path === '/v1/train/t1/reading/q1/step')
    .map((c) => (c.body as { request: ReadingStepRequest }).request);

afterEach(() => {
  vi.useRealTimers();
});

async function open(routes: Record<string, unknown>) {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const s = await makeSession(loginInfo(STUDENT), routes);
  const view = renderApp(s.session, ['/student/train/t1/do']);
  return { ...s, view };
}

describe('student/train/{id}/do — a reading question step by step', () => {
  it('answers a choice, shows its feedback in the article, then a translation, then 继续训练', async () => {
    let state = process([]);
    let trainingNow = training({ question });
    const { calls, view } = await open({
      [GET]: () => ({
        json: envelope(trainingNow),
      }),
      [PROCESS]: () => ({
        json: envelope(state),
      }),
      [STEP]: (c: RecordedCall) => {
        const req = (c.body as { request: ReadingStepRequest }).request;
        state = req.questionSubId === 's1' ? process([done1]) : process([done1, done2], 'r9');
        if (req.questionSubId === 's2') trainingNow = training({ question: stem('q2'), answered: 1 });
        return { json: envelope(state) };
      },
    });
    expect(await screen.findByText('第 1 / 2 小题')).toBeTruthy();
    // The header follows the steps, not only the training's answered count (issue 26 item 6).
    const header = () => view.container.querySelector('.train-progress') as HTMLElement;
    expect(header().textContent).toContain('阅读理解：已答 0 / 2 小题');
    expect(screen.getByText('The hare ridiculed him.')).toBeTruthy();
    expect(button('提交').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /嘲笑/ }));
    fireEvent.click(button('提交'));

    // The feedback: right, the glossary, the supporting sentence highlighted; the translation comes next.
    expect(await screen.findByText('第 2 / 2 小题')).toBeTruthy();
    expect(header().textContent).toContain('阅读理解：已答 1 / 2 小题');
    // Half of the one reading question, of at most 12 questions: the bar moves by 4 %.
    expect(within(header()).getByRole('progressbar', { name: '进度' }).getAttribute('aria-valuenow')).toBe('4');
    expect(steps(calls)[0]).toEqual({ processId: 'p1', questionSubId: 's1', answer: ['A'] });
    expect(screen.getByText('正确')).toBeTruthy();
    expect(screen.getByText('ridiculed：嘲笑')).toBeTruthy();
    await waitFor(() => expect(view.container.querySelector('.reading-evidence')?.id).toBe('w-a-0'));

    const box = screen.getByRole('textbox', { name: '第 2 / 2 小题' });
    fireEvent.change(box, { target: { value: '乌龟' } });
    fireEvent.click(button('提交'));
    expect(await screen.findByText(/没有译出这些关键词：tortoise/)).toBeTruthy();
    expect(steps(calls)[1]).toEqual({ processId: 'p1', questionSubId: 's2', answer: ['乌龟'] });
    expect(screen.getByText('错误')).toBeTruthy();
    await waitFor(() => expect(view.container.querySelector('.reading-evidence')?.id).toBe('w-a-1'));
    // An earlier step's sentence on demand.
    fireEvent.click(screen.getAllByRole('button', { name: '在文中标出依据' })[0]);
    await waitFor(() => expect(view.container.querySelector('.reading-evidence')?.id).toBe('w-a-0'));

    // Finished: 继续训练 reads the training again, which goes on as before.
    expect(screen.getByText('本题的小题已全部作答，答案已提交。')).toBeTruthy();
    expect(header().textContent).toContain('阅读理解：已答 2 / 2 小题');
    fireEvent.click(button('继续训练'));
    expect(await screen.findByText('题干 q2')).toBeTruthy();
    expect(header().textContent).not.toContain('阅读理解');
    expect(header().textContent).toContain('已答 1 题');
    await act(() => vi.advanceTimersByTimeAsync(0));
  });

  it('a reload resumes at the step the server has', async () => {
    await open({ [GET]: training({ question }), [PROCESS]: process([done1]) });
    expect(await screen.findByText('第 2 / 2 小题')).toBeTruthy();
    expect(screen.getByText('ridiculed：嘲笑')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '第 2 / 2 小题' })).toBeTruthy();
    expect(screen.getByText('阅读理解：已答 1 / 2 小题')).toBeTruthy();
  });

  it('a refused step (409) shows its message and reads the process again', async () => {
    let reads = 0;
    await open({
      [GET]: training({ question }),
      [PROCESS]: () => {
        reads++;
        return {
          json: { errno: 0, errmsg: '', error: '', serverTime: 0, module: 't', version: 't', response: process([]) },
        };
      },
      [STEP]: () => ({
        status: 409,
        json: {
          errno: 409,
          errmsg: '这不是当前要回答的小题，请刷新后按顺序作答',
          error: 'conflict',
          serverTime: 0,
          module: 't',
          version: 't',
          response: null,
        },
      }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: /嘲笑/ }));
    fireEvent.click(button('提交'));
    expect(await screen.findByText('这不是当前要回答的小题，请刷新后按顺序作答')).toBeTruthy();
    await waitFor(() => expect(reads).toBeGreaterThan(1));
  });
});
