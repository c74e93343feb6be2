// The enrolment job, followed with `useJob` (api/job.ts) until it ends, and the server's limits (docs/enrolment.md).
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../api/routes';
import { useJob } from '../../../../api/job';
import { useAppConfig, useCall } from '../../../../app/session-context';

export { JOB_POLL_MS as POLL_MS } from '../../../../api/job';

export function useEnrolmentJob(jobId: string | null) {
  const call = useCall();
  const queryClient = useQueryClient();
  const job = useJob('enrolment-job', jobId, (id) => call(API.enrolmentJob, { params: { id } }));
  const enrolled = job.data?.status === 'done' ? job.data.enrolled : 0;
  useEffect(() => {
    // New students: the user lists change.
    if (enrolled > 0) void queryClient.invalidateQueries({ queryKey: ['users'] });
  }, [enrolled, queryClient]);
  return job;
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
