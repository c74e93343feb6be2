// Grades, subjects and the knowledge tree as TanStack queries (docs/web.md "Server state"): loaded by the
// pages that need them, never awaited at start-up. The tree comes in its compact form (code and name per
// point); the browser revalidates it with its ETag, so a refetch of an unchanged tree costs a 304.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { expandKnowledgeTree, type KnowledgePointBrief } from '@edu/contract';
import { API } from '../api/routes';
import { useCall, useUser } from './session-context';

export const DICTIONARY_KEYS = {
  grades: ['grades'],
  subjects: ['subjects'],
  knowledgeTree: ['knowledgeTree'],
  /** The knowledge admin's reads with per-agency counts (kpSubjects, kpDescendants). */
  knowledgeCounts: ['knowledgeCounts'],
} as const;

/** Grades and subjects change with a release, not while the app is open. */
export function useGrades() {
  const call = useCall();
  return useQuery({ queryKey: DICTIONARY_KEYS.grades, queryFn: () => call(API.grades), staleTime: Infinity });
}

export function useSubjects() {
  const call = useCall();
  return useQuery({ queryKey: DICTIONARY_KEYS.subjects, queryFn: () => call(API.subjects), staleTime: Infinity });
}

const NO_POINTS: readonly KnowledgePointBrief[] = [];

/**
 * Every knowledge point (code, parent, name, level, order), for pickers and names; `points` is empty while
 * loading (`isPending`) and for a visitor. The tree is shared by all agencies, so the key holds no agency.
 */
export function useKnowledgePoints() {
  const call = useCall();
  const loggedIn = useUser() !== null;
  const q = useQuery({
    queryKey: DICTIONARY_KEYS.knowledgeTree,
    queryFn: async () => expandKnowledgeTree(await call(API.kpTree)),
    enabled: loggedIn,
  });
  return {
    points: q.data ?? NO_POINTS,
    isPending: loggedIn && q.isPending,
    isError: q.isError,
    error: q.error,
    refetch: q.refetch,
  };
}

/** After a write of the tree or of questions (counts): the tree and the count reads load again. */
export function invalidateKnowledge(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: DICTIONARY_KEYS.knowledgeTree }),
    queryClient.invalidateQueries({ queryKey: DICTIONARY_KEYS.knowledgeCounts }),
  ]).then(() => undefined);
}
