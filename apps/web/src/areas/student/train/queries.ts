// Reads and the start action of the training pages; every key holds the agency (docs/web.md).
import { App as AntApp } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type OpenScheme, type Training } from '@edu/contract';
import { API } from '../../../api/routes';
import type { Call } from '../../../api/call';
import { errorText } from '../../../api/client';
import { unlessJustRead } from '../../../app/route-read';
import { useAppConfig, useCall } from '../../../app/session-context';
import { trainingQuery, trainKeys } from './training-query';

/** The largest page the contract allows; used to find one scheme in the open list. */
const SCAN_PAGE = 200;

export { trainKeys };

export const totalOf = (total: number | string) =>
  typeof total === 'number' ? total : Number.parseInt(total, 10) || 0;

export function useOpenSchemes(start: number, size: number) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: trainKeys.open(agencyId, start, size),
    queryFn: () => call(API.trainingOpenSchemes, { query: { start, size } }),
    placeholderData: keepPreviousData,
  });
}

/** One open scheme, found by paging through the open list (there is no call for a single one). */
export async function findOpenScheme(call: Call, schemeId: string): Promise<OpenScheme | null> {
  for (let start = 0; ; start += SCAN_PAGE) {
    const page = await call(API.trainingOpenSchemes, { query: { start, size: SCAN_PAGE } });
    const hit = page.list.find((s) => s.schemeId === schemeId);
    if (hit) return hit;
    if (page.list.length < SCAN_PAGE || start + SCAN_PAGE >= totalOf(page.total)) return null;
  }
}

export function useOpenScheme(schemeId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: trainKeys.scheme(agencyId, schemeId),
    queryFn: () => findOpenScheme(call, schemeId),
  });
}

/** The training as the server has it now; refetched every few seconds while a time limit reads 0. */
export function useTraining(trainId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    ...trainingQuery(call, agencyId, trainId),
    // The route's prefetch has read it on the way here (prefetch.ts).
    refetchOnMount: unlessJustRead,
    refetchInterval: (q) => {
      const t = q.state.data;
      return t && t.status === 'running' && (t.phaseRemaining === 0 || t.schemeRemaining === 0) ? 3000 : false;
    },
  });
}

/** Keeps the newest state of a training in the cache (answers to parallel saves may arrive out of order). */
export function storeTraining(queryClient: QueryClient, agencyId: string, next: Training): void {
  queryClient.setQueryData<Training>(trainKeys.training(agencyId, next.trainId), (old) =>
    old && old.serverTime > next.serverTime ? old : next,
  );
}

export function useTrainingRecords(trainId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: trainKeys.records(agencyId, trainId),
    queryFn: () => call(API.trainingQuestions, { params: { id: trainId } }),
  });
}

export function useTrainingHistory(start: number, size: number) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: trainKeys.history(agencyId, start, size),
    queryFn: () => call(API.trainingHistory, { query: { start, size } }),
    placeholderData: keepPreviousData,
  });
}

export function useTrainingReport(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: trainKeys.report(agencyId, id),
    queryFn: () => call(API.trainingReport, { params: { id } }),
  });
}

/** Starts (or resumes: the call is idempotent) a training and opens it. */
export function useStartTraining() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  return useMutation({
    mutationFn: (schemeId: string) => call(API.trainingStart, { params: { id: schemeId } }),
    onSuccess: async (training) => {
      storeTraining(queryClient, agencyId, training);
      await navigate(`/student/train/${training.trainId}/do`);
      await queryClient.invalidateQueries({ queryKey: ['train', 'open'] });
      await queryClient.invalidateQueries({ queryKey: ['train', 'scheme'] });
    },
    onError: (e) => void message.error(errorText(e)),
  });
}
