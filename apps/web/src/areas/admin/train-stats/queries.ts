// Reads of the statistics pages, keyed by agency so switching agencies never shows another's figures.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../../api/routes';
import { trainingKeys } from '../../../api/query-keys';
import { useAppConfig, useCall } from '../../../app/session-context';

export interface StatsRange {
  from?: number;
  to?: number;
}

/** The largest page of students (the group dashboard compares them all on one screen). */
export const GROUP_PAGE = 200;

export function useUserStats(id: string, range: StatsRange, page = { start: 0, size: 20 }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const utcOffset = -new Date().getTimezoneOffset();
  return useQuery({
    queryKey: ['scheme-stats-user', agencyId, id, range.from, range.to, page.start, page.size],
    queryFn: () => call(API.schemeStatsUser, { params: { id }, query: { ...range, ...page, utcOffset } }),
    placeholderData: keepPreviousData,
  });
}

export function useAnswerStats(id: string, range: StatsRange) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: ['scheme-stats-answer', agencyId, id, range.from, range.to],
    queryFn: () => call(API.schemeStatsAnswer, { params: { id }, query: range }),
    placeholderData: keepPreviousData,
  });
}

export function useTrainingReport(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: trainingKeys.report(agencyId, id),
    queryFn: () => call(API.trainingReport, { params: { id } }),
  });
}

export function useStudentStats(id: string, page: { start: number; size: number }) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: ['student-stats', agencyId, id, page.start, page.size],
    queryFn: () => call(API.studentTrainingStats, { params: { id }, query: page }),
    placeholderData: keepPreviousData,
  });
}
