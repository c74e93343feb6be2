// An import or preview job, followed with `useJob` (app/job.ts); when an import adds questions it refreshes what new
// questions change. And the server's import limits.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../../api/routes';
import { useJob } from '../../../../app/job';
import { questionKeys } from '../../../../api/query-keys';
import { invalidateKnowledge } from '../../../../app/dictionaries';
import { useAppConfig, useCall } from '../../../../app/session-context';

export function useImportJob(jobId: string | null) {
  const call = useCall();
  const queryClient = useQueryClient();
  const job = useJob('import-job', jobId, (id) => call(API.questionImportJob, { params: { id } }));
  const imported = job.data?.status === 'done' ? job.data.imported : 0;
  useEffect(() => {
    if (imported <= 0) return;
    // New questions: the lists, the repositories' counts and the knowledge points' counts change.
    void queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: ['repos'] });
    void queryClient.invalidateQueries({ queryKey: ['repo'] });
    void invalidateKnowledge(queryClient);
  }, [imported, queryClient]);
  return job;
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
