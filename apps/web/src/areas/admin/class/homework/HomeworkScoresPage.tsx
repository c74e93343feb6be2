// class/homework/sroce/{id} ({id}: the task) and class/homework/sroceAll (every homework of the agency, filter by
// class), full screen; both export to Excel (docs/tasks.md).
import { useState } from 'react';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { HomeworkScoreRow, TaskStudentResult } from '@edu/contract';
import { API } from '../../../../api/routes';
import { errorText } from '../../../../api/client';
import { saveFile } from '../../../../api/download';
import { useApiMutation } from '../../../../api/mutation';
import { totalNumber } from '../../../../api/page-total';
import { useCall } from '../../../../app/session-context';
import { PageSpinner } from '../../../../components/PageSpinner';
import { ResultPage } from '../../../../components/ResultPage';
import { cstText } from '../../task/format';
import { useHomeworkScores, useTaskClassOptions, useTaskDashboard } from '../../task/queries';
import { TASK_TEXTS } from '../../task/texts';
import { scoreText, taskScoreText } from '../../task/score-text';

const S = TASK_TEXTS.scores;
const PAGE = 50;
const COLORS = { not_started: 'default', running: 'processing', done: 'success' } as const;

type Row = TaskStudentResult & Partial<Pick<HomeworkScoreRow, 'taskTitle' | 'className' | 'deadline' | 'taskId'>>;

const studentColumns: TableColumnsType<Row> = [
  { title: S.columns.student, dataIndex: 'name', render: (n: string, r) => `${n}（${r.username}）` },
  {
    title: S.columns.state,
    dataIndex: 'progress',
    width: 120,
    render: (p: Row['progress'], r) => (
      <Space size={4}>
        <Tag color={COLORS[p]}>{TASK_TEXTS.progress[p]}</Tag>
        {r.late && <Tag color="orange">{S.columns.late}</Tag>}
      </Space>
    ),
  },
  {
    title: S.columns.score,
    key: 'score',
    width: 90,
    align: 'right',
    render: (_, r) => scoreText(r),
  },
  {
    title: S.columns.taskScore,
    dataIndex: 'taskScore',
    width: 90,
    align: 'right',
    render: (_, r) => taskScoreText(r),
  },
];

const taskColumns: TableColumnsType<Row> = [
  { title: S.columns.task, dataIndex: 'taskTitle', ellipsis: true },
  { title: S.columns.klass, dataIndex: 'className', width: 120, render: (c: string | null) => c ?? S.chosen },
  { title: S.columns.deadline, dataIndex: 'deadline', width: 140, render: (v: number) => cstText(v) },
  ...studentColumns,
];

function Frame({ title, extra, children }: { title: string; extra: React.ReactNode; children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: '16px 24px' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
            {TASK_TEXTS.back}
          </Button>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        </Space>
        <Space wrap>{extra}</Space>
      </Space>
      <Card size="small">{children}</Card>
    </div>
  );
}

function useExport(run: () => Promise<{ blob: Blob; filename: string | null }>) {
  return useApiMutation({
    mutationFn: run,
    success: S.exported,
    onSuccess: (file) => saveFile(file.blob, file.filename ?? S.fileName),
  });
}

export function TaskHomeworkScoresPage() {
  const { id = '' } = useParams();
  const call = useCall();
  const board = useTaskDashboard(id);
  const exporter = useExport(() => call(API.taskScoresExport, { params: { id } }));
  if (board.isPending) return <PageSpinner />;
  if (board.isError)
    return <ResultPage status="error" title={TASK_TEXTS.loadFailed} subTitle={errorText(board.error)} />;
  const { task, students } = board.data;
  return (
    <Frame
      title={S.oneTitle(task.title)}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => void exporter.run()}>
          {S.export}
        </Button>
      }
    >
      <Table<Row>
        rowKey="userId"
        size="small"
        columns={studentColumns}
        dataSource={students}
        locale={{ emptyText: S.empty }}
        scroll={{ x: 520 }}
        pagination={{ pageSize: PAGE, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </Frame>
  );
}

export function AllHomeworkScoresPage() {
  const call = useCall();
  const [params, setParams] = useSearchParams();
  const classId = params.get('classId') ?? undefined;
  const [start, setStart] = useState(0);
  const rows = useHomeworkScores({ classId, start, size: PAGE });
  const classes = useTaskClassOptions();
  const exporter = useExport(() => call(API.homeworkScoresExport, { query: { classId } }));
  return (
    <Frame
      title={S.allTitle}
      extra={
        <>
          <Select
            aria-label={S.classFilter}
            style={{ minWidth: 180 }}
            value={classId ?? ''}
            onChange={(v: string) => {
              setStart(0);
              setParams(v ? { classId: v } : {});
            }}
            options={[
              { value: '', label: S.allClasses },
              ...(classes.data ?? []).map((c) => ({ value: c.classId, label: c.name })),
            ]}
          />
          <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => void exporter.run()}>
            {S.export}
          </Button>
        </>
      }
    >
      {rows.isError ? (
        <ResultPage status="error" title={TASK_TEXTS.loadFailed} subTitle={errorText(rows.error)} />
      ) : (
        <Table<Row>
          rowKey={(r) => `${r.taskId}/${r.userId}`}
          size="small"
          loading={rows.isFetching}
          columns={taskColumns}
          dataSource={rows.data?.list ?? []}
          locale={{ emptyText: S.empty }}
          scroll={{ x: 900 }}
          pagination={{
            current: start / PAGE + 1,
            pageSize: PAGE,
            total: totalNumber(rows.data?.total ?? 0),
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (p) => setStart((p - 1) * PAGE),
          }}
        />
      )}
    </Frame>
  );
}
