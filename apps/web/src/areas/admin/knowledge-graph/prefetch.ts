// What the graph pages read first, started by their routes as soon as they are matched (docs/web.md "Route
// preloading"): the group's read and the canvas's chunk load beside the page's chunk.
import { graphDetailQuery } from '../../../api/knowledge-graph-queries';
import { loadGraphCanvas } from '../../../components/knowledge-graph/load';
import type { PrefetchContext } from '../../../app/route-types';
import { loadGraphEditor } from './load';

const detail = ({ params, queryClient, call }: PrefetchContext) => {
  if (params.id) void queryClient.prefetchQuery(graphDetailQuery(call, params.id));
};

export function prefetchGraphEditor(ctx: PrefetchContext): void {
  detail(ctx);
  void loadGraphEditor().catch(() => undefined);
}

export function prefetchGraphPreview(ctx: PrefetchContext): void {
  detail(ctx);
  void loadGraphCanvas().catch(() => undefined);
}
