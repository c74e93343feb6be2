// Reads of the curated knowledge graphs (docs/web.md "Knowledge graph") as TanStack queries. Graphs are
// platform-wide, so the admin keys hold no agency; the stats (narrowed to the agency the viewer acts in) and the
// student's graphs (their mastery in the agency in context) do.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GRAPH_KEY, graphDetailQuery, studentGraphsQuery } from '../../api/knowledge-graph-queries';
import { useAppConfig, useCall, useUser } from '../../app/session-context';
import { API } from '../../api/routes';

export { GRAPH_KEY, graphDetailKey, graphDetailQuery, studentGraphsQuery } from '../../api/knowledge-graph-queries';

export function useGraphGroups(q: { keyword: string; subjectId?: string; start: number; size: number }) {
  const call = useCall();
  return useQuery({
    queryKey: [GRAPH_KEY, 'groups', q],
    queryFn: () =>
      call(API.graphGroupList, {
        query: { keyword: q.keyword || undefined, subjectId: q.subjectId || undefined, start: q.start, size: q.size },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useGraphDetail(id: string) {
  const call = useCall();
  return useQuery(graphDetailQuery(call, id));
}

export function useGraphItem(id: string) {
  const call = useCall();
  return useQuery({ queryKey: [GRAPH_KEY, 'item', id], queryFn: () => call(API.graphItemGet, { params: { id } }) });
}

/** Where an item is used, asked when its delete is about to be confirmed (`enabled`). */
export function useGraphItemUsage(id: string | null) {
  const call = useCall();
  return useQuery({
    queryKey: [GRAPH_KEY, 'usage', id],
    queryFn: () => call(API.graphItemUsage, { params: { id: id! } }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useGraphStats(id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [GRAPH_KEY, 'stats', agencyId, id],
    queryFn: () => call(API.graphStats, { params: { id } }),
  });
}

/** The student's curated graphs with their states; an empty list → the mastery tree instead. */
export function useStudentGraphs() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const loggedIn = useUser() !== null;
  return useQuery({ ...studentGraphsQuery(call, agencyId), enabled: loggedIn });
}

/**
 * A student's graphs read-only for someone else (docs/knowledge-graph.md "Teachers and parents"): `class` for the
 * student's teachers and the agency admin (class/studentInfo), `agency` for the agency's admins
 * (user/student/{id}/stats), `parent` for the child's parent; an empty id waits.
 */
export function useViewedStudentGraphs(as: 'class' | 'agency' | 'parent', id: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const route = { class: API.classStudentGraphs, agency: API.agencyStudentGraphs, parent: API.parentChildGraphs }[as];
  return useQuery({
    queryKey: [GRAPH_KEY, 'viewed', as, agencyId, id],
    queryFn: () => call(route, { params: { id } }),
    enabled: id !== '',
  });
}

/** The class's aggregate over the curated graphs of its subject and grade. */
export function useClassGraphStats(classId: string) {
  const call = useCall();
  const { agencyId } = useAppConfig();
  return useQuery({
    queryKey: [GRAPH_KEY, 'class', agencyId, classId],
    queryFn: () => call(API.classGraphStats, { params: { id: classId } }),
  });
}
