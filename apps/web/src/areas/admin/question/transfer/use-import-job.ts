// Polls an import or preview job every 500 ms until it is done or failed; then refreshes what new questions change.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../api/routes';
import { invalidateKnowledge } from '../../../../app/dictionaries';
import { useAppConfig, useCall } from '../../../../app/session-context';

export const POLL_MS = 500;

/** Whether an import, preview or export job ended. */
export const jobFinished = (job: { status: string } | undefined) => job?.status === 'done' || job?.status === 'failed';

/** processed / total as a whole percentage (100 once done). */
export function jobPercent(job: { status: string; processed: number; total: number }): number {
  if (job.status === 'done') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.floor((job.processed / job.total) * 100));
}

/** How every job is polled: fresh each time, kept for no one, every POLL_MS until it ends or the poll fails. */
export const JOB_POLL = {
  staleTime: 0,
  gcTime: 0,
  refetchInterval: (q: { state: { status: string; data?: { status: string } } }) =>
    q.state.status === 'error' || jobFinished(q.state.data) ? false : POLL_MS,
};

export function useImportJob(jobId: string | null) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['import-job', agencyId, jobId],
    queryFn: () => call(API.questionImportJob, { params: { id: jobId ?? '' } }),
    enabled: jobId !== null,
    ...JOB_POLL,
  });
  const imported = query.data?.status === 'done' ? query.data.imported : 0;
  useEffect(() => {
    if (imported <= 0) return;
    // New questions: the lists, the repositories' counts and the knowledge points' counts change.
    void queryClient.invalidateQueries({ queryKey: ['questions'] });
    void queryClient.invalidateQueries({ queryKey: ['repos'] });
    void queryClient.invalidateQueries({ queryKey: ['repo'] });
    void invalidateKnowledge(queryClient);
  }, [imported, queryClient]);
  return query;
}

/** The server's import limits (stated under the upload box, checked before sending). */
export function useTransferLimits() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: ['transfer-limits', agencyId],
    queryFn: () => call(API.questionImportLimits),
    staleTime: Infinity,
  });
}
