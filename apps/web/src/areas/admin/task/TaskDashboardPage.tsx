// task/{taskId}/dashboard (full screen, docs/tasks.md): who has not started, is running, has finished, with
// scores and charts (ECharts, loaded with the charts on demand).
import { lazy, Suspense } from 'react';
import { ArrowLeftOutlined, DownloadOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import type { TaskStudentResult } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { saveFile } from '../../../api/download';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { progressOption, scoreOption } from './charts';
import { cstText } from './format';
import { taskModifyPath } from './paths';
import { useTaskDashboard } from './queries';
import { TASK_TEXTS } from './texts';
import { scoreText, taskScoreText } from './score-text';

const EChart = lazy(() => import('../../../components/chart/EChart').then((m) => ({ default: m.EChart })));
const D = TASK_TEXTS.dashboard;
const COLORS = { not_started: 'default', running: 'processing', done: 'success' } as const;

const columns: TableColumnsType<TaskStudentResult> = [
  { title: D.name, dataIndex: 'name', render: (n: string, s) => `${n}（${s.username}）` },
  {
    title: D.state,
    dataIndex: 'progress',
    width: 110,
    render: (p: TaskStudentResult['progress'], s) => (
      <Space size={4}>
        <Tag color={COLORS[p]}>{TASK_TEXTS.progress[p]}</Tag>
        {s.late && <Tag color="orange">{D.lateTag}</Tag>}
      </Space>
    ),
  },
  {
    title: D.score,
    key: 'score',
    width: 90,
    align: 'right',
    render: (_, s) => scoreText(s),
  },
  {
    title: D.taskScore,
    dataIndex: 'taskScore',
    width: 90,
    align: 'right',
    render: (_, s) => taskScoreText(s),
  },
  { title: D.start, dataIndex: 'startTime', width: 140, render: (v: number | null) => cstText(v) },
  { title: D.end, dataIndex: 'endTime', width: 140, render: (v: number | null) => cstText(v) },
  {
    title: D.report,
    key: 'report',
    width: 70,
    render: (_, s) =>
      s.trainId && s.progress === 'done' ? <Link to={`/admin/train/report/${s.trainId}`}>{D.report}</Link> : null,
  },
];

export default function TaskDashboardPage() {
  const { taskId = '' } = useParams();
  const navigate = useNavigate();
  const call = useCall();
  const board = useTaskDashboard(taskId);
  const exporter = useApiMutation({
    mutationFn: () => call(API.taskScoresExport, { params: { id: taskId } }),
    onSuccess: (file) => saveFile(file.blob, file.filename ?? TASK_TEXTS.scores.fileName),
  });
  if (board.isPending) return <PageSpinner />;
  if (board.isError)
    return <ResultPage status="error" title={TASK_TEXTS.loadFailed} subTitle={errorText(board.error)} />;
  const { task, counts, students } = board.data;
  return (
    <div className="edu-dashboard" style={{ minHeight: '100vh', background: '#f0f2f5', padding: '16px 24px' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
            {TASK_TEXTS.back}
          </Button>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {task.title}
          </Typography.Title>
          {task.homework && <Tag color="purple">{D.homework}</Tag>}
        </Space>
        <Space wrap>
          {task.editable && (
            <Button icon={<EditOutlined />} onClick={() => void navigate(taskModifyPath(task.taskId))}>
              {D.modify}
            </Button>
          )}
          <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => void exporter.run()}>
            {D.export}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void board.refetch()} />
        </Space>
      </Space>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small">
          <Space orientation="vertical" size={4}>
            <Typography.Text>
              {task.schemeTitle} · {D.target(task.className, task.studentCount)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {D.window(cstText(task.startTime), cstText(task.deadline))} · {TASK_TEXTS.policies[task.latePolicy]}
              {task.latePolicy === 'penalty' ? ` ${task.latePenalty}%` : ''}
            </Typography.Text>
            <Typography.Text strong>{D.counts(counts.notStarted, counts.running, counts.done)}</Typography.Text>
          </Space>
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <Card size="small" title={D.chart}>
              <Suspense fallback={<Spin />}>
                <EChart option={progressOption(counts)} height={220} label={D.chart} />
              </Suspense>
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card size="small" title={D.scoreChart}>
              <Suspense fallback={<Spin />}>
                <EChart option={scoreOption(students)} height={220} label={D.scoreChart} />
              </Suspense>
            </Card>
          </Col>
        </Row>
        <Card size="small" title={D.students}>
          <Table<TaskStudentResult>
            rowKey="userId"
            size="small"
            columns={columns}
            dataSource={students}
            locale={{ emptyText: D.noStudents }}
            scroll={{ x: 760 }}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          />
        </Card>
      </Space>
    </div>
  );
}
