// The replay's clock (1×–8×, pause, seek, the end) on fake timers, and the reading of every page of the board's log
// with its progress.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { LessonReplay, ReplayChange } from '@edu/contract';
import { AppProviders, createQueryClient } from '../../app/providers';
import { SessionContext } from '../../app/session-context';
import { envelope, type RecordedCall } from '../../test/fake-api';
import { loginInfo } from '../../test/fixtures';
import { makeSession } from '../../test/render';
import { TICK_MS, usePlayback } from './playback';
import { useReplayLog } from './replay-data';
import { pageElements, boardAt } from './replay-scene';

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
});

describe('useReplayLog', () => {
  const T0 = Date.UTC(2026, 0, 5, 6);
  const el = (id: string, version: number) => ({ id, type: 'rectangle', version, versionNonce: 1, isDeleted: false });
  const change = (seq: number): ReplayChange => ({
    seq,
    at: T0 + seq * 1000,
    by: 't1',
    kind: 'elements',
    payload: { elements: [el(`e${seq}`, 1)] },
  });
  const page = (changes: ReplayChange[], nextAfterSeq: number | null): LessonReplay => ({
    lessonId: 'l3',
    status: 'ended',
    startsAt: T0,
    openedAt: T0,
    closedAt: T0 + 60_000,
    lastSeq: 450,
    snapshots: [],
    snapshot: null,
    changes,
    nextAfterSeq,
    presence: [],
  });

  it('reads every page after the previous one, with the progress, then builds the board from them', async () => {
    let release: () => void = () => {};
    const secondPage = new Promise<void>((r) => (release = r));
    const s = await makeSession(loginInfo(['edu:agency:demo:student']), {
      'GET /v1/lesson/l3/replay': async (c: RecordedCall) => {
        const after = Number(new URL(c.url, 'http://x').searchParams.get('afterSeq'));
        if (after === 0)
          return {
            json: envelope(
              page(
                [1, 2, 3].map((n) => change(n * 100)),
                300,
              ),
            ),
          };
        await secondPage;
        return { json: envelope(page([change(400), change(450)], null)) };
      },
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={queryClient}>
        <SessionContext.Provider value={s.session}>{children}</SessionContext.Provider>
      </AppProviders>
    );
    const { result } = renderHook(() => useReplayLog('l3', true), { wrapper });
    await waitFor(() => expect(result.current.progress).toEqual({ loaded: 300, total: 450 }));
    expect(result.current.done).toBe(false);
    release();
    await waitFor(() => expect(result.current.done).toBe(true));
    expect(result.current.changes.map((c) => c.seq)).toEqual([100, 200, 300, 400, 450]);
    expect(result.current.progress).toEqual({ loaded: 450, total: 450 });
    const asked = s.calls
      .filter((c) => c.path === '/v1/lesson/l3/replay')
      .map((c) => new URL(c.url, 'http://x').searchParams.get('afterSeq'));
    expect(asked).toEqual(['0', '300']);
    const board = boardAt(result.current.checkpoints, result.current.changes, 400);
    expect(pageElements(board, 'p1').map((e) => e.id)).toEqual(['e100', 'e200', 'e300', 'e400']);
  });
});
