// The store's reads and writes as TanStack queries (docs/store.md): the listing and the previews, for agency
// staff or the platform admin; subscribing goes through the repositories' own calls.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StoreKind, StoreQuestionItem, StoreSchemeItem } from '@edu/contract';
import type { Call } from '../../../api/call';
import { API } from '../../../api/routes';
import { useAppConfig, useCall } from '../../../app/session-context';

/** Every store query key starts with this. */
export const STORE_KEY = 'store';
/** What a subscription changes besides the store: the repository lists and what reads them (question and scheme pages). */
export const SUBSCRIPTION_KEYS = [
  [STORE_KEY],
  ['repos'],
  ['repo-store'],
  ['train-repos'],
  ['train-repo-store'],
  ['schemes'],
];

export interface StoreFilter {
  kind: StoreKind;
  keyword: string;
  subjectId?: string;
  gradeId?: string;
  withdrawn: 'all' | 'yes' | 'no';
  start: number;
  size: number;
}

export function useStoreList(f: StoreFilter, platform: boolean) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const query = {
    kind: f.kind,
    keyword: f.keyword || undefined,
    subjectId: f.subjectId,
    gradeId: f.gradeId,
    start: f.start,
    size: f.size,
  };
  return useQuery({
    queryKey: [STORE_KEY, 'list', platform ? null : agencyId, f],
    queryFn: () =>
      platform
        ? call(API.storeAdminList, { query: { ...query, withdrawn: f.withdrawn } })
        : call(API.storeList, { query }),
    placeholderData: keepPreviousData,
  });
}

/** A page of a preview: questions of a question repository, schemes of a train repository. */
export type PreviewPage = { total: number | string; list: (StoreQuestionItem | StoreSchemeItem)[] };

const previewCall = (
  call: Call,
  kind: StoreKind,
  platform: boolean,
  id: string,
  start: number,
  size: number,
): Promise<PreviewPage> => {
  const args = { params: { id }, query: { start, size } };
  if (kind === 'question') return call(platform ? API.storeAdminQuestions : API.storeQuestions, args);
  return call(platform ? API.storeAdminSchemes : API.storeSchemes, args);
};

export function useStorePreview(
  kind: StoreKind,
  id: string | undefined,
  platform: boolean,
  start: number,
  size: number,
) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [STORE_KEY, 'preview', platform ? null : agencyId, kind, id, start, size],
    queryFn: () => previewCall(call, kind, platform, id!, start, size),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
}

/** Subscribe or unsubscribe through the repositories' calls of the kind. */
export function subscription(call: Call, kind: StoreKind, id: string, on: boolean): Promise<unknown> {
  const byId = { params: { id } };
  if (kind === 'question') return call(on ? API.repoSubscribe : API.repoUnsubscribe, byId);
  return call(on ? API.trainRepoSubscribe : API.trainRepoUnsubscribe, byId);
}
