// Shared reads of the scheme pages: train repositories, one scheme, the questions a selector matches.
import { useQuery } from '@tanstack/react-query';
import { type Question, type Selectors } from '@edu/contract';
import { API } from '../../../api/routes';
import type { Call } from '../../../api/call';
import { useAppConfig, useCall } from '../../../app/session-context';

export const TRAIN_REPO_PAGE = 200;
/** The match call's largest page (the contract's PageQuery). */
const MATCH_PAGE = 200;

export function useTrainRepos() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: ['train-repos', agencyId],
    queryFn: () => call(API.trainRepoList, { query: { start: 0, size: TRAIN_REPO_PAGE } }),
  });
}

export function useScheme(id: string | undefined) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: ['scheme', agencyId, id],
    queryFn: () => call(API.schemeGet, { params: { id: id! } }),
    enabled: !!id,
  });
}

/** The first `size` questions a point would draw from, and how many there are. */
/** `autoJudged`: only what a general scheme's point can draw (manual questions are never drawn there). */
export function matchQuestions(
  call: Call,
  selectors: Selectors,
  knowledgeIds: string[],
  size: number,
  autoJudged = false,
) {
  return call(API.questionMatch, {
    query: { start: 0, size },
    body: { request: { selectors, knowledgeIds, ...(autoJudged ? { autoJudged } : {}) } },
  });
}

/** The questions of a fixed list, in list order (unknown or foreign ids are left out by the server). */
export async function questionsByIds(call: Call, ids: string[]): Promise<Question[]> {
  const out: Question[] = [];
  for (let start = 0; start < ids.length; start += MATCH_PAGE) {
    const page = await matchQuestions(call, { questionIds: ids.slice(start, start + MATCH_PAGE) }, [], MATCH_PAGE);
    out.push(...page.list);
  }
  return out;
}
