// student/tasks/todo (docs/tasks.md): the student's open tasks, soonest deadline first — not started, running or
// done, with the deadline in China Standard Time. 开始/继续 starts or continues the task's training (one per task)
// and opens it; a done one links to its report.
import { useState } from 'react';
import { Alert, Button, Card, Empty, List, Pagination, Space, Spin, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { TodoTask } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { totalNumber } from '../../../api/page-total';
import { useAppConfig, useCall } from '../../../app/session-context';
import { LoginGate } from '../train/LoginGate';
import { RetryButton } from '../train/LoadFailed';
import { TODO_TEXTS as T } from './texts';

const PAGE = 20;
const CST = 8 * 3600_000;
const cst = (ms: number) => new Date(ms + CST).toISOString().slice(0, 16).replace('T', ' ');
const cstDay = (ms: number) => Math.floor((ms + CST) / 86_400_000);
const COLORS = { not_started: 'default', running: 'processing', done: 'success' } as const;

function TaskItem({ task, now }: { task: TodoTask; now: number }) {
  const navigate = useNavigate();
  const call = useCall();
  const doTask = useApiMutation({
    mutationFn: () => call(API.studentTaskDo, { params: { id: task.taskId } }),
    onSuccess: (tr) =>
      navigate(tr.status === 'running' ? `/student/train/${tr.trainId}/do` : `/student/train/report/${tr.trainId}`),
  });
  const overdue = now >= task.deadline;
  const action =
    task.progress === 'done' && task.trainId ? (
      <Button key="report" onClick={() => void navigate(`/student/train/report/${task.trainId}`)}>
        {T.report}
      </Button>
    ) : (
      <Button
        key="do"
        type="primary"
        disabled={!task.canDo}
        loading={doTask.isPending}
        onClick={() => void doTask.run()}
      >
        {task.progress === 'running' ? T.continue : T.start}
      </Button>
    );
  return (
    <List.Item actions={[action]}>
      <List.Item.Meta
        title={
          <Space size={4} wrap>
            <span>{task.title}</span>
            <Tag color={COLORS[task.progress]}>{T.progress[task.progress]}</Tag>
            {task.homework && <Tag color="purple">{T.homework}</Tag>}
            {task.schemeType === 'paper' && <Tag color="geekblue">{T.paper}</Tag>}
            {task.late && <Tag color="orange">{T.late}</Tag>}
          </Space>
        }
        description={
          <Space orientation="vertical" size={0}>
            <Typography.Text type={overdue ? 'danger' : undefined}>
              {T.deadline(cst(task.deadline))}
              {!overdue && cstDay(task.deadline) === cstDay(now) ? ` · ${T.deadlineNear}` : ''}
              {overdue ? ` · ${T.overdue}` : ''}
            </Typography.Text>
            <Typography.Text type="secondary">
              {task.latePolicy === 'penalty' ? T.lateRules.penalty(task.latePenalty) : T.lateRules[task.latePolicy]}
            </Typography.Text>
            {task.progress === 'done' && <Typography.Text>{T.score(task.taskScore, task.maxScore)}</Typography.Text>}
          </Space>
        }
      />
    </List.Item>
  );
}

function Todo() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const [start, setStart] = useState(0);
  // The moment the list was opened: deadlines are compared with it (a reload reads again).
  const [now] = useState(() => Date.now());
  const query = useQuery({
    queryKey: ['tasks', 'todo', agencyId, start],
    queryFn: () => call(API.studentTodo, { query: { start, size: PAGE } }),
  });
  if (query.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={T.loadFailed}
        description={errorText(query.error)}
        action={<RetryButton onRetry={() => void query.refetch()} />}
      />
    );
  const { list, total } = query.data;
  if (list.length === 0) return <Empty description={T.empty} />;
  return (
    <>
      <List
        itemLayout="vertical"
        dataSource={list}
        renderItem={(t) => <TaskItem key={t.taskId} task={t} now={now} />}
      />
      <Pagination
        current={start / PAGE + 1}
        pageSize={PAGE}
        total={totalNumber(total)}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={(p) => setStart((p - 1) * PAGE)}
      />
    </>
  );
}

export default function TodoPage() {
  return (
    <LoginGate>
      <Card title={T.title}>
        <Todo />
      </Card>
    </LoginGate>
  );
}
