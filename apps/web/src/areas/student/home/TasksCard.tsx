// 今日任务: the to-do list's first tasks with a countdown to each deadline; 去完成 starts or continues the task's
// training exactly as the to-do page does (PUT /v1/student/task/{id}/do, docs/tasks.md).
import { Button, Empty } from 'antd';
import { Link, useNavigate } from 'react-router';
import { type TodoTask, cstDayNumber, cstMinutes } from '@edu/contract';
import {
  PlainCard,
  PlainList,
  PlainListItem,
  PlainListItemMeta,
  PlainSpace,
  Text,
} from '../../../components/plain-antd';
import { TaskTitle, useDoTask } from '../tasks/task-parts';
import { formatScore } from '../../../components/training/format';
import { HOME_TEXTS, spanText } from './texts';

const T = HOME_TEXTS.tasks;
const cstTime = (ms: number) => cstMinutes(ms).slice(5);

/** When the task is due, in words, and whether it is urgent (today or past). */
export function deadlineText(task: TodoTask, now: number): { text: string; urgent: boolean } {
  if (now >= task.deadline) return { text: task.canDo ? T.overdue : T.closed, urgent: true };
  const left = T.left(spanText(task.deadline - now));
  if (cstDayNumber(task.deadline) === cstDayNumber(now)) return { text: `${T.dueToday} · ${left}`, urgent: true };
  return { text: `${T.deadline(cstTime(task.deadline))} · ${left}`, urgent: false };
}

function TaskAction({ task }: { task: TodoTask }) {
  const navigate = useNavigate();
  const doTask = useDoTask(task);
  if (task.progress === 'done' && task.trainId)
    return (
      <Button size="small" onClick={() => void navigate(`/student/train/report/${task.trainId}`)}>
        {T.report}
      </Button>
    );
  return (
    <Button
      size="small"
      type="primary"
      disabled={!task.canDo}
      loading={doTask.isPending}
      onClick={() => void doTask.run()}
    >
      {task.progress === 'running' ? T.continue : T.do}
    </Button>
  );
}

export function TasksCard({ tasks, now }: { tasks: { total: number; list: TodoTask[] }; now: number }) {
  return (
    <PlainCard
      title={T.title}
      extra={tasks.total > 0 ? <Link to="/student/tasks/todo">{T.all(tasks.total)}</Link> : null}
    >
      {tasks.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} />
      ) : (
        <PlainList>
          {tasks.list.map((task) => {
            const due = deadlineText(task, now);
            return (
              <PlainListItem key={task.taskId} actions={[<TaskAction key="do" task={task} />]}>
                <PlainListItemMeta
                  title={<TaskTitle task={task} />}
                  description={
                    <PlainSpace size={8} wrap>
                      <Text type={due.urgent ? 'danger' : 'secondary'}>{due.text}</Text>
                      {task.progress === 'done' && (
                        <Text>{T.score(formatScore(task.taskScore), formatScore(task.maxScore))}</Text>
                      )}
                    </PlainSpace>
                  }
                />
              </PlainListItem>
            );
          })}
        </PlainList>
      )}
    </PlainCard>
  );
}
