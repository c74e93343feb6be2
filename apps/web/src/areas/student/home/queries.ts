// The student home's one read (GET /v1/student/home); its key holds the agency (docs/web.md "Server state"). The
// route starts it beside the page's chunks (prefetch.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../api/routes';
import type { Call } from '../../../api/call';
import { unlessJustRead } from '../../../app/route-read';
import { useAppConfig, useCall } from '../../../app/session-context';

export const homeKeys = { all: ['student-home'] as const, home: (agencyId: string) => ['student-home', agencyId] };

export const studentHomeQuery = (call: Call, agencyId: string) =>
  queryOptions({
    queryKey: homeKeys.home(agencyId),
    queryFn: () => call(API.studentHome, { query: { agencyId } }),
    // Read again whenever the home opens: coming back from a training or a task, its cards must have moved on.
    staleTime: 0,
  });

/** `enabled` false: no read (the home of a user who is not a student of the agency). */
export function useStudentHome(enabled = true) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({ ...studentHomeQuery(call, agencyId), refetchOnMount: unlessJustRead, enabled });
}

/** The server's clock now: its time when the answer was made, moved on by the browser's clock since. */
export const serverNow = (serverTime: number, receivedAt: number, now: number) => serverTime + (now - receivedAt);
