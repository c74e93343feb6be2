// One way to follow a server job (import, its preview, enrolment, export, reading generation, a scheme's dry run;
// docs/web.md "Server state"): `useJob` reads the job by id every JOB_POLL_MS, fresh each time and kept for no one,
// until it is done or failed or a read fails; the page shows its progress (`JobProgress` in components/,
// `jobPercent`) and then its result (the job's own fields).
import { useQuery } from '@tanstack/react-query';
import { useAppConfig } from './session-context';
import { jobKeys } from '../api/query-keys';

/** How often a running job is read. */
export const JOB_POLL_MS = 500;

/** What every job answer has: its state and how far it got. */
export interface JobProgress {
  status: string;
  processed: number;
  total: number;
}

/** Whether a job ended (done or failed). */
export const jobFinished = (job: { status: string } | undefined) => job?.status === 'done' || job?.status === 'failed';

/** processed / total as a whole percentage (100 once done). */
export function jobPercent(job: JobProgress): number {
  if (job.status === 'done') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.floor((job.processed / job.total) * 100));
}

/**
 * The job `id` (none while null) read with `read`, under `jobKeys.job(kind, agencyId, id)`. `running` is true from the start
 * until it ends or the poll fails (the query's `error` then says why; `refetch` tries again).
 */
export function useJob<J extends { status: string }>(
  kind: string,
  id: string | null,
  read: (id: string) => Promise<J>,
) {
  const { agencyId } = useAppConfig();
  const query = useQuery({
    queryKey: jobKeys.job(kind, agencyId, id),
    queryFn: () => read(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (q) => (q.state.status === 'error' || jobFinished(q.state.data) ? false : JOB_POLL_MS),
  });
  const running = id !== null && !jobFinished(query.data) && !query.isError;
  return { ...query, running };
}
