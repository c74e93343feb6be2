// train/{id}/dashboard/group (full screen): the students of a scheme side by side — best, mean and last score
// rate as a chart, and a table with their trainings, accuracy and time, linking to reports and student pages.
import { Card, Empty, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDuration, type SchemeUserRow } from '@edu/contract';
import { errorText } from '../../../api/client';
import { EChart } from '../../../components/chart/EChart';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { groupOption } from './charts';
import { DashboardFrame } from './DashboardFrame';
import { StudentStatsLink } from '../class/StudentStatsLink';
import { GROUP_PAGE, useUserStats, type StatsRange } from './queries';
import { percent, STATS_TEXTS } from './texts';

const G = STATS_TEXTS.group;
const C = G.columns;

/** The student table's columns; `schemeId` leads 点评 back to this dashboard. */
const columnsFor = (schemeId: string) => [
  {
    title: C.name,
    key: 'name',
    render: (_: unknown, r: SchemeUserRow) => (
      <Space direction="vertical" size={0}>
        <span>{r.name || r.username}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.username}
        </Typography.Text>
      </Space>
    ),
  },
  { title: C.trainings, dataIndex: 'trainings', align: 'right' as const, width: 90 },
  { title: C.ended, dataIndex: 'ended', align: 'right' as const, width: 80 },
  {
    title: C.best,
    dataIndex: 'bestScoreRate',
    align: 'right' as const,
    width: 80,
    render: (v: number | null) => percent(v),
  },
  {
    title: C.mean,
    dataIndex: 'meanScoreRate',
    align: 'right' as const,
    width: 80,
    render: (v: number | null) => percent(v),
  },
  {
    title: C.last,
    dataIndex: 'lastScoreRate',
    align: 'right' as const,
    width: 80,
    render: (v: number | null) => percent(v),
  },
  {
    title: C.accuracy,
    key: 'accuracy',
    align: 'right' as const,
    width: 90,
    render: (_: unknown, r: SchemeUserRow) =>
      r.answered ? percent((r.credit ?? r.correct) / r.answered) : STATS_TEXTS.none,
  },
  {
    title: C.time,
    dataIndex: 'totalSeconds',
    align: 'right' as const,
    width: 110,
    render: (v: number) => formatDuration(v),
  },
  {
    title: C.lastStart,
    dataIndex: 'lastStartTime',
    width: 150,
    render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
  },
  {
    title: C.actions,
    key: 'actions',
    width: 210,
    render: (_: unknown, r: SchemeUserRow) => (
      <Space>
        <Link to={`/admin/train/report/${r.lastTrainId}`}>{G.report}</Link>
        <Link to={`/admin/train/comment/${r.lastTrainId}/group/${schemeId}`}>{G.comment}</Link>
        <StudentStatsLink userId={r.userId}>{G.stats}</StudentStatsLink>
      </Space>
    ),
  },
];

export default function SchemeGroupDashboardPage() {
  const { id = '' } = useParams();
  const [range, setRange] = useState<StatsRange>({});
  const stats = useUserStats(id, range, { start: 0, size: GROUP_PAGE });
  if (stats.isPending) return <PageSpinner />;
  if (stats.isError)
    return <ResultPage fullPage status="error" title={STATS_TEXTS.loadFailed} subTitle={errorText(stats.error)} />;
  const s = stats.data;
  const rows = s.users.list;
  return (
    <DashboardFrame
      schemeId={id}
      title={G.title(s.title)}
      type={s.type}
      view="group"
      onRange={setRange}
      onRefresh={() => void stats.refetch()}
    >
      <Card size="small" title={G.chart} extra={G.total(s.users.total)}>
        {rows.length ? (
          <EChart option={groupOption(rows)} height={Math.max(240, 36 + rows.length * 34)} label={G.chart} />
        ) : (
          <Empty description={STATS_TEXTS.dashboard.noData} />
        )}
      </Card>
      <Card size="small" style={{ marginTop: 16 }}>
        <Table<SchemeUserRow>
          rowKey="userId"
          size="small"
          columns={columnsFor(id)}
          dataSource={rows}
          pagination={{ pageSize: 50 }}
        />
      </Card>
    </DashboardFrame>
  );
}
