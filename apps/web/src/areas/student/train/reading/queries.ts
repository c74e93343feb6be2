// The answering steps of a reading question (docs/reading.md "Answering steps"): the process read with TanStack
// Query (so a reload resumes at the same step) and each step's answer written into that cache entry.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadingProcess, Training } from '@edu/contract';
import { API } from '../../../../api/routes';
import { useAppConfig, useCall } from '../../../../app/session-context';

export const readingStepKeys = {
  process: (agencyId: string, trainId: string, questionId: string) =>
    ['train', 'reading-process', agencyId, trainId, questionId] as const,
};

export function useReadingProcess(trainId: string, questionId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: readingStepKeys.process(agencyId, trainId, questionId),
    queryFn: () => call(API.readingProcess, { params: { id: trainId, questionId } }),
    staleTime: 0,
  });
}

export interface StepVars {
  processId: string;
  questionSubId: string;
  answer: string[];
}

/** Answers the current sub-question; the process the server answers replaces the cached one. */
export function useReadingStep(trainId: string, questionId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StepVars) =>
      call(API.readingStep, { params: { id: trainId, questionId }, body: { request } }),
    onSuccess: (process: ReadingProcess) =>
      queryClient.setQueryData(readingStepKeys.process(agencyId, trainId, questionId), process),
  });
}

/**
 * How far the running training's current reading question is: sub-questions answered of those asked, as the step
 * flow has read them (the header follows the steps; docs/reading.md "Answering steps"). Only the cache is read —
 * the step flow reads the process, and a read creates it — so this is null until then, and for anything else.
 */
export function useReadingStepProgress(t: Training): { done: number; total: number } | null {
  const { agencyId } = useAppConfig();
  const questionId = t.status === 'running' && t.question?.type === 'enReading' ? t.question.id : '';
  const { data } = useQuery<ReadingProcess>({
    queryKey: readingStepKeys.process(agencyId, t.trainId, questionId),
    enabled: false,
  });
  if (!questionId || !data || data.total === 0) return null;
  return { done: Math.min(data.historyQuestionSub.length, data.total), total: data.total };
}
