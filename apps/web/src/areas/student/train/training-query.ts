// The training pages' query keys (every key holds the agency, docs/web.md) and the do-page's read, in a module of
// their own: the route's prefetch (prefetch.ts) starts the read without the pages' code.
import { queryOptions } from '@tanstack/react-query';
import { API } from '../../../api/routes';
import type { Call } from '../../../api/call';
import { trainingKeys } from '../../../api/query-keys';

export const trainKeys = {
  all: ['train'] as const,
  open: (agencyId: string, start: number, size: number) => ['train', 'open', agencyId, start, size] as const,
  scheme: (agencyId: string, id: string) => ['train', 'scheme', agencyId, id] as const,
  training: (agencyId: string, trainId: string) => ['train', 'training', agencyId, trainId] as const,
  records: (agencyId: string, trainId: string) => ['train', 'records', agencyId, trainId] as const,
  history: (agencyId: string, start: number, size: number) => ['train', 'history', agencyId, start, size] as const,
  report: trainingKeys.report,
};

/** GET /v1/train/{id}: the training as the server has it now, read whenever its page opens. */
export const trainingQuery = (call: Call, agencyId: string, trainId: string) =>
  queryOptions({
    queryKey: trainKeys.training(agencyId, trainId),
    queryFn: () => call(API.trainingGet, { params: { id: trainId } }),
    staleTime: 0,
  });
