// The curated graphs as tabs (one graph: its title), each a React Flow graph (lazy, with dagre for unplaced items)
// or a list grouped by state (docs/web.md "Knowledge graph"); an item opens its detail. `onPractise` is the
// student's own 去练习; without it the graphs are read-only, as their teachers, admins and parents see them
// (docs/knowledge-graph.md "Teachers and parents").
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Flex, Space, Tabs, Typography } from 'antd';
import { MASTERY_LEVELS, type StudentGraph } from '@edu/contract';
import { PageSpinner } from '../PageSpinner';
import { StateLegend } from './StateLegend';
import { GRAPH_VIEW_TEXTS } from './texts';
import { LazyGraphCanvas as GraphCanvas } from './load';
import { LEVEL_COLORS, LEVEL_PROGRESS } from '../mastery/levels';
import { MASTERY_TEXTS } from '../mastery/texts';
import { stateCounts, type Practise } from './graph-model';
import { GraphListView } from './GraphListView';
import { NodeDetail } from './NodeDetail';
import { STUDENT_GRAPH_TEXTS as T } from './student-graph-texts';
import { LIST_BELOW_PX, useNarrow } from './use-narrow';

export { LIST_BELOW_PX };

/** A node's bar: how far its level is towards mastered (none for an item never answered in). */
function progressOf(level: string | null) {
  const l = MASTERY_LEVELS.find((x) => x === level);
  return l && l !== 'none'
    ? { share: LEVEL_PROGRESS[l], color: LEVEL_COLORS[l], label: MASTERY_TEXTS.levels[l] }
    : undefined;
}

function OneGraph({
  graph,
  view,
  busyKey,
  onPractise,
}: {
  graph: StudentGraph;
  view: 'graph' | 'list';
  busyKey: string | null;
  onPractise?: Practise;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = graph.nodes.find((n) => n.id === openId) ?? null;
  const narrow = useNarrow(LIST_BELOW_PX);
  const detailRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (openId !== null) detailRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [openId]);
  const counts = useMemo(() => stateCounts(graph), [graph]);
  const nodes = useMemo(
    () =>
      graph.nodes.map((n) => ({
        id: n.id,
        label: n.knowledgeName,
        x: n.x,
        y: n.y,
        state: n.state,
        progress: progressOf(n.mastery.level),
      })),
    [graph.nodes],
  );
  const edges = useMemo(
    () => graph.edges.map((e) => ({ id: e.id, from: e.fromItemId, to: e.toItemId })),
    [graph.edges],
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {graph.group.description && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {graph.group.description}
        </Typography.Paragraph>
      )}
      <StateLegend counts={counts} />
      {view === 'graph' && !open && (
        <Typography.Text type="secondary" style={{ margin: 0 }}>
          {onPractise ? T.pickNode : T.pickNodeToRead}
          {narrow && ` ${T.phoneGraphHint}`}
        </Typography.Text>
      )}
      <Flex wrap gap={16} align="flex-start">
        <div style={{ flex: '1 1 480px', minWidth: 0 }}>
          {view === 'graph' ? (
            <Suspense fallback={<PageSpinner />}>
              <GraphCanvas
                nodes={nodes}
                edges={edges}
                label={GRAPH_VIEW_TEXTS.graphLabel(graph.group.name)}
                height="65vh"
                selectedId={openId}
                focusId={graph.nodes.find((n) => n.state === 'ready')?.id}
                onNodeClick={setOpenId}
              />
            </Suspense>
          ) : (
            <GraphListView graph={graph} busyKey={busyKey} onOpen={(n) => setOpenId(n.id)} onPractise={onPractise} />
          )}
        </div>
        {open && (
          // On a phone the detail comes first, where the student is looking, not under a long list.
          <div ref={detailRef} style={{ flex: '0 1 300px', minWidth: 0, order: narrow ? -1 : 0 }}>
            <NodeDetail
              graph={graph}
              node={open}
              busyKey={busyKey}
              onPractise={onPractise}
              onClose={() => setOpenId(null)}
            />
          </div>
        )}
      </Flex>
    </Space>
  );
}

export function GraphTabs({
  graphs,
  view,
  busyKey = null,
  onPractise,
}: {
  graphs: readonly StudentGraph[];
  view: 'graph' | 'list';
  busyKey?: string | null;
  onPractise?: Practise;
}) {
  return graphs.length === 1 ? (
    <>
      <Typography.Title level={3} style={{ fontSize: 18, margin: 0 }}>
        {graphs[0].group.name}
      </Typography.Title>
      <OneGraph graph={graphs[0]} view={view} busyKey={busyKey} onPractise={onPractise} />
    </>
  ) : (
    <Tabs
      aria-label={T.graphs}
      items={graphs.map((g) => ({
        key: g.group.id,
        label: g.group.name,
        children: <OneGraph graph={g} view={view} busyKey={busyKey} onPractise={onPractise} />,
      }))}
    />
  );
}
