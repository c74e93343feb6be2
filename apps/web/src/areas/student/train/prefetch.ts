// The do-page's read (GET /v1/train/{id}), started by its route as soon as it is matched (docs/web.md "Route
// preloading"): beside the page's chunks instead of after them (docs/performance.md "First load"); once it is in,
// the part the training is shown with (parts.ts), whose loading a first load waits for.
import { PREFETCH_STALE_MS } from '../../../app/route-read';
import type { PrefetchContext } from '../../../app/route-types';
import { loadPartFor } from './parts';
import { trainingQuery } from './training-query';

export function prefetchTraining({ params, queryClient, call, agencyId, roles }: PrefetchContext) {
  // A visitor is shown the login gate (LoginGate), not asked for a training.
  if (!params.trainId || roles.length === 0) return;
  const query = trainingQuery(call, agencyId, params.trainId);
  return queryClient
    .prefetchQuery({ ...query, staleTime: PREFETCH_STALE_MS })
    .then(() => loadPartFor(queryClient.getQueryData(query.queryKey)));
}
