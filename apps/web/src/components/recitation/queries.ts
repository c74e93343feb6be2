// Recitation texts as TanStack queries (docs/recitation.md), shared by the teacher's pages (areas/admin/recitation)
// and the student's practice: keyed by the agency in context, since the texts are the agency's.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAppConfig, useCall } from '../../app/session-context';
import { API } from '../../api/routes';

/** Every recitation query key starts with this, so one invalidation refreshes them all. */
export const RECITATION_KEY = 'recitation';

export function useRecitations(q: { keyword: string; start: number; size: number }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [RECITATION_KEY, 'list', agencyId, q],
    queryFn: () =>
      call(API.recitationList, { query: { keyword: q.keyword || undefined, start: q.start, size: q.size } }),
    placeholderData: keepPreviousData,
  });
}

export function useRecitation(id: string | undefined) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [RECITATION_KEY, 'detail', agencyId, id],
    queryFn: () => call(API.recitationGet, { params: { id: id! } }),
    enabled: !!id,
  });
}
