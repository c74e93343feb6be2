// Manual marking pages over a fake API, on fake timers: the homework teacher's queue links each answer to its
// training's marking page; there J/↓ and K/↑ move between answers (not while typing a comment), each answer
// shown is claimed, Enter saves the mark and moves on, another marker's claim locks saving, and the admin page
// shows the same marking.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MarkingItem, MarkingQueueItem, MarkingTraining } from '@edu/contract';
import { button, buttonIn, openDialog } from '../../test/antd';
import { envelope, type RecordedCall } from '../../test/fake-api';
import { loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';

const TUTOR = ['edu:homework:teacher'];

const item = (n: number, over: Partial<MarkingItem> = {}): MarkingItem => ({
  recordId: `r${n}`,
  questionId: `9${n}`,
  type: 'shortAnswer',
  title: `简答题 ${n}`,
  stem: `<p>第 ${n} 题：用英语描述你的周末。</p>`,
  options: [],
  standardAnswer: ['参考答案'],
  explanation: '',
  answer: [`I played football ${n}`],
  text: `I played football ${n}`,
  subQuestions: [],
  maxScore: 1,
  pending: true,
  score: null,
  mark: null,
  history: [],
  claim: null,
  createTime: Date.UTC(2026, 0, 5, 8, n),
  ...over,
});

const training = (): MarkingTraining => ({
  trainId: '301',
  taskId: '0',
  schemeTitle: '周末作文',
  student: '李小明',
  status: 'finished',
  score: 1,
  maxScore: 4,
  items: [item(1), item(2), item(3)],
});

const position = () => screen.getByTestId('marking-position').textContent;
const key = (k: string, target: Node | Window = window) =>
  act(async () => {
    fireEvent.keyDown(target, { key: k });
    await Promise.resolve();
  });

function routes(over: Record<string, unknown> = {}) {
  return {
    'GET /v1/marking/training/0/301': training(),
    'POST /v1/marking/record/r1/claim': { markerId: '6', marker: '王老师', mine: true, expiresAt: 0 },
    'POST /v1/marking/record/r2/claim': { markerId: '6', marker: '王老师', mine: true, expiresAt: 0 },
    'POST /v1/marking/record/r3/claim': { markerId: '6', marker: '王老师', mine: true, expiresAt: 0 },
    'POST /v1/marking/record/r1': (c: RecordedCall) => {
      const req = (c.body as { request: { score: number; comment: string } }).request;
      return {
        json: envelope(
          item(1, {
            pending: false,
            score: req.score,
            mark: {
              score: req.score,
              isCorrect: req.score === 1,
              comment: req.comment,
              annotations: [],
              markerId: '6',
              marker: '王老师',
              markedAt: Date.UTC(2026, 0, 6),
            },
          }),
        ),
      };
    },
    ...over,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/WTPteacher/change/{taskId}/{homeworkId}', () => {
  it('moves with J/K and the arrows, not while typing, and claims each answer shown', async () => {
    const s = await makeSession(loginInfo(TUTOR), routes());
    renderApp(s.session, ['/WTPteacher/change/0/301']);
    expect(await screen.findByText('第 1 题：用英语描述你的周末。')).toBeTruthy();
    expect(position()).toBe('第 1 / 3 题');
    await waitFor(() => expect(s.calls.some((c) => c.path === '/v1/marking/record/r1/claim')).toBe(true));

    await key('j');
    expect(position()).toBe('第 2 / 3 题');
    await key('ArrowDown');
    expect(position()).toBe('第 3 / 3 题');
    await key('J'); // past the last answer: stays
    expect(position()).toBe('第 3 / 3 题');
    await key('k');
    expect(position()).toBe('第 2 / 3 题');
    await key('ArrowUp');
    expect(position()).toBe('第 1 / 3 题');
    await key('K');
    expect(position()).toBe('第 1 / 3 题');

    const comment = screen.getByLabelText('评语');
    fireEvent.change(comment, { target: { value: 'jk' } });
    await key('j', comment);
    expect(position()).toBe('第 1 / 3 题');

    await key('j');
    await vi.advanceTimersByTimeAsync(10);
    await waitFor(() =>
      expect(s.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/claim')).map((c) => c.path)).toEqual([
        '/v1/marking/record/r1/claim',
        '/v1/marking/record/r2/claim',
        '/v1/marking/record/r3/claim',
        '/v1/marking/record/r2/claim',
        '/v1/marking/record/r1/claim',
        '/v1/marking/record/r2/claim',
      ]),
    );
  });

  it('saves with Enter (a score first), then shows the next answer', async () => {
    const s = await makeSession(loginInfo(TUTOR), routes());
    renderApp(s.session, ['/WTPteacher/change/0/301']);
    await screen.findByText('第 1 题：用英语描述你的周末。');
    await key('Enter');
    expect(await screen.findByText('请填写 0 到 1 之间的得分')).toBeTruthy();
    expect(s.calls.some((c) => c.path === '/v1/marking/record/r1')).toBe(false);

    fireEvent.click(button('0.5 分'));
    fireEvent.change(screen.getByLabelText('评语'), { target: { value: '时态要注意' } });
    await key('Enter', screen.getByLabelText('评语')); // Enter inside the comment is a new line
    expect(s.calls.some((c) => c.path === '/v1/marking/record/r1')).toBe(false);
    await key('Enter');
    await waitFor(() => expect(position()).toBe('第 2 / 3 题'));
    expect(s.calls.find((c) => c.path === '/v1/marking/record/r1')?.body).toEqual({
      request: { comment: '时态要注意', annotations: [], score: 0.5 },
    });
  });

  it("marks out of the question's mark: an essay worth 15 reads / 15, halves at 7.5 and sends 12", async () => {
    const essay = (): MarkingTraining => ({ ...training(), maxScore: 15, items: [item(1, { maxScore: 15 })] });
    const s = await makeSession(loginInfo(TUTOR), routes({ 'GET /v1/marking/training/0/301': essay() }));
    renderApp(s.session, ['/WTPteacher/change/0/301']);
    await screen.findByText('第 1 题：用英语描述你的周末。');
    expect(screen.getByText('得分（满分 15 分）')).toBeTruthy();
    expect(screen.getByText('/ 15')).toBeTruthy();
    fireEvent.click(button('7.5 分'));
    expect(screen.getByLabelText<HTMLInputElement>('得分（满分 15 分）').value).toBe('7.50');
    fireEvent.change(screen.getByLabelText('得分（满分 15 分）'), { target: { value: '12' } });
    await key('Enter');
    await waitFor(() =>
      expect(s.calls.find((c) => c.path === '/v1/marking/record/r1')?.body).toEqual({
        request: { comment: '', annotations: [], score: 12 },
      }),
    );
  });

  it('locks saving while another marker holds the answer', async () => {
    const s = await makeSession(
      loginInfo(TUTOR),
      routes({
        'POST /v1/marking/record/r1/claim': () => ({
          status: 409,
          json: envelope(null, 409, '这道答案正由张老师批改中，请先批改其他答案'),
        }),
      }),
    );
    renderApp(s.session, ['/WTPteacher/change/0/301']);
    expect(await screen.findByText('这道答案正由张老师批改中，请先批改其他答案')).toBeTruthy();
    fireEvent.click(button('满分'));
    await key('Enter');
    expect(s.calls.some((c) => c.path === '/v1/marking/record/r1')).toBe(false);
    expect(button('保存批改（Enter）').hasAttribute('disabled')).toBe(true);
  });
});

const queueItem: MarkingQueueItem = {
  recordId: 'r1',
  trainId: '301',
  taskId: '0',
  schemeTitle: '周末作文',
  studentId: '4',
  student: '李小明',
  questionId: '91',
  type: 'shortAnswer',
  title: '简答题 1',
  createTime: Date.UTC(2026, 0, 5, 8),
  score: null,
  markedAt: null,
  claim: null,
};

describe('the queues', () => {
  it('lists pending answers for the homework teacher, each linked to its marking page', async () => {
    const s = await makeSession(loginInfo(TUTOR), { 'GET /v1/marking/queue': { total: 1, list: [queueItem] } });
    renderApp(s.session, ['/WTPteacher/']);
    expect(await screen.findByText('简答题 1')).toBeTruthy();
    expect(screen.getByText('批改').closest('a')?.getAttribute('href')).toBe('/WTPteacher/change/0/301');
    expect(s.calls.find((c) => c.path === '/v1/marking/queue')?.url).toContain('status=pending');
  });

  it('filters by a class chosen from the classes the marker can see', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:teacher']), {
      'GET /v1/marking/queue': { total: 1, list: [queueItem] },
      'GET /v1/marking/classes': [
        { id: '7', name: '初一（1）班', archived: false },
        { id: '8', name: '旧班', archived: true },
      ],
    });
    renderApp(s.session, ['/admin/train/marking']);
    expect(await screen.findByText('简答题 1')).toBeTruthy();
    const select = screen.getByLabelText('班级').closest('.ant-select') as HTMLElement;
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    expect(await screen.findByTitle('旧班（已归档）')).toBeTruthy();
    fireEvent.click(screen.getByTitle('初一（1）班'));
    await waitFor(() => expect(s.calls.at(-1)?.url).toContain('classId=7'));
    expect(s.calls.filter((c) => c.path === '/v1/marking/queue').at(-1)?.url).toContain('start=0');
  });

  it('gives an agency teacher the same marking on /admin/train/marking', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:teacher']), {
      ...routes(),
      'GET /v1/marking/queue': { total: 1, list: [queueItem] },
    });
    renderApp(s.session, ['/admin/train/marking']);
    expect(await screen.findByText('简答题 1')).toBeTruthy();
    fireEvent.click(screen.getByText('批改'));
    expect(await screen.findByText('第 1 题：用英语描述你的周末。')).toBeTruthy();
    await key('j');
    expect(position()).toBe('第 2 / 3 题');
  });
});

describe('leaving the marking with a mark not saved (docs/web.md "Unsaved changes")', () => {
  it('asks first; 留下 keeps the mark, which J/K keep too; once saved, 返回列表 leaves at once', async () => {
    const s = await makeSession(loginInfo(TUTOR), routes());
    renderApp(s.session, ['/WTPteacher/change/0/301']);
    await screen.findByText('第 1 题：用英语描述你的周末。');
    fireEvent.click(button('0.5 分'));
    fireEvent.click(screen.getAllByText('返回列表')[0]);
    await act(() => vi.advanceTimersByTimeAsync(500));
    const asking = () => openDialog('.ant-modal-wrap:not([style*="display: none"]) .ant-modal:not(.ant-zoom-leave)');
    const dialog = await asking();
    expect(dialog.textContent).toContain('有未保存的修改，确定离开吗？');
    fireEvent.click(buttonIn(dialog, '留下'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByTestId('location').textContent).toBe('/WTPteacher/change/0/301');
    await key('j');
    await key('k');
    expect(screen.getByLabelText<HTMLInputElement>('得分（满分 1 分）').value).toBe('0.50');

    await key('Enter');
    await waitFor(() => expect(position()).toBe('第 2 / 3 题'));
    fireEvent.click(screen.getAllByText('返回列表')[0]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/WTPteacher/'));
  });
});
