// Reads and writes of the parent pages (docs/parents.md); keys hold the agency, whose header the child calls need.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../api/routes';
import { useAppConfig, useCall, useUser } from '../../app/session-context';

export const parentKeys = {
  all: ['parent'] as const,
  children: () => ['parent', 'children'] as const,
  history: (agencyId: string, childId: string, start: number, size: number) =>
    ['parent', 'history', agencyId, childId, start, size] as const,
  report: (agencyId: string, childId: string, id: string, questions: '0' | '1') =>
    ['parent', 'report', agencyId, childId, id, questions] as const,
};

export function useChildren() {
  const call = useCall();
  const user = useUser();
  return useQuery({
    queryKey: parentKeys.children(),
    queryFn: () => call(API.parentChildren),
    enabled: !!user,
  });
}

export function useChildHistory(childId: string, start: number, size: number) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: parentKeys.history(agencyId, childId, start, size),
    queryFn: () => call(API.parentChildHistory, { params: { id: childId }, query: { start, size } }),
    placeholderData: keepPreviousData,
    enabled: childId !== '',
  });
}

export function useChildReport(childId: string, id: string, questions: '0' | '1') {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: parentKeys.report(agencyId, childId, id, questions),
    queryFn: () => call(API.parentChildReport, { params: { childId, id }, query: { questions } }),
  });
}
