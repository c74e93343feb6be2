// The engine inside the lesson room (docs/lessons.md "The engine in the lesson"), over a fake server and a fake room
// socket: the teacher's panel (graph, wrong answers, bank) pushing questions, the pushed list following the room's
// events live, an observer reading without pushing, and the student answering a pushed question through the
// training's answer call and reading the judged result.
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  toStudentView,
  type JudgeResult,
  type LessonBankQuestion,
  type LessonPanel,
  type LessonPush,
  type LessonPushes,
  type LessonRole,
} from '@edu/contract';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { SessionContext } from '../../../app/session-context';
import { startUp } from '../../../app/startup';
import { USERINFO_KEY } from '../../../app/stores';
import { fakeFetch, MemoryStorage, type FakeRoute, type RecordedCall } from '../../../test/fake-api';
import { loginInfo, question } from '../../../test/fixtures';
import { training } from '../../../test/trainings';
import { LessonEngine } from './LessonEngine';
import type { EngineSocket } from './queries';

/** The room's socket as the engine listens to it: `emit` plays an event from the server. */
class FakeSocket implements EngineSocket {
  private readonly listeners = new Map<string, Set<(p: never) => void>>();
  on(event: string, l: (p: never) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(l);
    return this;
  }
  off(event: string, l: (p: never) => void) {
    this.listeners.get(event)?.delete(l);
    return this;
  }
  emit(event: string, payload?: unknown) {
    for (const l of [...(this.listeners.get(event) ?? [])]) (l as (p: unknown) => void)(payload);
  }
}

const Q1 = question({ id: 'q1' });
const Q2 = question({ id: 'q2', question: '<p>Which is a verb?</p>', answer: ['A'] });

function push(n: number, over: Partial<LessonPush> = {}): LessonPush {
  const q = n === 1 ? Q1 : Q2;
  return {
    n,
    trainId: 't9',
    questionId: q.id,
    pushedAt: 1_700_000_000_000,
    question: toStudentView(q),
    key: { answer: q.answer, explanation: q.explanation, subs: [] },
    answer: null,
    ...over,
  };
}

const result = (isCorrect: boolean, submitAnswer: string[]): JudgeResult => ({
  isCorrect,
  score: isCorrect ? 1 : 0,
  pending: false,
  submitAnswer,
  standardAnswer: ['B'],
  explanation: '<p>Apple is a noun.</p>',
  feedback: isCorrect ? '回答正确' : '回答错误，正确答案是 B',
});

const pushes = (list: LessonPush[], over: Partial<LessonPushes> = {}): LessonPushes => ({
  lessonId: '12',
  trainId: list.length ? 't9' : null,
  status: list.length ? 'running' : null,
  waiting: list.length > 0 && list[list.length - 1].answer === null,
  limit: 50,
  pushes: list,
  ...over,
});

const PANEL: LessonPanel = {
  student: { userId: 's1', name: '王小明' },
  ready: [
    {
      knowledgeCode: 'en.g7.c1.k2',
      name: '可数名词',
      level: 'none',
      windowAnswers: 0,
      windowCorrect: 0,
      graph: '英语语法',
    },
  ],
  weak: [
    {
      knowledgeCode: 'en.g7.c1.k1',
      name: '名词复数',
      level: 'attempted',
      windowAnswers: 4,
      windowCorrect: 1,
      graph: null,
    },
  ],
  wrong: [
    {
      questionId: 'q7',
      title: '',
      text: 'Which word is plural?',
      type: 'singleChoice',
      knowledgeCode: 'en.g7.c1.k1',
      knowledgeName: '名词复数',
      wrongCount: 2,
      lastWrongTime: 1_700_000_000_000,
      postponed: false,
    },
    {
      questionId: 'q8',
      title: '',
      text: 'A question a paper holds',
      type: 'trueFalse',
      knowledgeCode: 'en.g7.c1.k1',
      knowledgeName: '名词复数',
      wrongCount: 1,
      lastWrongTime: 1_690_000_000_000,
      postponed: true,
    },
  ],
  wrongTotal: 2,
};

const BANK: LessonBankQuestion = {
  questionId: 'q5',
  type: 'singleChoice',
  judgeType: 'auto',
  title: '',
  question: '<p>Pick the noun: dog / run</p>',
  knowledgeCode: 'en.g7.c1.k1',
  knowledgeName: '名词复数',
  knowledgeLevel: 'lv1',
};

async function mount(role: LessonRole, routes: Record<string, FakeRoute>) {
  const roles = role === 'student' ? ['edu:agency:demo:student'] : ['edu:agency:demo:teacher'];
  const storage = new MemoryStorage({ [USERINFO_KEY]: JSON.stringify(loginInfo(roles)) });
  const fake = fakeFetch(routes);
  const session = await startUp({
    storage,
    hostname: 'localhost',
    runtime: { defaultAgencyId: 'demo', agencyDomainSuffixes: [] },
    notify: vi.fn(),
    fetch: fake.fetch,
    log: () => {},
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const socket = new FakeSocket();
  const wrap = (node: ReactNode) => (
    <AppProviders queryClient={queryClient}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>{node}</MemoryRouter>
      </SessionContext.Provider>
    </AppProviders>
  );
  render(wrap(<LessonEngine lessonId="12" role={role} socket={socket} />));
  return { socket, calls: fake.calls };
}

const posts = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const gets = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);

/** A section of the panel by its label (role queries over antd's drawer are slow in jsdom). */
async function section(panel: HTMLElement, label: string) {
  await waitFor(() => expect(panel.querySelector(`section[aria-label="${label}"]`)).not.toBeNull());
  return panel.querySelector<HTMLElement>(`section[aria-label="${label}"]`)!;
}

/** The buttons of a section with this text. */
const buttons = (in_: HTMLElement, text: string) =>
  within(in_)
    .getAllByText(text)
    .map((e) => e.closest('button')!);

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: /课堂练习/ }));
  return screen.findByRole('dialog');
}

describe('the teacher’s panel', () => {
  it('pushes from a knowledge point, waits for the answer, and shows the result as it arrives', async () => {
    const pushed = push(1);
    const { socket, calls } = await mount('teacher', {
      'GET /v1/lesson/12/pushes': pushes([]),
      'GET /v1/lesson/12/panel': PANEL,
      'POST /v1/lesson/12/push': pushed,
    });
    const panel = await openPanel();
    expect(within(panel).getByText(/还没有推送题目/)).toBeTruthy();
    const ready = await section(panel, '可以学习');
    expect(within(ready).getByText('可数名词')).toBeTruthy();
    const weak = await section(panel, '薄弱知识点');
    expect(within(weak).getByText('近 4 题对 1 题')).toBeTruthy();
    fireEvent.click(buttons(weak, '推送练习')[0]);
    await waitFor(() => expect(posts(calls, '/v1/lesson/12/push')).toHaveLength(1));
    expect(posts(calls, '/v1/lesson/12/push')[0].body).toEqual({ request: { knowledgeCode: 'en.g7.c1.k1' } });

    // The push is listed at once, waiting; pushing again waits for the answer.
    const list = await section(panel, '已推送');
    expect(await within(list).findByText('待作答')).toBeTruthy();
    expect(within(list).getByText('等待学生作答…')).toBeTruthy();
    await waitFor(() => expect(buttons(weak, '推送练习')[0].disabled).toBe(true));

    // The student's answer arrives over the room: the teacher reads the verdict, the answer and the key.
    act(() =>
      socket.emit('lesson:answer', {
        lessonId: 13,
        push: {
          ...pushed,
          answer: { recordId: 'r1', answeredAt: 1_700_000_060_000, answer: ['A'], result: result(false, ['A']) },
        },
      }),
    );
    // An event of another lesson changes nothing.
    expect(within(list).getByText('待作答')).toBeTruthy();
    act(() =>
      socket.emit('lesson:answer', {
        lessonId: 12,
        push: {
          ...pushed,
          answer: { recordId: 'r1', answeredAt: 1_700_000_060_000, answer: ['A'], result: result(false, ['A']) },
        },
      }),
    );
    expect(await within(list).findByText('错误')).toBeTruthy();
    await waitFor(() => expect(buttons(weak, '推送练习')[0].disabled).toBe(false));
    fireEvent.click(within(list).getByText('第 1 题'));
    expect(await within(list).findByText('标准答案：')).toBeTruthy();
    expect(within(list).getByText(/回答错误，正确答案是 B/)).toBeTruthy();
    // Times as every page shows them: China Standard Time, labelled 北京时间 (2023-11-14T22:14:20Z).
    expect(within(list).getByText('作答于 06:14（北京时间）')).toBeTruthy();
  });

  it('searches the bank, pushes a wrong answer again, never one pushed before or a running paper holds', async () => {
    const { calls } = await mount('teacher', {
      'GET /v1/lesson/12/pushes': pushes([
        push(1, { answer: { recordId: 'r1', answeredAt: 1, answer: ['B'], result: result(true, ['B']) } }),
      ]),
      'GET /v1/lesson/12/panel': PANEL,
      'GET /v1/lesson/12/bank': {
        total: 2,
        list: [BANK, { ...BANK, questionId: 'q1', question: '<p>Which is a noun?</p>' }],
      },
      'POST /v1/lesson/12/push': push(2),
    });
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('tab', { name: '题库' }));
    const search = await within(panel).findByRole('searchbox', { name: '搜索题目（关键词）' });
    fireEvent.change(search, { target: { value: 'noun' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(gets(calls, '/v1/lesson/12/bank').some((c) => c.url.includes('keyword=noun'))).toBe(true),
    );
    expect(await within(panel).findByText('Pick the noun: dog / run')).toBeTruthy();
    // The question pushed already in this lesson waits: a question is pushed once a lesson.
    const bank = await section(panel, '题库');
    expect(buttons(bank, '推送').map((b) => b.disabled)).toEqual([false, true]);

    fireEvent.click(within(panel).getByRole('tab', { name: '错题' }));
    const wrong = await section(panel, '错题');
    expect(within(wrong).getByText('最近答错 11-15 06:13（北京时间）')).toBeTruthy();
    const [again, held] = buttons(wrong, '再推一次');
    expect(held.disabled).toBe(true);
    fireEvent.click(again);
    await waitFor(() => expect(posts(calls, '/v1/lesson/12/push')).toHaveLength(1));
    expect(posts(calls, '/v1/lesson/12/push')[0].body).toEqual({ request: { questionId: 'q7' } });
  });

  it('withdraws the unanswered push after asking, and offers 撤回 on no answered one', async () => {
    const answered = push(1, { answer: { recordId: 'r1', answeredAt: 1, answer: ['B'], result: result(true, ['B']) } });
    const { calls } = await mount('teacher', {
      'GET /v1/lesson/12/pushes': pushes([answered, push(2)]),
      'GET /v1/lesson/12/panel': PANEL,
      'POST /v1/lesson/12/withdraw': { lessonId: '12', questionId: 'q2', n: 2 },
    });
    const panel = await openPanel();
    const list = await section(panel, '已推送');
    await within(list).findByText('待作答');
    expect(buttons(list, '撤回')).toHaveLength(1);
    fireEvent.click(buttons(list, '撤回')[0]);
    // Nothing goes before the teacher confirms.
    const confirm = await screen.findByText(/撤回这道题？/);
    expect(posts(calls, '/v1/lesson/12/withdraw')).toHaveLength(0);
    const tip = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(tip).getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(posts(calls, '/v1/lesson/12/withdraw')).toHaveLength(1));
    expect(posts(calls, '/v1/lesson/12/withdraw')[0].body).toEqual({ request: { questionId: 'q2' } });
    // The push leaves the list; the one answered stays, and pushing is open again.
    await waitFor(() => expect(within(list).queryByText('待作答')).toBeNull());
    expect(within(list).getByText('正确')).toBeTruthy();
    expect(within(list).queryByText('等待学生作答…')).toBeNull();
  });

  it('lets an observer read without pushing', async () => {
    await mount('observer', {
      'GET /v1/lesson/12/pushes': pushes([push(1)]),
      'GET /v1/lesson/12/panel': PANEL,
    });
    const panel = await openPanel();
    expect(await within(panel).findByText('旁听中：可以查看学情和作答，不能推送')).toBeTruthy();
    await section(panel, '可以学习');
    expect(within(panel).queryByText('推送练习')).toBeNull();
    expect(within(panel).queryByText('撤回')).toBeNull();
  });
});

describe('the student’s card', () => {
  it('shows a pushed question, sends the answer to the training and shows the judged result', async () => {
    const { socket, calls } = await mount('student', {
      'GET /v1/lesson/12/pushes': pushes([]),
      'POST /v1/train/t9/answer': {
        recordId: 'r1',
        repeated: false,
        result: result(true, ['B']),
        // The lesson's training after its first push is answered: waiting for the next push.
        training: training({ trainId: 't9', question: null, answered: 1, correct: 1, score: 1, maxScore: 1 }),
      },
    });
    await waitFor(() => expect(gets(calls, '/v1/lesson/12/pushes')).toHaveLength(1));
    expect(screen.queryByText(/老师推送了一道题/)).toBeNull();
    act(() => socket.emit('lesson:question', { lessonId: 13, push: { ...push(1), key: null } }));
    expect(screen.queryByText(/老师推送了一道题/)).toBeNull();
    act(() => socket.emit('lesson:question', { lessonId: 12, push: { ...push(1), key: null } }));
    const card = (await screen.findByText(/老师推送了一道题/)).closest('.lesson-engine-card') as HTMLElement;
    expect(within(card).getByText('Which is a noun?')).toBeTruthy();
    const submit = within(card).getByRole('button', { name: '提交' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(card).getByRole('radio', { name: /apple/ }));
    fireEvent.click(submit);
    await waitFor(() => expect(posts(calls, '/v1/train/t9/answer')).toHaveLength(1));
    const body = posts(calls, '/v1/train/t9/answer')[0].body as { request: Record<string, unknown> };
    expect(body.request).toMatchObject({ questionId: 'q1', answer: ['B'] });
    expect(String(body.request.clientAnswerId).length).toBeGreaterThanOrEqual(8);
    expect(await within(card).findByText('回答正确')).toBeTruthy();
    expect(within(card).getByText('Apple is a noun.')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: '收起' }));
    expect(await screen.findByRole('button', { name: '课堂练习（1）' })).toBeTruthy();
    // A reconnect reads the pushes again (events sent meanwhile are not replayed).
    act(() => socket.emit('connect'));
    await waitFor(() => expect(gets(calls, '/v1/lesson/12/pushes')).toHaveLength(2));
  });

  it('keeps a push answered before the page opened in the list, and shows an unanswered one at once', async () => {
    const answered = push(1, {
      key: null,
      answer: { recordId: 'r1', answeredAt: 1, answer: ['B'], result: result(true, ['B']) },
    });
    const { socket } = await mount('student', { 'GET /v1/lesson/12/pushes': pushes([answered]) });
    fireEvent.click(await screen.findByRole('button', { name: '课堂练习（1）' }));
    expect(screen.queryByText(/老师推送了一道题/)).toBeNull();
    const list = await screen.findByRole('dialog');
    expect(await within(list).findByText('正确')).toBeTruthy();
    act(() => socket.emit('lesson:question', { lessonId: 12, push: { ...push(2), key: null } }));
    expect(await screen.findByText(/老师推送了一道题/)).toBeTruthy();
  });

  it('takes the card away when the teacher withdraws the push, and shows the next push in its place', async () => {
    const { socket, calls } = await mount('student', { 'GET /v1/lesson/12/pushes': pushes([]) });
    await waitFor(() => expect(gets(calls, '/v1/lesson/12/pushes')).toHaveLength(1));
    act(() => socket.emit('lesson:question', { lessonId: 12, push: { ...push(1), key: null } }));
    const card = (await screen.findByText(/老师推送了一道题/)).closest('.lesson-engine-card') as HTMLElement;
    fireEvent.click(within(card).getByRole('radio', { name: /apple/ }));
    // Another lesson's withdrawal changes nothing.
    act(() => socket.emit('lesson:withdrawn', { lessonId: 13, questionId: 'q1', n: 1 }));
    expect(screen.getByText(/老师推送了一道题/)).toBeTruthy();
    act(() => socket.emit('lesson:withdrawn', { lessonId: 12, questionId: 'q1', n: 1 }));
    await waitFor(() => expect(screen.queryByText(/老师推送了一道题/)).toBeNull());
    expect(await screen.findByText('老师撤回了这道题')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /课堂练习/ })).toBeNull();
    // The next push takes the same place with a fresh card: nothing chosen before carries over.
    act(() =>
      socket.emit('lesson:question', { lessonId: 12, push: { ...push(1), pushedAt: 1_700_000_100_000, key: null } }),
    );
    const next = (await screen.findByText(/老师推送了一道题/)).closest<HTMLElement>('.lesson-engine-card')!;
    expect(within(next).getByRole<HTMLButtonElement>('button', { name: '提交' }).disabled).toBe(true);
  });
});
