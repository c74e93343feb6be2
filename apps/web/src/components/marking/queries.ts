// Reads and writes of manual marking (docs/marking.md), keyed by agency: the queue, one training's answers,
// the marker's history, claims and marks.
import { useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { MarkingQueueQuery, MarkRequest, MarkingTraining } from '@edu/contract';
import { API } from '../../api/routes';
import { useApiMutation } from '../../api/mutation';
import { trainingKeys } from '../../api/query-keys';
import { useAppConfig, useCall } from '../../app/session-context';
import { MARKING_TEXTS } from './texts';

export const markingKeys = {
  all: (agencyId: string) => ['marking', agencyId] as const,
  queue: (agencyId: string, q: Partial<MarkingQueueQuery>) => ['marking', agencyId, 'queue', q] as const,
  training: (agencyId: string, taskId: string, trainId: string) =>
    ['marking', agencyId, 'training', taskId, trainId] as const,
  history: (agencyId: string, start: number, size: number) => ['marking', agencyId, 'history', start, size] as const,
};

export function useMarkingQueue(q: Partial<MarkingQueueQuery>) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: markingKeys.queue(agencyId, q),
    queryFn: () => call(API.markingQueue, { query: q }),
    placeholderData: keepPreviousData,
  });
}

/** The classes the queue can be filtered by (those whose tasks' answers the caller may mark). */
export function useMarkingClasses() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: ['marking', agencyId, 'classes'] as const,
    queryFn: () => call(API.markingClasses),
    staleTime: 60_000,
  });
}

export function useMarkingTraining(taskId: string, trainId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: markingKeys.training(agencyId, taskId, trainId),
    queryFn: () => call(API.markingTraining, { params: { taskId, trainId } }),
  });
}

export function useMarkingHistory(start: number, size: number) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: markingKeys.history(agencyId, start, size),
    queryFn: () => call(API.markingHistory, { query: { start, size } }),
    placeholderData: keepPreviousData,
  });
}

/** Claim (the answer shown) and mark; a mark replaces the item in the training read and refreshes the rest. */
export function useMarkingWrites(taskId: string, trainId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const claim = useApiMutation({
    mutationFn: (recordId: string) => call(API.markingClaim, { params: { id: recordId } }),
    error: 'none',
  });
  const mark = useApiMutation({
    mutationFn: (v: { recordId: string; request: MarkRequest }) =>
      call(API.markingSave, { params: { id: v.recordId }, body: { request: v.request } }),
    success: MARKING_TEXTS.bench.saved,
    onSuccess: (item) => {
      queryClient.setQueryData<MarkingTraining>(markingKeys.training(agencyId, taskId, trainId), (old) =>
        old ? { ...old, items: old.items.map((i) => (i.recordId === item.recordId ? item : i)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: markingKeys.training(agencyId, taskId, trainId) });
      void queryClient.invalidateQueries({ queryKey: ['marking', agencyId, 'queue'] });
      void queryClient.invalidateQueries({ queryKey: ['marking', agencyId, 'history'] });
      // The mark changes the training's score: its report (the student's and the staff's) is read again.
      void queryClient.invalidateQueries({ queryKey: trainingKeys.report(agencyId, trainId) });
    },
  });
  return { claim, mark };
}
