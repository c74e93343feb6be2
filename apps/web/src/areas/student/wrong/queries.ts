// Reads and writes of the wrong-answer book, answer records and mastery pages; every key holds the agency.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type MasteryQuery, type WrongFilter, type WrongReviewRequest } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useAppConfig, useCall } from '../../../app/session-context';

export const wrongKeys = {
  all: ['wrong'] as const,
  list: (agencyId: string, q: object) => ['wrong', 'list', agencyId, q] as const,
  due: (agencyId: string, q: object) => ['wrong', 'due', agencyId, q] as const,
  record: (agencyId: string, id: string) => ['wrong', 'record', agencyId, id] as const,
  mastery: (agencyId: string, q: object) => ['mastery', agencyId, q] as const,
};

export interface BookFilters {
  filter: WrongFilter;
  subject?: string;
  knowledgeId?: string;
  start: number;
  size: number;
}

export function useWrongList(f: BookFilters) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: wrongKeys.list(agencyId, f),
    queryFn: () => call(API.wrongList, { query: f }),
    placeholderData: keepPreviousData,
  });
}

/** The due entries of a review session; read once when the session opens (answers move them). */
export function useWrongDue(f: { subject?: string; knowledgeId?: string }, enabled: boolean) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: wrongKeys.due(agencyId, f),
    queryFn: () => call(API.wrongDue, { query: { ...f, size: 50 } }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** One review answer; a failure is shown in the review card (the caller's onError), not as a toast. */
export function useReview() {
  const call = useCall();
  return useApiMutation({
    mutationFn: (v: { questionId: string; request: WrongReviewRequest }) =>
      call(API.wrongReview, { params: { id: v.questionId }, body: { request: v.request } }),
    invalidates: [['wrong', 'list']],
    error: 'none',
  });
}

export function useAnswerRecord(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: wrongKeys.record(agencyId, id),
    queryFn: () => call(API.wrongRecord, { params: { id } }),
    retry: false,
  });
}

export function useMastery(q: Partial<MasteryQuery>) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: wrongKeys.mastery(agencyId, q),
    queryFn: () => call(API.masteryPoints, { query: q }),
  });
}
