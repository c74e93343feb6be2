// A student's curated graphs as someone else reads them (docs/knowledge-graph.md "Teachers and parents"): the
// student's teachers on class/studentInfo, the agency's admins on the student's stats, the parent on the child's
// page. The same tabs, canvas and list as the student's page, read-only (no 去练习), the list by default on phones.
import { useState } from 'react';
import { Alert, Card, Empty, Segmented, Space, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { StudentGraphs } from '@edu/contract';
import { errorText } from '../../api/client';
import { PageSpinner } from '../PageSpinner';
import { GraphTabs, LIST_BELOW_PX } from './GraphTabs';
import { STUDENT_GRAPH_TEXTS as T } from './student-graph-texts';
import { useNarrow } from './use-narrow';

export function ViewedGraphs({ graphs, size }: { graphs: UseQueryResult<StudentGraphs>; size?: 'small' }) {
  const narrow = useNarrow(LIST_BELOW_PX);
  const [chosen, setChosen] = useState<'graph' | 'list' | null>(null);
  const view = chosen ?? (narrow ? 'list' : 'graph');
  const views = (['graph', 'list'] as const).map((v) => ({ value: v, label: T.views[v] }));
  const list = graphs.data?.graphs ?? [];
  return (
    <Card
      size={size}
      title={T.viewedTitle}
      className="viewed-graphs"
      extra={
        list.length > 0 && <Segmented aria-label={T.view} options={views} value={view} onChange={(v) => setChosen(v)} />
      }
      styles={{ header: { flexWrap: 'wrap', rowGap: 8 } }}
    >
      {graphs.isPending ? (
        <PageSpinner />
      ) : graphs.isError ? (
        <Alert type="error" showIcon title={T.viewedFailed} description={errorText(graphs.error)} />
      ) : list.length === 0 ? (
        <Empty description={T.viewedEmpty} />
      ) : (
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {T.viewedHint}
          </Typography.Paragraph>
          <GraphTabs graphs={list} view={view} />
        </Space>
      )}
    </Card>
  );
}
