// One page of the question list under the given filters (the question table and the question picker).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type QuestionType } from '@edu/contract';
import { API } from '../../../api/routes';
import { useAppConfig, useCall } from '../../../app/session-context';

export interface QuestionFilters {
  repoId?: string;
  type?: QuestionType;
  tag?: string;
  keyword: string;
  /** Knowledge subtrees (empty: all). */
  knowledgeIds: string[];
}

/** `scope` keeps a separate cache (e.g. the picker's); the previous page stays shown while the next one loads. */
export function useQuestionPage(filters: QuestionFilters, page: number, size: number, scope?: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const { repoId, type, tag, keyword, knowledgeIds } = filters;
  return useQuery({
    queryKey: ['questions', agencyId, ...(scope ? [scope] : []), repoId, type, tag, keyword, knowledgeIds, page, size],
    queryFn: () =>
      call(API.questionList, {
        query: { start: (page - 1) * size, size, agencyId, repoId, type, tag, keyword: keyword || undefined },
        body: { request: { knowledgeIds, orderBy: '-lastUpdate' } },
      }),
    placeholderData: keepPreviousData,
  });
}
