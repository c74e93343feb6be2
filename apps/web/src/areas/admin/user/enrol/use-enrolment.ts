// The enrolment job polled every POLL_MS until it ends, and the server's limits (docs/enrolment.md).
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnrolmentJob } from '@edu/contract';
import { API } from '../../../../api/routes';
import { useAppConfig, useCall } from '../../../../app/session-context';

export const POLL_MS = 500;

export const enrolmentFinished = (job: { status: string } | undefined) =>
  job?.status === 'done' || job?.status === 'failed';

/** processed / total as a whole percentage (100 once done). */
export function enrolmentPercent(job: Pick<EnrolmentJob, 'status' | 'processed' | 'total'>): number {
  if (job.status === 'done') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.floor((job.processed / job.total) * 100));
}

export function useEnrolmentJob(jobId: string | null) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['enrolment-job', agencyId, jobId],
    queryFn: () => call(API.enrolmentJob, { params: { id: jobId ?? '' } }),
    enabled: jobId !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (q) => (q.state.status === 'error' || enrolmentFinished(q.state.data) ? false : POLL_MS),
  });
  const enrolled = query.data?.status === 'done' ? query.data.enrolled : 0;
  useEffect(() => {
    // New students: the user lists change.
    if (enrolled > 0) void queryClient.invalidateQueries({ queryKey: ['users'] });
  }, [enrolled, queryClient]);
  return query;
}

export function useEnrolmentLimits() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: ['enrolment-limits', agencyId],
    queryFn: () => call(API.enrolmentLimits),
    staleTime: Infinity,
  });
}
