// admin/knowledgraph/group/:id/stats: per item, how many students are at each mastery level (stacked bars), and
// the items where most students are stuck (trained, not mastered, prerequisites all mastered). The scope is the
// server's: every agency in counts only (全平台), or the agency the viewer acts in (本机构).
import { useMemo } from 'react';
import { Empty, List, Space, Tag, Tooltip, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useGraphDetail, useGraphStats } from '../../../components/knowledge-graph/queries';
import { EChart } from '../../../components/chart/EChart';
import { levelsOption, stuckOption, stuckRows } from './charts';
import { GraphPageCard } from './GraphPageCard';
import { graphItemsPath } from './paths';
import { GRAPH_TEXTS } from './texts';

const S = GRAPH_TEXTS.stats;
const CHART_MAX_ITEMS = 80;

export default function StatsPage() {
  const { id = '' } = useParams();
  const detail = useGraphDetail(id);
  const stats = useGraphStats(id);
  const d = stats.data;
  const rows = useMemo(() => (d ? stuckRows(d) : []), [d]);
  const anyone = (d?.items ?? []).some((i) => i.students > 0);
  // A graph may hold thousands of items: the chart shows those most students practised, in the graph's order.
  const shown = useMemo(() => {
    const items = d?.items ?? [];
    if (items.length <= CHART_MAX_ITEMS) return items;
    const keep = new Set(
      [...items]
        .sort((a, b) => b.students - a.students)
        .slice(0, CHART_MAX_ITEMS)
        .map((i) => i.itemId),
    );
    return items.filter((i) => keep.has(i.itemId));
  }, [d]);
  const name = detail.data?.group.name ?? '';
  return (
    <GraphPageCard
      title={S.title(name)}
      query={stats}
      extra={
        <>
          {d && (
            <Tooltip title={S.scopeHint[d.scope]}>
              <Tag color={d.scope === 'platform' ? 'purple' : 'blue'} className="graph-stats-scope">
                {S.scope[d.scope]}
              </Tag>
            </Tooltip>
          )}
          <Link to={graphItemsPath(id)}>{GRAPH_TEXTS.groups.items}</Link>
        </>
      }
    >
      {d && d.items.length === 0 ? (
        <Empty description={S.noItems} />
      ) : d && !anyone ? (
        <Empty description={S.empty} />
      ) : (
        d && (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <section>
              <Typography.Title level={5}>{S.stuck}</Typography.Title>
              <Typography.Paragraph type="secondary">{S.stuckHint}</Typography.Paragraph>
              {rows.length === 0 ? (
                <Typography.Text type="secondary">{S.noStuck}</Typography.Text>
              ) : (
                <>
                  <EChart
                    option={stuckOption(rows)}
                    height={Math.max(160, 40 + rows.length * 32)}
                    label={S.stuckChart}
                  />
                  <List
                    size="small"
                    dataSource={rows}
                    renderItem={(r) => (
                      <List.Item>
                        <Typography.Text>{r.name}</Typography.Text>
                        <Typography.Text type="secondary">
                          {r.percent}% · {S.stuckCount(r.stuck, r.students)}
                        </Typography.Text>
                      </List.Item>
                    )}
                  />
                </>
              )}
            </section>
            <section>
              <Typography.Title level={5}>{S.levels}</Typography.Title>
              {shown.length < d.items.length && (
                <Typography.Paragraph type="secondary">{S.topOnly(shown.length, d.items.length)}</Typography.Paragraph>
              )}
              <EChart
                option={levelsOption(shown)}
                height={Math.max(200, 60 + shown.length * 28)}
                label={S.levelsChart}
              />
            </section>
          </Space>
        )
      )}
    </GraphPageCard>
  );
}
