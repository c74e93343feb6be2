// class/{classId}/gradebook (docs/gradebook.md): the class's students × the tasks given to it, each cell the
// student's score, 未开始, 进行中 or 未布置 (never a 0 for no score), each task's weight (editable by the agency
// admin and the class's teachers), the weighted overall, paged by student; 导出 Excel writes the same.
import { useState } from 'react';
import { DownloadOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import type { Gradebook, GradebookCell, GradebookRow, GradebookTask } from '@edu/contract';
import { API } from '../../../../api/routes';
import { errorText } from '../../../../api/client';
import { saveFile } from '../../../../api/download';
import { useApiMutation } from '../../../../api/mutation';
import { useCall } from '../../../../app/session-context';
import { PageSpinner } from '../../../../components/PageSpinner';
import { ResultPage } from '../../../../components/ResultPage';
import { SearchInput } from '../../common/SearchInput';
import { cstText } from '../../task/format';
import { classTasksPath, taskCreatePath, taskDashboardPath } from '../../task/paths';
import { trainingReportPath } from '../paths';
import { TOOLBAR } from '../toolbar';
import { useGradebook, useSetWeight } from './queries';
import { GRADEBOOK_TEXTS as T } from './texts';
import { WeightInput } from './WeightInput';

const PAGE = 50;
const STUDENT_WIDTH = 150;
const TASK_WIDTH = 150;
const OVERALL_WIDTH = 100;

/** What a cell shows: the score (a link to the training's report), or where the student stands. */
function CellText({ cell }: { cell: GradebookCell }) {
  if (cell.progress !== 'done' || cell.score === null)
    return <Typography.Text type="secondary">{T.progress[cell.progress]}</Typography.Text>;
  const text = `${cell.score}/${cell.maxScore ?? T.none}`;
  return (
    <Space size={4}>
      {cell.trainId ? <Link to={trainingReportPath(cell.trainId)}>{text}</Link> : text}
      {cell.late && <Tag color="orange">{T.late}</Tag>}
    </Space>
  );
}

function TaskHead({
  task,
  editable,
  onWeight,
}: {
  task: GradebookTask;
  editable: boolean;
  onWeight: (w: number) => Promise<boolean>;
}) {
  return (
    <Space orientation="vertical" size={2}>
      <Link to={taskDashboardPath(task.taskId)}>{task.title}</Link>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        {T.deadline(cstText(task.deadline))}
      </Typography.Text>
      <WeightInput title={task.title} weight={task.weight} disabled={!editable} onSave={onWeight} />
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        {T.average(task.done, task.averagePercent)}
      </Typography.Text>
    </Space>
  );
}

function columnsOf(
  g: Gradebook,
  onWeight: (taskId: string, w: number) => Promise<boolean>,
): TableColumnsType<GradebookRow> {
  return [
    {
      title: T.student,
      key: 'student',
      fixed: 'left',
      width: STUDENT_WIDTH,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.username}
          </Typography.Text>
        </Space>
      ),
    },
    ...g.tasks.map((task, i): TableColumnsType<GradebookRow>[number] => ({
      key: task.taskId,
      width: 150,
      title: <TaskHead task={task} editable={g.editable} onWeight={(w) => onWeight(task.taskId, w)} />,
      render: (_, r) => <CellText cell={r.cells[i]} />,
    })),
    {
      key: 'overall',
      fixed: 'right',
      width: OVERALL_WIDTH,
      align: 'right',
      title: (
        <Space size={4}>
          {T.overall}
          <Tooltip title={T.overallHelp}>
            <QuestionCircleOutlined aria-label={T.overallHelp} />
          </Tooltip>
        </Space>
      ),
      render: (_, r) => (r.overall === null ? T.none : `${r.overall}%`),
    },
  ];
}

export default function GradebookPage() {
  const { classId = '' } = useParams();
  const call = useCall();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [start, setStart] = useState(0);
  const book = useGradebook(classId, { keyword, start, size: PAGE });
  const weight = useSetWeight(classId);
  const exporter = useApiMutation({
    mutationFn: () => call(API.classGradebookExport, { params: { id: classId } }),
    success: T.exported,
    onSuccess: (file) => saveFile(file.blob, file.filename ?? T.fileName),
  });
  if (book.isPending) return <PageSpinner />;
  if (book.isError) return <ResultPage status="error" title={T.loadFailed} subTitle={errorText(book.error)} />;
  const g = book.data;
  const noStudents = g.total === 0 && !keyword;
  return (
    <Card
      title={T.title(g.class.name)}
      extra={
        <Space wrap>
          <Link to={classTasksPath(classId)}>{T.tasks}</Link>
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.isPending}
            disabled={noStudents || g.tasks.length === 0}
            onClick={() => void exporter.run()}
          >
            {T.export}
          </Button>
        </Space>
      }
    >
      {g.class.archived && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={T.archived} />}
      {g.taskTotal > g.tasks.length && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={T.more(g.tasks.length, g.taskTotal)} />
      )}
      {g.tasks.length === 0 ? (
        <Empty description={T.noTasks}>
          {!g.class.archived && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(taskCreatePath(classId))}>
              {T.createTask}
            </Button>
          )}
        </Empty>
      ) : noStudents ? (
        <Empty description={T.emptyMembers} />
      ) : (
        <>
          <div style={TOOLBAR}>
            <SearchInput
              placeholder={T.search}
              style={{ flex: '0 1 240px', minWidth: 0 }}
              onSearch={(k) => {
                setStart(0);
                setKeyword(k);
              }}
            />
            <Typography.Text type="secondary">{T.total(g.total)}</Typography.Text>
          </div>
          <Table<GradebookRow>
            rowKey="userId"
            size="small"
            bordered
            loading={book.isFetching}
            columns={columnsOf(g, (taskId, w) => weight.run({ taskId, weight: w }))}
            dataSource={g.list}
            locale={{ emptyText: T.emptySearch }}
            scroll={{ x: STUDENT_WIDTH + TASK_WIDTH * g.tasks.length + OVERALL_WIDTH }}
            pagination={{
              current: start / PAGE + 1,
              pageSize: PAGE,
              total: g.total,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: (p) => setStart((p - 1) * PAGE),
            }}
          />
        </>
      )}
    </Card>
  );
}
