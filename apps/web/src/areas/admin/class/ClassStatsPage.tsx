// class/{classId}/stats: the members' mastery distribution per knowledge point and, per scheme the members
// trained, how many started and finished and the average score rate; per task of the class, the same (docs/classes.md).
import { Alert, Card, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useParams } from 'react-router';
import type { ClassStats, ClassTaskFigures } from '@edu/contract';
import { errorText } from '../../../api/client';
import { EChart } from '../../../components/chart/EChart';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { cstText } from '../task/format';
import { masteryOption, schemesOption, tasksOption } from './charts';
import { ClassGraphSection } from './ClassGraphSection';
import { useClassStats } from './queries';
import { CLASS_TEXTS } from './texts';

const S = CLASS_TEXTS.stats;
type SchemeRow = ClassStats['schemes'][number];

const schemeColumns: TableColumnsType<SchemeRow> = [
  { title: CLASS_TEXTS.scores.columns.title, dataIndex: 'title', ellipsis: true },
  { title: S.started, dataIndex: 'started', width: 90, align: 'right' },
  { title: S.finished, dataIndex: 'finished', width: 90, align: 'right' },
  {
    title: S.average,
    dataIndex: 'averagePercent',
    width: 120,
    align: 'right',
    render: (v: number | null) => (v === null ? '--' : v),
  },
];

const taskColumns: TableColumnsType<ClassTaskFigures> = [
  { title: S.task, dataIndex: 'title', ellipsis: true },
  {
    title: S.deadline,
    dataIndex: 'deadline',
    width: 140,
    // Deadlines read in China Standard Time whatever the browser's zone (docs/tasks.md "Window and late policies").
    render: (v: number) => cstText(v),
  },
  { title: S.assigned, dataIndex: 'assigned', width: 80, align: 'right' },
  { title: S.started, dataIndex: 'started', width: 80, align: 'right' },
  { title: S.finished, dataIndex: 'finished', width: 80, align: 'right' },
  {
    title: S.average,
    dataIndex: 'averagePercent',
    width: 110,
    align: 'right',
    render: (v: number | null) => (v === null ? '--' : v),
  },
];

export default function ClassStatsPage() {
  const { classId = '' } = useParams();
  const stats = useClassStats(classId);
  if (stats.isPending) return <PageSpinner />;
  if (stats.isError)
    return <ResultPage status="error" title={CLASS_TEXTS.loadFailed} subTitle={errorText(stats.error)} />;
  const d = stats.data;
  const points = d.mastery.filter((p) => p.lv !== 'subject' && p.lv !== 'grade');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={S.title(d.class.name)}>
        <Typography.Text type="secondary">{S.members(d.class.memberCount)}</Typography.Text>
        {d.tasks.length === 0 && <Alert type="info" showIcon style={{ marginTop: 12 }} title={S.tasksLater} />}
      </Card>
      {d.tasks.length > 0 && (
        <Card size="small" title={S.tasks}>
          <EChart option={tasksOption(d.tasks)} height={260} label={S.taskChart} />
          <Table<ClassTaskFigures>
            rowKey="taskId"
            size="small"
            columns={taskColumns}
            dataSource={d.tasks}
            scroll={{ x: 600 }}
            pagination={false}
          />
        </Card>
      )}
      <Card size="small" title={S.schemes}>
        {d.schemes.length === 0 ? (
          <Typography.Text type="secondary">{S.schemesEmpty}</Typography.Text>
        ) : (
          <>
            <EChart option={schemesOption(d.schemes)} height={260} label={S.schemes} />
            <Table<SchemeRow>
              rowKey="schemeId"
              size="small"
              columns={schemeColumns}
              dataSource={d.schemes}
              scroll={{ x: 420 }}
              pagination={false}
            />
          </>
        )}
      </Card>
      <Card size="small" title={S.mastery}>
        {points.length === 0 ? (
          <Typography.Text type="secondary">{S.masteryEmpty}</Typography.Text>
        ) : (
          <EChart option={masteryOption(points)} height={Math.max(200, 60 + points.length * 28)} label={S.mastery} />
        )}
      </Card>
      <ClassGraphSection classId={classId} />
    </Space>
  );
}
