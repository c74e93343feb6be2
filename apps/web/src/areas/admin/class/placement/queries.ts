// Reads of the placement drawer (docs/lessons.md "Placement test"), keyed by agency.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../../../api/routes';
import { useAppConfig, useCall } from '../../../../app/session-context';

/** Every placement query key of the admin pages starts with this: one invalidation refreshes them all. */
export const PLACEMENT_KEY = 'placement-admin';

export function usePlacementSettings(enabled = true) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [PLACEMENT_KEY, 'settings', agencyId],
    queryFn: () => call(API.placementSettings),
    enabled,
  });
}

export function usePlacementPapers(enabled: boolean) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [PLACEMENT_KEY, 'papers', agencyId],
    queryFn: () => call(API.placementPapers),
    enabled,
  });
}

export function usePlacementResults(q: { gradeId?: string; start: number; size: number }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [PLACEMENT_KEY, 'results', agencyId, q],
    queryFn: () => call(API.placementResults, { query: q }),
    placeholderData: keepPreviousData,
  });
}

/** The agency's tutoring classes in use (at most 200, the list's page), for the band and join choices. */
export function useEventClasses(enabled: boolean) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [PLACEMENT_KEY, 'classes', agencyId],
    queryFn: () => call(API.classList, { query: { kind: 'event', archived: false, start: 0, size: 200 } }),
    enabled,
  });
}
