// class/sroce/{id}/{classId} ({id}: the student's user id, {classId}: the class): one student's best score per
// scheme next to the class's average, and the student's trainings.
import { Card, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useParams } from 'react-router';
import type { ClassStudentScores } from '@edu/contract';
import { errorText } from '../../../api/client';
import { EChart } from '../../../components/chart/EChart';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { scoresOption } from './charts';
import { useStudentScores } from './queries';
import { CLASS_TEXTS } from './texts';
import { TrainingTable } from './TrainingTable';

const S = CLASS_TEXTS.scores;
type Row = ClassStudentScores['schemes'][number];
const pct = (v: number | null) => (v === null ? '--' : `${v}%`);

const columns: TableColumnsType<Row> = [
  { title: S.columns.title, dataIndex: 'title', ellipsis: true },
  { title: S.columns.trainings, dataIndex: 'trainings', width: 70, align: 'right' },
  {
    title: S.columns.best,
    key: 'best',
    width: 140,
    align: 'right',
    render: (_, r) => (r.best === null ? '--' : `${r.best} / ${r.maxScore}（${pct(r.bestPercent)}）`),
  },
  {
    title: S.columns.average,
    key: 'avg',
    width: 150,
    align: 'right',
    render: (_, r) => pct(r.classAveragePercent),
  },
  { title: S.columns.finished, dataIndex: 'classFinished', width: 120, align: 'right' },
];

export default function StudentScoresPage() {
  const { id = '', classId = '' } = useParams();
  const scores = useStudentScores(classId, id);
  if (scores.isPending) return <PageSpinner />;
  if (scores.isError)
    return <ResultPage status="error" title={CLASS_TEXTS.loadFailed} subTitle={errorText(scores.error)} />;
  const d = scores.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={S.title(d.student.name || d.student.username, d.class.name)}>
        <Typography.Text type="secondary">{d.student.username}</Typography.Text>
      </Card>
      <Card size="small" title={S.schemes}>
        {d.schemes.length > 0 && <EChart option={scoresOption(d.schemes)} height={240} label={S.chart} />}
        <Table<Row>
          rowKey="schemeId"
          size="small"
          columns={columns}
          dataSource={d.schemes}
          locale={{ emptyText: S.empty }}
          scroll={{ x: 560 }}
          pagination={false}
        />
      </Card>
      <Card size="small" title={CLASS_TEXTS.student.trainings}>
        <TrainingTable trainings={d.trainings} />
      </Card>
    </Space>
  );
}
