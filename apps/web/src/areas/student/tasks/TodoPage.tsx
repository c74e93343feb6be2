// student/tasks/todo (docs/tasks.md): the student's open tasks, soonest deadline first — not started, running or
// done, with the deadline in China Standard Time. 开始/继续 starts or continues the task's training (one per task)
// and opens it; a done one links to its report. On a phone one card per task (docs/web.md "Small screens").
import { useState } from 'react';
import { Alert, Button, Card, Empty, List, Pagination, Space, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { type TodoTask, cstDayNumber, cstMinutes } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { totalNumber } from '../../../api/page-total';
import { useAppConfig, useCall } from '../../../app/session-context';
import { CardList, ListCard } from '../../../components/CardList';
import { usePhone } from '../../../components/AreaHeader';
import { LoginGate } from '../train/LoginGate';
import { TaskTags, TaskTitle, useDoTask } from './task-parts';
import { RetryButton } from '../../../components/training/LoadFailed';
import { TODO_TEXTS as T } from './texts';

const PAGE = 20;
const cst = cstMinutes;

/** The deadline as the list says it: 截止 …（北京时间）, 今天截止 or 已过截止时间. */
function Deadline({ task, now }: { task: TodoTask; now: number }) {
  const overdue = now >= task.deadline;
  return (
    <Typography.Text type={overdue ? 'danger' : undefined}>
      {T.deadline(cst(task.deadline))}
      {!overdue && cstDayNumber(task.deadline) === cstDayNumber(now) ? ` · ${T.deadlineNear}` : ''}
      {overdue ? ` · ${T.overdue}` : ''}
    </Typography.Text>
  );
}

const lateRule = (task: TodoTask) =>
  task.latePolicy === 'penalty' ? T.lateRules.penalty(task.latePenalty) : T.lateRules[task.latePolicy];

/** A task on a phone: its title, tags, score once done, deadline and late rule, and its one action. */
function TaskCard({ task, now }: { task: TodoTask; now: number }) {
  const doTask = useDoTask(task);
  const done = task.progress === 'done' && task.trainId;
  return (
    <ListCard
      face={{
        title: task.title,
        state: <TaskTags task={task} />,
        score: task.progress === 'done' ? T.score(task.taskScore, task.maxScore) : undefined,
        meta: (
          <>
            <Deadline task={task} now={now} />
            <div>{lateRule(task)}</div>
          </>
        ),
        action: done
          ? { label: T.report, to: `/student/train/report/${task.trainId}`, primary: false }
          : {
              label: task.progress === 'running' ? T.continue : T.start,
              onClick: () => void doTask.run(),
              loading: doTask.isPending,
              disabled: !task.canDo,
            },
      }}
    />
  );
}

function TaskItem({ task, now }: { task: TodoTask; now: number }) {
  const navigate = useNavigate();
  const doTask = useDoTask(task);
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
        title={<TaskTitle task={task} />}
        description={
          <Space orientation="vertical" size={0}>
            <Deadline task={task} now={now} />
            <Typography.Text type="secondary">{lateRule(task)}</Typography.Text>
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
  const phone = usePhone();
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
  const pagination = {
    current: start / PAGE + 1,
    pageSize: PAGE,
    total: totalNumber(total),
    onChange: (p: number) => setStart((p - 1) * PAGE),
  };
  if (phone)
    return (
      <CardList
        className="todo-cards"
        items={list}
        rowKey={(t) => t.taskId}
        card={(t) => <TaskCard task={t} now={now} />}
        pagination={pagination}
      />
    );
  return (
    <>
      <List
        itemLayout="vertical"
        dataSource={list}
        renderItem={(t) => <TaskItem key={t.taskId} task={t} now={now} />}
      />
      <Pagination {...pagination} hideOnSinglePage showSizeChanger={false} />
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
