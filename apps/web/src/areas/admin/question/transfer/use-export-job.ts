// Polls an export job every 500 ms until it is done or failed (docs/jobs.md "Exports").
import { useQuery } from '@tanstack/react-query';
import { API } from '../../../../api/routes';
import { useAppConfig, useCall } from '../../../../app/session-context';
import { JOB_POLL } from './use-import-job';

export function useExportJob(jobId: string | null) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: ['export-job', agencyId, jobId],
    queryFn: () => call(API.questionExportJob, { params: { id: jobId ?? '' } }),
    enabled: jobId !== null,
    ...JOB_POLL,
  });
}
