// class/studentInfo/{id} ({id}: the student's user id): one student as their teacher sees them — the classes
// (of the caller's) they are in, their latest trainings and their mastery per knowledge point.
import { Card, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import type { MasteryPoint } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useViewedStudentGraphs } from '../../../components/knowledge-graph/queries';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { LEVEL_COLORS } from './charts';
import { studentScoresPath } from './paths';
import { useStudentInfo } from './queries';
import { CLASS_TEXTS } from './texts';
import { TrainingTable } from './TrainingTable';
import { ViewedGraphs } from '../../../components/knowledge-graph/ViewedGraphs';

const S = CLASS_TEXTS.student;
const INDENT: Record<string, number> = { subject: 0, grade: 1, chapter: 2, lv1: 3, lv2: 4, lv3: 5, lv4: 6 };

const masteryColumns: TableColumnsType<MasteryPoint> = [
  {
    title: S.columns.point,
    dataIndex: 'name',
    render: (name: string, p) => (
      <span style={{ paddingInlineStart: (INDENT[p.lv] ?? 0) * 16, whiteSpace: 'nowrap' }}>{name}</span>
    ),
  },
  {
    title: S.columns.level,
    dataIndex: 'level',
    width: 100,
    render: (l: MasteryPoint['level']) => <Tag color={LEVEL_COLORS[l]}>{CLASS_TEXTS.levels[l]}</Tag>,
  },
  {
    title: S.columns.window,
    key: 'window',
    width: 90,
    align: 'right',
    render: (_, p) => S.window(p.windowCorrect, p.windowAnswers),
  },
];

export default function StudentInfoPage() {
  const { id = '' } = useParams();
  const info = useStudentInfo(id);
  const graphs = useViewedStudentGraphs('class', id);
  if (info.isPending) return <PageSpinner />;
  if (info.isError)
    return <ResultPage status="error" title={CLASS_TEXTS.loadFailed} subTitle={errorText(info.error)} />;
  const d = info.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={S.title(d.student.name || d.student.username)}>
        <Typography.Text type="secondary">{d.student.username}</Typography.Text>
        <div style={{ marginTop: 12 }}>
          <Typography.Text strong>{S.classes}：</Typography.Text>
          {d.classes.length === 0 ? (
            <Typography.Text type="secondary">{S.noClass}</Typography.Text>
          ) : (
            <Space size={[8, 8]} wrap>
              {d.classes.map((c) => (
                <Link key={c.id} to={studentScoresPath(d.student.id, c.id)}>
                  {S.scoresIn(c.name)}
                </Link>
              ))}
            </Space>
          )}
        </div>
      </Card>
      <Card
        size="small"
        title={S.trainings}
        extra={<Typography.Text type="secondary">{S.trainingTotal(d.trainingTotal)}</Typography.Text>}
      >
        <TrainingTable trainings={d.trainings} />
      </Card>
      <Card size="small" title={S.mastery}>
        <Table<MasteryPoint>
          rowKey="code"
          size="small"
          columns={masteryColumns}
          dataSource={d.mastery}
          locale={{ emptyText: S.noMastery }}
          scroll={{ x: 400 }}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </Card>
      <ViewedGraphs graphs={graphs} size="small" />
    </Space>
  );
}
