// class/{classId}/tasks (docs/tasks.md): the class's tasks, latest deadline first, with links to their dashboards,
// modify forms and homework scores; 布置任务 for those who may write the class's tasks.
import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { GRADEBOOK_READERS, satisfies, type Task } from '@edu/contract';
import { errorText } from '../../../../api/client';
import { totalNumber } from '../../../../api/page-total';
import { ResultPage } from '../../../../components/ResultPage';
import { useAppConfig, useUser } from '../../../../app/session-context';
import { classGradebookPath } from '../paths';
import { CLASS_TEXTS } from '../texts';
import { cstText } from '../../task/format';
import { homeworkScoresPath, taskCreatePath, taskDashboardPath, taskModifyPath } from '../../task/paths';
import { useTaskClassOptions, useTaskList } from '../../task/queries';
import { TASK_TEXTS } from '../../task/texts';

const L = TASK_TEXTS.list;
const PAGE = 20;

const columns: TableColumnsType<Task> = [
  {
    title: L.columns.title,
    dataIndex: 'title',
    render: (title: string, t) => (
      <Space size={4} wrap>
        <Link to={taskDashboardPath(t.taskId)}>{title}</Link>
        {t.homework && <Tag color="purple">{L.homework}</Tag>}
      </Space>
    ),
  },
  { title: L.columns.scheme, dataIndex: 'schemeTitle', ellipsis: true },
  {
    title: L.columns.window,
    key: 'window',
    width: 260,
    render: (_, t) => TASK_TEXTS.dashboard.window(cstText(t.startTime), cstText(t.deadline)),
  },
  {
    title: L.columns.late,
    dataIndex: 'latePolicy',
    width: 140,
    render: (p: Task['latePolicy'], t) => `${TASK_TEXTS.policies[p]}${p === 'penalty' ? ` ${t.latePenalty}%` : ''}`,
  },
  { title: L.columns.students, dataIndex: 'studentCount', width: 70, align: 'right' },
  {
    title: L.columns.actions,
    key: 'actions',
    width: 170,
    render: (_, t) => (
      <Space size={8}>
        <Link to={taskDashboardPath(t.taskId)}>{L.dashboard}</Link>
        {t.editable && <Link to={taskModifyPath(t.taskId)}>{L.modify}</Link>}
        {t.homework && <Link to={homeworkScoresPath(t.taskId)}>{L.scores}</Link>}
      </Space>
    ),
  },
];

export default function ClassTasksPage() {
  const { classId = '' } = useParams();
  const navigate = useNavigate();
  const [start, setStart] = useState(0);
  const list = useTaskList({ classId, start, size: PAGE });
  const classes = useTaskClassOptions();
  const cls = classes.data?.find((c) => c.classId === classId);
  const user = useUser();
  const { agencyId } = useAppConfig();
  // The class's gradebook, for those who read it (docs/gradebook.md "Access").
  const readsGradebook = satisfies(user?.roles ?? [], GRADEBOOK_READERS, agencyId);
  if (list.isError) return <ResultPage status="error" title={TASK_TEXTS.loadFailed} subTitle={errorText(list.error)} />;
  return (
    <Card
      title={cls ? L.title(cls.name) : L.fallbackTitle}
      extra={
        <Space>
          {readsGradebook && <Link to={classGradebookPath(classId)}>{CLASS_TEXTS.list.gradebook}</Link>}
          {cls && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(taskCreatePath(classId))}>
              {L.create}
            </Button>
          )}
        </Space>
      }
    >
      <Table<Task>
        rowKey="taskId"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: L.empty }}
        scroll={{ x: 900 }}
        pagination={{
          current: start / PAGE + 1,
          pageSize: PAGE,
          total: totalNumber(list.data?.total ?? 0),
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (p) => setStart((p - 1) * PAGE),
        }}
      />
    </Card>
  );
}
