// The questions pushed in a lesson on its replay (docs/web.md "Lesson lists and replay"): a parent's replay reads
// `GET /v1/lesson/{id}/pushes` and lists each push with the student's result, its score and its times in 北京时间;
// 跳到此时 seeks the timeline to the push, and each push is a mark on the timeline. A failed read shows 重试.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toStudentView, type JudgeResult, type LessonPush, type LessonPushes } from '@edu/contract';
import { envelope } from '../../test/fake-api';
import { loginInfo, question } from '../../test/fixtures';
import { lessonDetail } from '../../test/lessons';
import { askOf, fakeLog, replayAnswer, REPLAY_T0 } from '../../test/replay';
import { makeSession, renderApp } from '../../test/render';

// Excalidraw's ESM build does not load in Node; the board is drawn in the browser journeys.
vi.mock('../board/BoardView', () => ({
  BoardView: ({ elements }: { elements: readonly unknown[] }) => <div data-testid="board">{elements.length}</div>,
}));

const LOG = fakeLog(120, 100);

const result = (isCorrect: boolean, score: number): JudgeResult => ({
  isCorrect,
  score,
  pending: false,
  submitAnswer: ['A'],
  standardAnswer: ['B'],
  explanation: '',
  feedback: '',
});

function push(n: number, atSecond: number, answer: LessonPush['answer']): LessonPush {
  const q = question({ id: `q${n}`, title: `第${n}道推送题` });
  return {
    n,
    trainId: 't9',
    questionId: q.id,
    pushedAt: REPLAY_T0 + atSecond * 1000,
    question: toStudentView(q),
    key: null,
    answer,
  };
}

const answered = (atSecond: number, r: JudgeResult | null) => ({
  recordId: `r${atSecond}`,
  answeredAt: REPLAY_T0 + atSecond * 1000,
  answer: ['A'],
  result: r,
});

const PUSHES: LessonPushes = {
  lessonId: 'l3',
  trainId: 't9',
  status: 'finished',
  waiting: false,
  limit: 50,
  pushes: [
    push(1, 30, answered(45, result(true, 1))),
    push(2, 60, answered(90, result(false, 0.5))),
    push(3, 100, null),
  ],
};

const LESSON = lessonDetail({
  lessonId: 'l3',
  title: '物理一对一',
  viewerRole: 'parent',
  editable: false,
  status: 'ended',
  startsAt: REPLAY_T0,
  openedAt: REPLAY_T0,
  closedAt: REPLAY_T0 + 120_000,
});

const replayRoute = {
  'GET /v1/lesson/l3/replay': (c: { url: string }) => ({ json: envelope(replayAnswer(LOG, askOf(c.url))) }),
};

describe('the pushed questions on the replay', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lists a parent's view of each push with its result and times, and seeks to a push", async () => {
    const s = await makeSession(loginInfo(['edu:parent']), {
      'GET /v1/lesson/l3': LESSON,
      ...replayRoute,
      'GET /v1/lesson/l3/pushes': PUSHES,
    });
    renderApp(s.session, ['/parent/eventutor/index/l3']);
    expect(await screen.findByText('课堂练习（3 题）', {}, { timeout: 5000 })).toBeTruthy();
    const row = (n: number) => screen.getByText(`第 ${n} 题`).closest('.ant-collapse-item') as HTMLElement;
    // 2026-01-03 09:02 北京时间 is REPLAY_T0.
    expect(within(row(1)).getByText('正确')).toBeTruthy();
    expect(within(row(1)).getByText('得分 100%')).toBeTruthy();
    expect(within(row(1)).getByText('推送 09:02:30 · 作答 09:02:45')).toBeTruthy();
    expect(within(row(2)).getByText('部分正确')).toBeTruthy();
    expect(within(row(2)).getByText('得分 50%')).toBeTruthy();
    expect(within(row(3)).getByText('未作答')).toBeTruthy();
    expect(within(row(3)).queryByText(/得分/)).toBeNull();
    expect(within(row(3)).getByText('推送 09:03:40')).toBeTruthy();
    expect(screen.getByText('北京时间')).toBeTruthy();
    // The pushes are marks on the timeline.
    expect(screen.getByText('题1')).toBeTruthy();
    expect(screen.getByText('题3')).toBeTruthy();
    // The timeline opens at the end; 跳到此时 seeks to the push.
    expect(await screen.findByText('2:00 / 2:00')).toBeTruthy();
    fireEvent.click(within(row(2)).getByRole('button', { name: '跳到此时' }));
    expect(screen.getByText('1:00 / 2:00')).toBeTruthy();
    // A click on a push's mark seeks there too.
    fireEvent.click(screen.getByText('题3'));
    expect(screen.getByText('1:40 / 2:00')).toBeTruthy();
    // Opened, a push shows its judged result.
    fireEvent.click(screen.getByText('第2道推送题'));
    await waitFor(() => expect(within(row(2)).getAllByText('部分正确')).toHaveLength(2));
    expect(s.calls.filter((c) => c.url.includes('/v1/lesson/l3/pushes'))).toHaveLength(1);
  });

  it('says when no question was pushed, and offers 重试 when the read failed', async () => {
    let fail = true;
    const s = await makeSession(loginInfo(['edu:parent']), {
      'GET /v1/lesson/l3': LESSON,
      ...replayRoute,
      'GET /v1/lesson/l3/pushes': () =>
        fail
          ? { status: 500, json: envelope(null, 500, '服务器内部错误，请稍后再试') }
          : { json: envelope({ ...PUSHES, trainId: null, status: null, pushes: [] }) },
    });
    renderApp(s.session, ['/parent/eventutor/index/l3']);
    expect(await screen.findByText('课堂练习加载失败', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    fireEvent.click(
      within(screen.getByText('课堂练习加载失败').closest('.ant-alert') as HTMLElement).getByRole('button', {
        name: '重试',
      }),
    );
    await waitFor(() => expect(screen.getByText('这节课没有推送题目')).toBeTruthy());
  });
});
