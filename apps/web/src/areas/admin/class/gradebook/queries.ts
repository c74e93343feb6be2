// Reads and writes of the class gradebook (docs/gradebook.md), keyed under the class pages' key so that a class
// change refreshes it too.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../../../api/routes';
import { useApiMutation } from '../../../../api/mutation';
import { useAppConfig, useCall } from '../../../../app/session-context';
import { CLASS_KEY } from '../queries';
import { GRADEBOOK_TEXTS } from './texts';

export const gradebookKeys = {
  all: (agencyId: string, classId: string) => [CLASS_KEY, 'gradebook', agencyId, classId] as const,
  page: (agencyId: string, classId: string, q: { keyword: string; start: number; size: number }) =>
    [...gradebookKeys.all(agencyId, classId), q] as const,
};

export function useGradebook(classId: string, q: { keyword: string; start: number; size: number }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: gradebookKeys.page(agencyId, classId, q),
    queryFn: () =>
      call(API.classGradebook, {
        params: { id: classId },
        query: { keyword: q.keyword || undefined, start: q.start, size: q.size },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Sets a task's weight; the gradebook (its overalls) is read again. */
export function useSetWeight(classId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useApiMutation({
    mutationFn: (v: { taskId: string; weight: number }) =>
      call(API.taskWeight, { params: { id: v.taskId }, body: { request: { weight: v.weight } } }),
    success: GRADEBOOK_TEXTS.weightSaved,
    invalidates: [gradebookKeys.all(agencyId, classId)],
  });
}
