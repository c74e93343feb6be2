// Reads and writes of a training's comments, keyed by agency; a write refreshes the comments it returns.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type TrainingComments } from '@edu/contract';
import { useAppConfig, useCall } from '../../app/session-context';

const commentsKey = (agencyId: string, trainId: string) => ['training-comments', agencyId, trainId] as const;

export function useTrainingComments(trainId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: commentsKey(agencyId, trainId),
    queryFn: () => call(API.trainingComments, { params: { id: trainId } }),
  });
}

/** Save (`content`) or delete (`commentId`) one comment; the answer is the training's comments as they now are. */
export function useCommentWrites(trainId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const onSuccess = (next: TrainingComments) => queryClient.setQueryData(commentsKey(agencyId, trainId), next);
  const save = useMutation({
    mutationFn: (v: { recordId: string | null; content: string }) =>
      call(API.trainingCommentSave, { params: { id: trainId }, body: { request: v } }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => call(API.trainingCommentDelete, { params: { id: commentId } }),
    onSuccess,
  });
  return { save, remove };
}
