// The student's curated graphs (docs/web.md "Knowledge graph"): one tab per graph, shown as a React Flow graph
// (lazy, with dagre for unplaced items) or as a list grouped by state — the list by default under 600 px; an item
// opens its detail, and 去练习 or 掌握测验 on a ready or learning item starts a training on its knowledge point
// (a practice, or a paper that masters it when all right) and goes there. Starting one ends the running graph
// practice or check of another point or kind: when that one holds answers, the page asks first.
import { useState, type ReactNode } from 'react';
import { App as AntApp, Card, Segmented, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { GraphPracticeMode, RunningGraphPractice, StudentGraph, StudentGraphNode } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { GRAPH_KEY } from '../../../components/knowledge-graph/queries';
import { useCall } from '../../../app/session-context';
import { practiceKey } from '../../../components/knowledge-graph/graph-model';
import { GraphTabs, LIST_BELOW_PX } from '../../../components/knowledge-graph/GraphTabs';
import { STUDENT_GRAPH_TEXTS as T } from '../../../components/knowledge-graph/student-graph-texts';
import { useNarrow } from '../../../components/knowledge-graph/use-narrow';

export type GraphView = 'graph' | 'list' | 'tree';

export function CuratedGraphs({
  graphs,
  running,
  tree,
}: {
  graphs: readonly StudentGraph[];
  running: RunningGraphPractice | null;
  tree: ReactNode;
}) {
  const call = useCall();
  const { modal } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const narrow = useNarrow(LIST_BELOW_PX);
  const [chosen, setChosen] = useState<GraphView | null>(null);
  const view: GraphView = chosen ?? (narrow ? 'list' : 'graph');
  const practise = useApiMutation({
    mutationFn: ({ node, mode }: { node: StudentGraphNode; mode: GraphPracticeMode }) =>
      call(API.studentGraphPractice, { body: { request: { knowledgeCode: node.knowledgeCode, mode } } }),
    // Mastery moves with the training, which has not begun yet: the graphs are marked stale, not read now (a
    // read now would be fresh for the app's staleTime and shown unchanged when the student comes back), so the
    // route reads them again on the way back. The training's end offers that way (TrainingSummaryView).
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: [GRAPH_KEY], refetchType: 'none' });
      void navigate(`/student/train/${encodeURIComponent(r.trainId)}/do`, { state: { from: 'graph' } });
    },
  });
  const start = (node: StudentGraphNode, mode: GraphPracticeMode) => {
    const other = running && !(running.knowledgeCode === node.knowledgeCode && running.mode === mode);
    if (!other || running.answered === 0) return practise.mutate({ node, mode });
    void modal.confirm({
      title: T.switchTitle,
      content: T.switchBody(running.title, running.answered),
      okText: T.switchOk,
      cancelText: T.switchCancel,
      onOk: () => practise.mutate({ node, mode }),
    });
  };
  const v = practise.isPending ? practise.variables : undefined;
  const busyKey = v ? practiceKey(v.node.knowledgeCode, v.mode) : null;
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
          <GraphTabs graphs={graphs} view={view} busyKey={busyKey} onPractise={start} />
        </Space>
      )}
    </Card>
  );
}
