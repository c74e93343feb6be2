import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MAX_SCHEME_TIME_LIMIT } from '@edu/contract';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { buttonIn, openDialog } from '../../../test/antd';
import { phoneWidth } from '../../../test/phone-width';
import { flagsKey, readFlags } from './paper-flags';
import { RecordsTable } from '../../../components/training/RecordsTable';
import { record, stem, STUDENT, training } from '../../../test/trainings';
import { endsOnlyAtDeadline } from './time-left';

const GET = 'GET /v1/train/t1';
const ANSWER = 'POST /v1/train/t1/answer';
const FINISH = 'POST /v1/train/t1/finish';

const paper = (over: Parameters<typeof training>[0] = {}) =>
  training({
    type: 'paper',
    judgeWay: null,
    question: null,
    phaseCount: 1,
    schemeRemaining: 1200,
    paper: { questions: [stem('q1'), stem('q2'), stem('q3')], answers: { q1: ['A'] } },
    ...over,
  });
const ended = training({ type: 'paper', status: 'finished', question: null, endTime: 1_700_000_600_000 });

async function open(routes: Record<string, unknown>) {
  const s = await makeSession(loginInfo(STUDENT), {
    [ANSWER]: { recordId: 'r', repeated: false, result: null, training: paper({ answered: 2, serverTime: 1 }) },
    [FINISH]: ended,
    ...routes,
  });
  const view = renderApp(s.session, ['/student/train/t1/do']);
  await screen.findByText('题干 q1');
  return { ...s, view };
}

const cells = () => [...document.querySelectorAll<HTMLButtonElement>('.answer-sheet .sheet-cell')];
const cellLabels = () => cells().map((c) => c.getAttribute('aria-label'));
const flagButton = (questionId: string) =>
  document.querySelector<HTMLButtonElement>(`[data-question-id="${questionId}"] .exam-flag`)!;
const bar = () => document.querySelector<HTMLElement>('.exam-bar')!;

// jsdom does not scroll: each test watches the calls instead.
const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  vi.useRealTimers();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('the exam page: 答题卡 and 标记', () => {
  it('shows each question as answered, unanswered or flagged, and a click jumps to the question', async () => {
    window.localStorage.setItem(flagsKey('t1'), JSON.stringify(['q3']));
    await open({ [GET]: paper() });
    expect(cellLabels()).toEqual(['第 1 题，已作答', '第 2 题，未作答', '第 3 题，未作答，已标记']);
    // Not by colour alone: an answered cell has a check, a flagged one a flag.
    expect(cells()[0].querySelector('.sheet-cell-check')).toBeTruthy();
    expect(cells()[1].querySelector('.sheet-cell-check, .sheet-cell-flag')).toBeNull();
    expect(cells()[2].querySelector('.sheet-cell-flag')).toBeTruthy();
    expect(cells()[2].dataset.state).toBe('unanswered flagged');

    fireEvent.click(cells()[1]);
    expect(scrollIntoView.mock.contexts.map((e) => (e as Element).id)).toEqual(['paper-question-q2']);
    expect(document.activeElement?.id).toBe('paper-question-q2');

    // Answering updates the sheet at once.
    fireEvent.click(screen.getAllByRole('radio', { name: /apple/ })[1]);
    await waitFor(() => expect(cellLabels()[1]).toBe('第 2 题，已作答'));
    expect(bar().textContent).toContain('已作答 2 / 3');
  });

  it('keeps the flags of the training in localStorage, so a reload keeps them', async () => {
    const first = await open({ [GET]: paper() });
    expect(flagButton('q2').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(flagButton('q2'));
    expect(flagButton('q2').getAttribute('aria-pressed')).toBe('true');
    expect(flagButton('q2').textContent).toContain('已标记');
    expect(cellLabels()[1]).toBe('第 2 题，未作答，已标记');
    expect(readFlags(window.localStorage, 't1')).toEqual(['q2']);

    first.view.unmount();
    await open({ [GET]: paper() });
    expect(flagButton('q2').getAttribute('aria-pressed')).toBe('true');
    expect(cellLabels()[1]).toBe('第 2 题，未作答，已标记');
    fireEvent.click(flagButton('q2'));
    expect(cellLabels()[1]).toBe('第 2 题，未作答');
    expect(window.localStorage.getItem(flagsKey('t1'))).toBeNull();
  });

  it('on a phone the sheet is a 答题卡 button in the bar that opens it in a drawer', async () => {
    const restore = phoneWidth();
    try {
      await open({ [GET]: paper() });
      expect(document.querySelector('.exam-aside')).toBeNull();
      const sheetButton = buttonIn(bar(), '答题卡 1/3');
      expect(sheetButton.getAttribute('aria-label')).toBe('答题卡（已作答 1 / 3）');
      expect(buttonIn(bar(), '交卷')).toBeTruthy();
      fireEvent.click(sheetButton);
      await waitFor(() => expect(cells()).toHaveLength(3));
      fireEvent.click(cells()[2]);
      // The jump waits for the drawer to close (it hands the focus back as it does).
      await waitFor(() =>
        expect(scrollIntoView.mock.contexts.map((e) => (e as Element).id)).toEqual(['paper-question-q3']),
      );
      expect(document.activeElement?.id).toBe('paper-question-q3');
    } finally {
      restore();
    }
  });
});

describe('the exam page: time', () => {
  it('keeps the countdown in the bar with 交卷 and counts down', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    await open({ [GET]: paper({ schemeRemaining: 1200 }) });
    const timer = bar().querySelector('[role="timer"]')!;
    expect(timer.getAttribute('aria-label')).toBe('剩余时间');
    expect(timer.textContent).toMatch(/20:00|19:59/);
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(timer.textContent).toMatch(/18:59|18:58/);
    expect(buttonIn(bar(), '交卷')).toBeTruthy();
    // The header above holds the title only: one countdown on the page.
    expect(document.querySelectorAll('[role="timer"]')).toHaveLength(1);
  });

  it('shows no countdown for an untimed paper', async () => {
    await open({ [GET]: paper({ schemeRemaining: null }) });
    expect(document.querySelector('[role="timer"]')).toBeNull();
    expect(screen.queryByText('剩余时间')).toBeNull();
    expect(bar().textContent).toContain('已作答 1 / 3');
  });

  it('shows no countdown when the only end is a task’s deadline beyond any time limit', async () => {
    // An untimed paper of a task ends at the task's deadline, here a week and more away.
    await open({ [GET]: paper({ schemeRemaining: 185 * 3600 + 19 * 60 + 47 }) });
    expect(document.querySelector('[role="timer"]')).toBeNull();
  });

  it('tells a task’s deadline from a time limit by the whole time the training was given', () => {
    const at = (remaining: number | null, usedSeconds: number) =>
      endsOnlyAtDeadline({
        status: 'running',
        phaseCount: 1,
        phaseRemaining: null,
        schemeRemaining: remaining,
        startTime: 1_000_000,
        serverTime: 1_000_000 + usedSeconds * 1000,
      });
    expect(at(null, 0)).toBe(false);
    expect(at(1200, 0)).toBe(false);
    expect(at(MAX_SCHEME_TIME_LIMIT, 0)).toBe(false);
    expect(at(MAX_SCHEME_TIME_LIMIT - 600, 600)).toBe(false);
    expect(at(MAX_SCHEME_TIME_LIMIT - 600, 700)).toBe(true);
    expect(at(667_187, 0)).toBe(true);
  });
});

describe('the exam page: 交卷', () => {
  it('confirms with the unanswered and flagged counts, and clears the flags once handed in', async () => {
    window.localStorage.setItem(flagsKey('t1'), JSON.stringify(['q1', 'q3']));
    const { calls } = await open({ [GET]: paper() });
    fireEvent.click(buttonIn(bar(), '交卷'));
    const d = await openDialog('.ant-modal-confirm');
    expect(d.textContent).toContain('还有 2 题未作答，2 题已标记。确定交卷吗？');
    fireEvent.click(buttonIn(d, '交卷'));
    expect(await screen.findByText('训练已完成')).toBeTruthy();
    expect(calls.some((c) => c.path === '/v1/train/t1/finish')).toBe(true);
    expect(window.localStorage.getItem(flagsKey('t1'))).toBeNull();
  });

  it('with everything answered and nothing flagged it still asks, simply', async () => {
    await open({ [GET]: paper({ paper: { questions: [stem('q1')], answers: { q1: ['A'] } } }) });
    fireEvent.click(buttonIn(bar(), '交卷'));
    const d = await openDialog('.ant-modal-confirm');
    expect(d.querySelector('.ant-modal-confirm-content')?.textContent).toBe('确定交卷吗？交卷后不能再修改答案。');
  });

  it('names flagged questions alone when all are answered', async () => {
    window.localStorage.setItem(flagsKey('t1'), JSON.stringify(['q1']));
    await open({ [GET]: paper({ paper: { questions: [stem('q1')], answers: { q1: ['A'] } } }) });
    fireEvent.click(buttonIn(bar(), '交卷'));
    const d = await openDialog('.ant-modal-confirm');
    expect(d.textContent).toContain('还有 1 题已标记。确定交卷吗？');
  });
});

describe('a paper’s answers in the report', () => {
  it('leave out the phase and point, which a paper does not have', () => {
    const records = [record({ phase: '试卷', point: '作答' })];
    const { unmount } = render(
      <MemoryRouter>
        <RecordsTable records={records} paper />
      </MemoryRouter>,
    );
    const headers = () => [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers()).not.toContain('阶段 / 训练点');
    expect(screen.queryByText('试卷 / 作答')).toBeNull();
    unmount();
    render(
      <MemoryRouter>
        <RecordsTable records={records} />
      </MemoryRouter>,
    );
    expect(headers()).toContain('阶段 / 训练点');
    expect(screen.getByText('试卷 / 作答')).toBeTruthy();
  });
});
