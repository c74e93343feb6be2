// The do-page's read (GET /v1/train/{id}), started by its route as soon as it is matched (docs/web.md "Route
// preloading"): beside the page's chunks instead of after them (docs/performance.md "First load").
import { PREFETCH_STALE_MS } from '../../../app/route-read';
import type { PrefetchContext } from '../../../app/route-types';
import { trainingQuery } from './training-query';

export function prefetchTraining({ params, queryClient, call, agencyId, roles }: PrefetchContext): void {
  // A visitor is shown the login gate (LoginGate), not asked for a training.
  if (!params.trainId || roles.length === 0) return;
  void queryClient.prefetchQuery({ ...trainingQuery(call, agencyId, params.trainId), staleTime: PREFETCH_STALE_MS });
}
