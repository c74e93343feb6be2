// knowledgegraph/mine's first read, started by its route as soon as it is matched (docs/web.md "Route preloading"):
// the student's graphs, and on a wide screen (where they are drawn) the canvas's chunk.
import { studentGraphsQuery } from '../../../api/knowledge-graph-queries';
import { loadGraphCanvas } from '../../../components/knowledge-graph/load';
import type { PrefetchContext } from '../../../app/route-types';
import { isNarrow, LIST_BELOW_PX } from '../../../components/knowledge-graph/use-narrow';

export function prefetchStudentGraphs({ queryClient, call, agencyId }: PrefetchContext): void {
  void queryClient.prefetchQuery(studentGraphsQuery(call, agencyId));
  if (!isNarrow(LIST_BELOW_PX)) void loadGraphCanvas().catch(() => undefined);
}
