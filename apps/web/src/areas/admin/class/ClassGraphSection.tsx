// The class's knowledge graph aggregate on class/{classId}/stats (docs/knowledge-graph.md "Teachers and
// parents"): per curated graph of the class's subject and grade, the members per mastery level of each item as
// stacked bars (the page's own mastery chart) and the items most members are stuck on, listed first.
import { Alert, Card, Empty, List, Space, Tabs, Typography } from 'antd';
import { MASTERY_LEVELS, type ClassGraphStats, type MasteryLevel } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useClassGraphStats } from '../../../components/knowledge-graph/queries';
import { EChart } from '../../../components/chart/EChart';
import { PageSpinner } from '../../../components/PageSpinner';
import { masteryOption } from './charts';
import { CLASS_GRAPH_TEXTS as T } from './graph-texts';

/** Bars in one chart at most: a graph of thousands of items would make it unreadable. */
export const CHART_ITEMS = 60;

function OneGraph({ graph }: { graph: ClassGraphStats }) {
  const byId = new Map(graph.items.map((i) => [i.itemId, i]));
  const stuck = graph.stuckItems.flatMap((id) => byId.get(id) ?? []);
  const shown = graph.items.slice(0, CHART_ITEMS).map((i) => ({
    code: i.knowledgeCode,
    name: i.knowledgeName,
    lv: '',
    counts: Object.fromEntries(
      MASTERY_LEVELS.map((l) => [l, i.levels.find((x) => x.level === l)?.count ?? 0]),
    ) as Record<MasteryLevel, number>,
  }));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {T.stuck}
        </Typography.Title>
        {stuck.length === 0 ? (
          <Typography.Text type="secondary">{T.noStuck}</Typography.Text>
        ) : (
          <List
            size="small"
            className="class-graph-stuck"
            dataSource={stuck}
            renderItem={(i) => (
              <List.Item>
                <Typography.Text>{i.knowledgeName}</Typography.Text>
                <Typography.Text type="warning">{T.stuckOf(i.stuck, i.students)}</Typography.Text>
              </List.Item>
            )}
          />
        )}
      </div>
      {graph.items.length > CHART_ITEMS && (
        <Typography.Text type="secondary">{T.firstItems(CHART_ITEMS, graph.items.length)}</Typography.Text>
      )}
      <EChart
        option={masteryOption(shown)}
        height={Math.max(200, 60 + shown.length * 28)}
        label={T.chart(graph.group.name)}
      />
    </Space>
  );
}

export function ClassGraphSection({ classId }: { classId: string }) {
  const stats = useClassGraphStats(classId);
  const graphs = stats.data?.graphs ?? [];
  return (
    <Card size="small" title={T.title} className="class-graph-section">
      {stats.isPending ? (
        <PageSpinner />
      ) : stats.isError ? (
        <Alert type="error" showIcon title={T.failed} description={errorText(stats.error)} />
      ) : graphs.length === 0 ? (
        <Empty description={T.empty} />
      ) : (
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {T.hint(stats.data.members)}
          </Typography.Paragraph>
          {graphs.length === 1 ? (
            <>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {graphs[0].group.name}
              </Typography.Title>
              <OneGraph graph={graphs[0]} />
            </>
          ) : (
            <Tabs
              aria-label={T.graphs}
              items={graphs.map((g) => ({ key: g.group.id, label: g.group.name, children: <OneGraph graph={g} /> }))}
            />
          )}
        </Space>
      )}
    </Card>
  );
}
