// Reads and writes of a training's comments, keyed by agency; a write refreshes the comments it returns.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type TrainingComments } from '@edu/contract';
import { API } from '../../api/routes';
import { useApiMutation } from '../../api/mutation';
import { useAppConfig, useCall } from '../../app/session-context';
import { COMMENT_TEXTS } from './texts';

const commentsKey = (agencyId: string, trainId: string) => ['training-comments', agencyId, trainId] as const;

export function useTrainingComments(trainId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: commentsKey(agencyId, trainId),
    queryFn: () => call(API.trainingComments, { params: { id: trainId } }),
  });
}

/**
 * Save (`content`) or delete (`commentId`) one comment; the answer is the training's comments as they now are.
 * A failed save is shown on the editor's text box (`onSaveError`), a failed delete as the shared toast.
 */
export function useCommentWrites(trainId: string, onSaveError: (e: unknown) => void) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const onSuccess = (next: TrainingComments) => queryClient.setQueryData(commentsKey(agencyId, trainId), next);
  const save = useApiMutation({
    mutationFn: (v: { recordId: string | null; content: string }) =>
      call(API.trainingCommentSave, { params: { id: trainId }, body: { request: v } }),
    success: COMMENT_TEXTS.saved,
    onSuccess,
    error: 'none',
    onError: onSaveError,
  });
  const remove = useApiMutation({
    mutationFn: (commentId: string) => call(API.trainingCommentDelete, { params: { id: commentId } }),
    success: COMMENT_TEXTS.removed,
    onSuccess,
  });
  return { save, remove };
}
