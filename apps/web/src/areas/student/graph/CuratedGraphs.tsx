// The student's curated graphs (docs/web.md "Knowledge graph"): one tab per graph, shown as a React Flow graph
// (lazy, with dagre for unplaced items) or as a list grouped by state — the list by default under 600 px; an item
// opens its detail, and 去练习 on a ready or learning item starts a training on its knowledge point and goes there.
import { useState, type ReactNode } from 'react';
import { Card, Segmented, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { StudentGraph, StudentGraphNode } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { GRAPH_KEY } from '../../../api/knowledge-graph';
import { useCall } from '../../../app/session-context';
import { GraphTabs, LIST_BELOW_PX } from './GraphTabs';
import { STUDENT_GRAPH_TEXTS as T } from './texts';
import { useNarrow } from './use-narrow';

export type GraphView = 'graph' | 'list' | 'tree';

export function CuratedGraphs({ graphs, tree }: { graphs: readonly StudentGraph[]; tree: ReactNode }) {
  const call = useCall();
  const navigate = useNavigate();
  const narrow = useNarrow(LIST_BELOW_PX);
  const [chosen, setChosen] = useState<GraphView | null>(null);
  const view: GraphView = chosen ?? (narrow ? 'list' : 'graph');
  const practise = useApiMutation({
    mutationFn: (n: StudentGraphNode) =>
      call(API.studentGraphPractice, { body: { request: { knowledgeCode: n.knowledgeCode } } }),
    // Mastery moves with the training: the graph is read again when the student comes back.
    invalidates: [[GRAPH_KEY]],
    onSuccess: (r) => void navigate(`/student/train/${encodeURIComponent(r.trainId)}/do`),
  });
  const busyCode = practise.isPending ? (practise.variables?.knowledgeCode ?? null) : null;
  const views = (['graph', 'list', 'tree'] as const).map((v) => ({ value: v, label: T.views[v] }));
  return (
    <Card
      title={T.title}
      extra={<Segmented aria-label={T.view} options={views} value={view} onChange={(v) => setChosen(v)} />}
      styles={{ header: { flexWrap: 'wrap', rowGap: 8 } }}
    >
      {view === 'tree' ? (
        tree
      ) : (
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {T.hint}
          </Typography.Paragraph>
          <GraphTabs graphs={graphs} view={view} busyCode={busyCode} onPractise={(n) => practise.mutate(n)} />
        </Space>
      )}
    </Card>
  );
}
