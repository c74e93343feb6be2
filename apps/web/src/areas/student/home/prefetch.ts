// The home's read, started by its route as soon as it is matched (docs/web.md "Route preloading"): beside the
// page's chunks instead of after them — its cards are the page's largest paint (docs/performance.md "First load").
import { agencyRole } from '@edu/contract';
import { PREFETCH_STALE_MS } from '../../../app/route-read';
import type { PrefetchContext } from '../../../app/route-types';
import { studentHomeQuery } from './queries';

export function prefetchStudentHome({ queryClient, call, agencyId, roles }: PrefetchContext): void {
  // Only a student of the agency has a home to read (HomeBody).
  if (!roles.includes(agencyRole('student', agencyId))) return;
  void queryClient.prefetchQuery({ ...studentHomeQuery(call, agencyId), staleTime: PREFETCH_STALE_MS });
}
