// The replay's clock (1×–8×, pause, seek, the end, waiting for a board still read) on fake timers, and the replay's
// reads: it opens on the newest snapshot and the changes after it, reads the rest in the background with its
// progress, and a seek to a moment not read yet reads the snapshot before it (docs/lessons.md "Replay data"); the
// replay page's progress and its note while a moment is read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { AppProviders, createQueryClient } from '../../app/providers';
import { SessionContext } from '../../app/session-context';
import { envelope, type RecordedCall } from '../../test/fake-api';
import { loginInfo } from '../../test/fixtures';
import { lessonDetail } from '../../test/lessons';
import { askOf, fakeLog, replayAnswer, REPLAY_T0 } from '../../test/replay';
import { makeSession, renderApp } from '../../test/render';
import { TICK_MS, usePlayback } from './playback';
import { useReplay } from './replay-data';
import { askKey } from './replay-log';
import { boardAt, pageElements } from './replay-scene';

// The board is drawn by Excalidraw in the browser (the lesson journeys); here the replay's reads and clock are under
// test, and Excalidraw's ESM build does not load in Node: the board shows how many elements it was given.
vi.mock('../board/BoardView', () => ({
  BoardView: ({ elements }: { elements: readonly unknown[] }) => <div data-testid="board">{elements.length}</div>,
}));

describe('usePlayback', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plays at the chosen speed, pauses, seeks within the lesson and stops at the end', () => {
    const { result } = renderHook(() => usePlayback(60_000));
    expect(result.current.position).toBe(0);
    act(() => result.current.play());
    for (let i = 0; i < 10; i++) act(() => void vi.advanceTimersByTime(TICK_MS));
    expect(result.current.position).toBe(1000);
    act(() => result.current.setSpeed(8));
    for (let i = 0; i < 10; i++) act(() => void vi.advanceTimersByTime(TICK_MS));
    expect(result.current.position).toBe(9000);
    act(() => result.current.pause());
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current.position).toBe(9000);
    expect(result.current.playing).toBe(false);
    act(() => result.current.seek(120_000));
    expect(result.current.position).toBe(60_000);
    act(() => result.current.seek(-5));
    expect(result.current.position).toBe(0);
    act(() => result.current.seek(59_500));
    act(() => result.current.play());
    for (let i = 0; i < 5; i++) act(() => void vi.advanceTimersByTime(TICK_MS));
    expect(result.current.position).toBe(60_000);
    expect(result.current.playing).toBe(false);
    // Seeking back after the end does not start playing again by itself.
    act(() => result.current.seek(10_000));
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.position).toBe(10_000);
    // Playing from the end starts again from the beginning.
    act(() => result.current.seek(60_000));
    act(() => result.current.play());
    expect(result.current.position).toBe(0);
    expect(result.current.playing).toBe(true);
  });

  it('may open on the end, however long the lesson turns out to be, and play from the start', () => {
    const { result, rerender } = renderHook(({ d }) => usePlayback(d, { startAtEnd: true }), {
      initialProps: { d: 0 },
    });
    expect(result.current.position).toBe(0);
    rerender({ d: 30_000 });
    expect(result.current.position).toBe(30_000);
    act(() => result.current.play());
    expect(result.current.position).toBe(0);
    act(() => void vi.advanceTimersByTime(TICK_MS));
    expect(result.current.position).toBe(TICK_MS);
  });

  it('waits at a position whose board is still being read, and goes on once it is there', () => {
    const { result, rerender } = renderHook(({ readTo }) => usePlayback(60_000, { isReady: (ms) => ms <= readTo }), {
      initialProps: { readTo: 500 },
    });
    act(() => result.current.play());
    for (let i = 0; i < 10; i++) act(() => void vi.advanceTimersByTime(TICK_MS));
    // 600 ms is not read: the clock stopped there, still playing.
    expect(result.current.position).toBe(600);
    expect([result.current.playing, result.current.waiting]).toEqual([true, true]);
    rerender({ readTo: 60_000 });
    expect(result.current.waiting).toBe(false);
    for (let i = 0; i < 4; i++) act(() => void vi.advanceTimersByTime(TICK_MS));
    expect(result.current.position).toBe(1000);
  });
});

describe('useReplay', () => {
  const LOG = fakeLog(450, 100);
  const LESSON = lessonDetail({
    lessonId: 'l3',
    status: 'ended',
    startsAt: REPLAY_T0,
    openedAt: REPLAY_T0,
    closedAt: REPLAY_T0 + 480_000,
  });
  const asked = (calls: RecordedCall[]) =>
    calls.filter((c) => c.path === '/v1/lesson/l3/replay').map((c) => askKey(askOf(c.url)));
  const wholeLog = (seq: number, page = 'p1') => pageElements(boardAt([], LOG.changes, seq), page);

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The replay of LOG; reads from the start (afterSeq < 400, except the first) wait for `release`. */
  async function open() {
    let release: () => void = () => {};
    const background = new Promise<void>((r) => (release = r));
    const s = await makeSession(loginInfo(['edu:agency:demo:parent']), {
      'GET /v1/lesson/l3/replay': async (c: RecordedCall) => {
        const ask = askOf(c.url);
        if (ask.afterSeq > 0 && ask.afterSeq < 400 && !ask.snapshot) await background;
        return { json: envelope(replayAnswer(LOG, ask)) };
      },
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={queryClient}>
        <SessionContext.Provider value={s.session}>{children}</SessionContext.Provider>
      </AppProviders>
    );
    const hook = renderHook(() => useReplay(LESSON), { wrapper });
    return { ...hook, calls: s.calls, release };
  }

  it('opens on the newest snapshot and the changes after it, then reads the rest in the background', async () => {
    const { result, calls, release } = await open();
    expect(result.current.opening).toBe(1);
    await waitFor(() => expect(result.current.opening).toBeNull());
    // The board the lesson ended with, at the end of the timeline, before the log before it is read.
    expect(result.current.player.position).toBe(480_000);
    expect(result.current.board!.seq).toBe(450);
    expect(pageElements(result.current.board!, 'p1')).toEqual(wholeLog(450));
    expect(pageElements(result.current.board!, 'p2')).toEqual(wholeLog(450, 'p2'));
    expect(asked(calls).slice(0, 2)).toEqual(['0:1:', '400:51:s']);
    await waitFor(() => expect(asked(calls)).toHaveLength(3));
    expect(asked(calls)[2]).toBe('1:399:');
    expect(result.current.progress).toEqual({ loaded: 51, total: 450 });
    release();
    await waitFor(() => expect(result.current.progress).toEqual({ loaded: 450, total: 450 }));
    expect(asked(calls)).toHaveLength(3);
    // Played from the start: every board from the log read.
    act(() => result.current.player.play());
    expect(result.current.player.position).toBe(0);
    act(() => void vi.advanceTimersByTime(TICK_MS * 5));
    act(() => result.current.player.seek(123_400));
    expect(pageElements(result.current.board!, 'p1')).toEqual(wholeLog(123));
    expect(result.current.reading).toBe(false);
  });

  it('reads a moment not read yet from the snapshot before it, keeping the last board until it is there', async () => {
    const { result, calls } = await open();
    await waitFor(() => expect(result.current.opening).toBeNull());
    act(() => result.current.player.seek(250_500));
    // Not read yet (the background read from the start waits): the board at the end stays, marked as reading.
    expect(result.current.reading).toBe(true);
    expect(result.current.board!.seq).toBe(450);
    await waitFor(() => expect(result.current.reading).toBe(false));
    expect(asked(calls)).toContain('200:100:s');
    expect(result.current.board!.seq).toBe(250);
    expect(pageElements(result.current.board!, 'p1')).toEqual(wholeLog(250));
    expect(pageElements(result.current.board!, 'p2')).toEqual(wholeLog(250, 'p2'));
    // Playing on from there reads after the playhead, then the clock moves through the segments read.
    act(() => result.current.player.play());
    await waitFor(() => expect(asked(calls)).toContain('300:100:'));
    act(() => result.current.player.setSpeed(8));
    for (let i = 0; i < 80; i++) act(() => void vi.advanceTimersByTime(TICK_MS));
    expect(result.current.player.position).toBeGreaterThan(300_000);
    expect(pageElements(result.current.board!, 'p1')).toEqual(wholeLog(result.current.board!.seq));
  });

  it('shows a failed read with 重试, which reads it again', async () => {
    let fail = true;
    const s = await makeSession(loginInfo(['edu:agency:demo:parent']), {
      'GET /v1/lesson/l3/replay': (c: RecordedCall) =>
        fail
          ? { status: 500, json: envelope(null, 500, '服务器内部错误，请稍后再试') }
          : { json: envelope(replayAnswer(LOG, askOf(c.url))) },
    });
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={queryClient}>
        <SessionContext.Provider value={s.session}>{children}</SessionContext.Provider>
      </AppProviders>
    );
    const { result } = renderHook(() => useReplay(LESSON), { wrapper });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    fail = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.opening).toBeNull());
    expect(result.current.board!.seq).toBe(450);
  });
});

describe('the replay page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on the board the lesson ended with, shows the background reading, and reads a moment jumped to', async () => {
    const LOG = fakeLog(450, 100);
    let release: () => void = () => {};
    const background = new Promise<void>((r) => (release = r));
    const s = await makeSession(loginInfo(['edu:agency:demo:student']), {
      'GET /v1/lesson/l3': lessonDetail({
        lessonId: 'l3',
        title: '物理一对一',
        viewerRole: 'student',
        editable: false,
        status: 'ended',
        startsAt: REPLAY_T0,
        openedAt: REPLAY_T0,
        closedAt: REPLAY_T0 + 480_000,
        presence: [{ userId: 's1', name: '王小明', role: 'student', joinedAt: REPLAY_T0 + 250_500, leftAt: null }],
      }),
      'GET /v1/lesson/l3/replay': async (c: RecordedCall) => {
        const ask = askOf(c.url);
        if (ask.afterSeq > 0 && !ask.snapshot && ask.afterSeq < 400) await background;
        return { json: envelope(replayAnswer(LOG, ask)) };
      },
    });
    renderApp(s.session, ['/student/eventutor/history/l3']);
    expect(await screen.findByText('正在打开回放：读取时间线（1/2）', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('正在载入完整板书记录 51 / 450', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('8:00 / 8:00')).toBeTruthy();
    expect(screen.getByText(/450 次板书操作/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /王小明 .* 进入/ }));
    expect(screen.getByText('4:10 / 8:00')).toBeTruthy();
    // The board at the end stays, marked, while the snapshot before 4:10 and its changes are read.
    expect(screen.getByText(/^正在载入 \S+ 的板书…$/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/的板书…$/)).toBeNull());
    expect(s.calls.map((c) => c.url).filter((u) => u.includes('snapshot=true'))).toEqual([
      expect.stringContaining('afterSeq=400&limit=51'),
      expect.stringContaining('afterSeq=200&limit=100'),
    ]);
    release();
    await waitFor(() => expect(screen.queryByText(/正在载入完整板书记录/)).toBeNull());
  });
});
