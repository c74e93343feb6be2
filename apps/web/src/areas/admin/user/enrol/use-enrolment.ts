// The enrolment job, followed with `useJob` (app/job.ts) until it ends, and the server's limits (docs/enrolment.md);
// each kind (students, teachers, parents) through its own calls ("Kinds").
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnrolmentKind } from '@edu/contract';
import { API } from '../../../../api/routes';
import { useJob } from '../../../../app/job';
import { useAppConfig, useCall } from '../../../../app/session-context';

export { JOB_POLL_MS as POLL_MS } from '../../../../app/job';

/** Each kind's calls: access is fixed per route, so each kind has its own (docs/enrolment.md "Kinds"). */
export const ENROL_ROUTES = {
  student: {
    start: API.enrolmentStart,
    limits: API.enrolmentLimits,
    template: API.enrolmentTemplate,
    job: API.enrolmentJob,
    cancel: API.enrolmentCancel,
    errors: API.enrolmentErrors,
    passwords: API.enrolmentPasswords,
  },
  teacher: {
    start: API.teacherEnrolmentStart,
    limits: API.teacherEnrolmentLimits,
    template: API.teacherEnrolmentTemplate,
    job: API.teacherEnrolmentJob,
    cancel: API.teacherEnrolmentCancel,
    errors: API.teacherEnrolmentErrors,
    passwords: API.teacherEnrolmentPasswords,
  },
  parent: {
    start: API.parentEnrolmentStart,
    limits: API.parentEnrolmentLimits,
    template: API.parentEnrolmentTemplate,
    job: API.parentEnrolmentJob,
    cancel: API.parentEnrolmentCancel,
    errors: API.parentEnrolmentErrors,
    passwords: API.parentEnrolmentPasswords,
  },
} as const;

/** The lists a finished job changes: the user lists (students, teachers), the parent list. */
const CHANGED_LISTS: Record<EnrolmentKind, string> = {
  student: 'users',
  teacher: 'users',
  parent: 'parents-admin',
};

export function useEnrolmentJob(jobId: string | null, kind: EnrolmentKind = 'student') {
  const call = useCall();
  const queryClient = useQueryClient();
  const job = useJob(kind === 'student' ? 'enrolment-job' : `enrolment-job-${kind}`, jobId, (id) =>
    call(ENROL_ROUTES[kind].job, { params: { id } }),
  );
  const enrolled = job.data?.status === 'done' ? job.data.enrolled : 0;
  useEffect(() => {
    // New accounts: the lists change.
    if (enrolled > 0) void queryClient.invalidateQueries({ queryKey: [CHANGED_LISTS[kind]] });
  }, [enrolled, kind, queryClient]);
  return job;
}

export function useEnrolmentLimits(kind: EnrolmentKind = 'student') {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: kind === 'student' ? ['enrolment-limits', agencyId] : ['enrolment-limits', agencyId, kind],
    queryFn: () => call(ENROL_ROUTES[kind].limits),
    staleTime: Infinity,
  });
}
