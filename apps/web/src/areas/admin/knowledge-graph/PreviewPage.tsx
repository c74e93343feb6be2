// admin/knowledgraph/group/:id/preview: the graph read-only as a student sees it, coloured by the four states of a
// sample student; clicking an item marks it mastered in the sample (or not again), and the others follow by the
// server's rules (components/knowledge-graph/states.ts). Nothing is saved.
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useGraphDetail } from '../../../components/knowledge-graph/queries';
import { PageSpinner } from '../../../components/PageSpinner';
import { StateLegend } from '../../../components/knowledge-graph/StateLegend';
import { nodeStates, type GraphNodeState } from '../../../components/knowledge-graph/states';
import { GRAPH_VIEW_TEXTS } from '../../../components/knowledge-graph/texts';
import { LazyGraphCanvas as GraphCanvas, loadGraphCanvas } from '../../../components/knowledge-graph/load';
import { GraphPageCard } from './GraphPageCard';
import { graphItemsPath } from './paths';
import { GRAPH_TEXTS } from './texts';

const T = GRAPH_TEXTS.preview;
const NOTHING: ReadonlySet<string> = new Set();

export default function PreviewPage() {
  const { id = '' } = useParams();
  const detail = useGraphDetail(id);
  const [mastered, setMastered] = useState<ReadonlySet<string>>(NOTHING);
  // The canvas loads while the graph is read.
  useEffect(() => void loadGraphCanvas(), []);
  const d = detail.data;
  const edges = useMemo(
    () => (d?.edges ?? []).map((e) => ({ id: e.id, from: e.fromItemId, to: e.toItemId })),
    [d?.edges],
  );
  const states = useMemo(
    () =>
      nodeStates(
        (d?.items ?? []).map((i) => i.id),
        edges,
        mastered,
        NOTHING,
      ),
    [d?.items, edges, mastered],
  );
  // The items without their states: a click recolours the graph (`states`) without laying it out again.
  const nodes = useMemo(
    () => (d?.items ?? []).map((i) => ({ id: i.id, label: i.knowledgeName, x: i.x, y: i.y })),
    [d?.items],
  );
  const counts = useMemo(() => {
    const c: Partial<Record<GraphNodeState, number>> = {};
    for (const s of states.values()) c[s] = (c[s] ?? 0) + 1;
    return c;
  }, [states]);
  const toggle = (itemId: string) =>
    setMastered((m) => {
      const next = new Set(m);
      if (!next.delete(itemId)) next.add(itemId);
      return next;
    });

  return (
    <GraphPageCard
      title={T.title(d?.group.name ?? '')}
      query={detail}
      extra={<Link to={graphItemsPath(id)}>{GRAPH_TEXTS.groups.items}</Link>}
    >
      {d && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {T.hint}
          </Typography.Paragraph>
          <Space wrap>
            <StateLegend counts={counts} />
            <Button size="small" onClick={() => setMastered(NOTHING)} disabled={mastered.size === 0}>
              {T.reset}
            </Button>
          </Space>
          {d.items.length === 0 ? (
            <Typography.Text type="secondary">{GRAPH_TEXTS.editor.empty}</Typography.Text>
          ) : (
            <Suspense fallback={<PageSpinner />}>
              <GraphCanvas
                nodes={nodes}
                edges={edges}
                label={GRAPH_VIEW_TEXTS.graphLabel(d.group.name)}
                height="70vh"
                states={states}
                onNodeClick={toggle}
              />
            </Suspense>
          )}
        </Space>
      )}
    </GraphPageCard>
  );
}
