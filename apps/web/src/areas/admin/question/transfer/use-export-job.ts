// An export job (docs/jobs.md "Exports"), followed with `useJob` (app/job.ts) until it is done or failed.
import { API } from '../../../../api/routes';
import { useJob } from '../../../../app/job';
import { useCall } from '../../../../app/session-context';

export function useExportJob(jobId: string | null) {
  const call = useCall();
  return useJob('export-job', jobId, (id) => call(API.questionExportJob, { params: { id } }));
}
