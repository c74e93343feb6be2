// The knowledge-graph reads that routes prefetch (docs/web.md "Route preloading"), as query options without hooks:
// the route table imports them into the entry chunk, the pages read them through components/knowledge-graph/queries.ts.
import { queryOptions } from '@tanstack/react-query';
import type { Call } from './call';
import { API } from './routes';

/** Every knowledge-graph query key starts with this, so one invalidation refreshes them all. */
export const GRAPH_KEY = 'knowledgraph';
export const graphDetailKey = (id: string) => [GRAPH_KEY, 'detail', id] as const;

/** A group with its items and edges: the editor's and the preview's read. */
export const graphDetailQuery = (call: Call, id: string) =>
  queryOptions({ queryKey: graphDetailKey(id), queryFn: () => call(API.graphGroupGet, { params: { id } }) });

/** The student's graphs in the agency in context. */
export const studentGraphsQuery = (call: Call, agencyId: string) =>
  queryOptions({ queryKey: [GRAPH_KEY, 'student', agencyId], queryFn: () => call(API.studentGraphs) });
