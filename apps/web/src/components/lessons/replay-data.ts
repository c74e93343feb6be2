// The replay's data and clock (docs/web.md "Lesson lists and replay", docs/lessons.md "Replay data"). It opens from the
// end without reading the whole log: one small read for the log's end and snapshot index (`limit=1`), then the newest
// snapshot with the changes after it — the board as the lesson left it, where the player starts. The rest of the log
// is read in the background — small reads after the playhead beside large pages from the start, one of each at a
// time; a seek to a moment not read yet reads the server's snapshot before it and the changes after it at once
// (replay-log.ts decides what to read). Each read is a TanStack query (an ended lesson's log no longer changes: read
// once); the clock waits while the board at its position is being read.
import { useCallback, useMemo, useState } from 'react';
import { useQueries, useQueryClient, type QueryObserverResult } from '@tanstack/react-query';
import type { LessonDetail, LessonReplay } from '@edu/contract';
import { API } from '../../api/routes';
import { useAppConfig, useCall } from '../../app/session-context';
import { usePlayback } from './playback';
import { LESSON_KEY } from './queries';
import {
  askKey,
  boardAtSeq,
  buildLog,
  canShow,
  loadedCount,
  META_ASK,
  planReads,
  seqAt,
  type WindowAsk,
} from './replay-log';
import type { BoardAt } from './replay-scene';

/** The reads' answers in the order asked, and how the reading goes (one value while nothing changes). */
function combineReads(results: QueryObserverResult<LessonReplay>[]) {
  const failed = results.find((r) => r.isError);
  return {
    answers: results.map((r) => r.data),
    fetching: results.map((r) => r.isFetching),
    error: failed ? failed.error : null,
  };
}

/** The first change's time when it is read (the meta read brings it), else null. */
const firstAt = (log: { changes: { seq: number; at: number }[] } | null) =>
  log?.changes[0]?.seq === 1 ? log.changes[0].at : null;

/** Why a read was started: the board at the playhead, the changes after it, the rest of the log. */
type Lane = 'now' | 'ahead' | 'rest';
type LaneAsk = WindowAsk & { lane: Lane };

export function useReplay(lesson: LessonDetail) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const lessonId = lesson.lessonId;
  const [asks, setAsks] = useState<LaneAsk[]>([{ ...META_ASK, lane: 'now' }]);
  const read = useQueries({
    queries: asks.map((a) => ({
      queryKey: [LESSON_KEY, 'replay', agencyId, lessonId, askKey(a)],
      queryFn: () =>
        call(API.lessonReplay, {
          params: { id: lessonId },
          query: { afterSeq: a.afterSeq, limit: a.limit, snapshot: a.snapshot ? ('true' as const) : undefined },
        }),
      staleTime: Infinity,
    })),
    combine: combineReads,
  });
  const log = useMemo(() => buildLog(asks, read.answers), [asks, read.answers]);

  // The timeline runs from the opening (or the first change) to the close (or the last change).
  const t0 = Math.min(lesson.openedAt ?? Infinity, firstAt(log) ?? Infinity, lesson.startsAt);
  const last = log?.changes[log.changes.length - 1];
  const lastAt = last && last.seq === log.lastSeq ? last.at : (log?.snapshots.at(-1)?.at ?? t0);
  const t1 = Math.max(lesson.closedAt ?? lastAt, lastAt);
  const duration = Math.max(0, t1 - t0);
  const isReady = useCallback((ms: number) => log !== null && canShow(log, t0 + ms), [log, t0]);
  const player = usePlayback(duration, { startAtEnd: true, isReady });
  const at = t0 + player.position;
  const seq = log ? seqAt(log, at) : null;
  const board = useMemo(() => (log && seq !== null ? boardAtSeq(log, seq) : null), [log, seq]);

  // What to read next, one read of each kind at a time: what the playhead needs (dragging the timeline over moments not
  // read reads where it is once the previous read is in), after the playhead, the rest; nothing more after a failed
  // read until it is read again (重试). Adjusted while rendering, as React's "storing
  // information from previous renders" does: the reads asked only grow.
  if (log && !read.error) {
    const pending = asks.filter((_, i) => read.fetching[i]);
    const plan = planReads(
      log,
      at,
      pending,
      pending.filter((a) => a.lane === 'ahead'),
    );
    const start = (['now', 'ahead', 'rest'] as const).flatMap((lane): LaneAsk[] => {
      const ask = plan[lane];
      const busy = pending.some((a) => a.lane === lane);
      return ask && !busy ? [{ ...ask, lane }] : [];
    });
    const added = start.filter(
      (a, i) => !asks.some((b) => askKey(b) === askKey(a)) && start.findIndex((b) => askKey(b) === askKey(a)) === i,
    );
    if (added.length) setAsks([...asks, ...added]);
  }

  // While the board at the playhead is read, the last one shown stays.
  const [shown, setShown] = useState<BoardAt | null>(null);
  if (board && board !== shown) setShown(board);

  const retry = useCallback(
    () =>
      void queryClient.refetchQueries({
        queryKey: [LESSON_KEY, 'replay', agencyId, lessonId],
        predicate: (q) => q.state.status === 'error',
      }),
    [queryClient, agencyId, lessonId],
  );

  const opening: 1 | 2 | null = log === null ? 1 : board === null && shown === null ? 2 : null;
  return {
    log,
    player,
    /** The moment the timeline starts at, and its length (ms). */
    t0,
    duration,
    /** The board at the playhead, or the last one shown while that is read; null before the first. */
    board: board ?? shown,
    /** The board at the playhead is being read (a seek to a moment not read yet). */
    reading: board === null && log !== null,
    /** Opening: 1 reading the log's end and index, 2 reading the board the lesson ended with; null once shown. */
    opening,
    /** Changes read of the whole log (the background reading's progress). */
    progress: { loaded: log ? loadedCount(log) : 0, total: log?.lastSeq ?? 0 },
    error: read.error,
    retry,
  };
}
