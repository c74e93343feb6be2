// The replay's data (docs/lessons.md "Replay data"): every page of the board's logged changes, read one after the
// other from the start (`afterSeq` = the previous page's `nextAfterSeq`) with the progress shown, then checkpoints
// of the whole log so that seeking applies few changes. An ended lesson's log no longer changes: read once.
import { useEffect, useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { REPLAY_MAX_CHANGES } from '@edu/contract';
import { API } from '../../api/routes';
import { useAppConfig, useCall } from '../../app/session-context';
import { LESSON_KEY } from './queries';
import { checkpoints } from './replay-scene';

export function useReplayLog(lessonId: string, enabled: boolean) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const q = useInfiniteQuery({
    queryKey: [LESSON_KEY, 'replay', agencyId, lessonId],
    queryFn: ({ pageParam }) =>
      call(API.lessonReplay, { params: { id: lessonId }, query: { afterSeq: pageParam, limit: REPLAY_MAX_CHANGES } }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextAfterSeq ?? undefined,
    enabled: enabled && lessonId !== '',
    staleTime: Infinity,
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = q;
  // Keep reading until the last page.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const pages = q.data?.pages;
  const changes = useMemo(() => pages?.flatMap((p) => p.changes) ?? [], [pages]);
  const lastSeq = pages?.[0]?.lastSeq ?? 0;
  const loaded = changes.length ? changes[changes.length - 1].seq : 0;
  const done = !!pages && !hasNextPage && !q.isFetching;
  const marks = useMemo(() => (done ? checkpoints(changes) : []), [done, changes]);
  return {
    query: q,
    changes,
    checkpoints: marks,
    /** How far the reading is: the last seq read of the last seq there is. */
    progress: { loaded, total: lastSeq },
    done,
  };
}
