// What the to-do list and the student home both show of a task (docs/tasks.md "Pages"): its
// title with state tags, the action that starts or continues it, and deadlines read in China Standard Time.
import { useNavigate } from 'react-router';
import type { TodoTask } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useCall } from '../../../app/session-context';
import { PlainSpace, PlainTag } from '../../../components/plain-antd';
import { TODO_TEXTS as T } from './texts';

const COLORS = { not_started: 'default', running: 'processing', done: 'success' } as const;

/** The task's tags: progress, homework, paper, late. */
const tagsOf = (task: TodoTask) => [
  <PlainTag key="progress" color={COLORS[task.progress]}>
    {T.progress[task.progress]}
  </PlainTag>,
  task.homework && (
    <PlainTag key="homework" color="purple">
      {T.homework}
    </PlainTag>
  ),
  task.schemeType === 'paper' && (
    <PlainTag key="paper" color="geekblue">
      {T.paper}
    </PlainTag>
  ),
  task.late && (
    <PlainTag key="late" color="orange">
      {T.late}
    </PlainTag>
  ),
];

/** The task's title and its tags. */
export function TaskTitle({ task }: { task: TodoTask }) {
  return (
    <PlainSpace size={4} wrap>
      {[<span key="title">{task.title}</span>, ...tagsOf(task)]}
    </PlainSpace>
  );
}

/** The task's tags alone (a phone's card, whose title is a line of its own). */
export function TaskTags({ task }: { task: TodoTask }) {
  return (
    <PlainSpace size={4} wrap>
      {tagsOf(task)}
    </PlainSpace>
  );
}

/** Starts or continues the task's training, then opens it (or its report when it has ended). */
export function useDoTask(task: TodoTask) {
  const navigate = useNavigate();
  const call = useCall();
  return useApiMutation({
    mutationFn: () => call(API.studentTaskDo, { params: { id: task.taskId } }),
    onSuccess: (tr) =>
      navigate(tr.status === 'running' ? `/student/train/${tr.trainId}/do` : `/student/train/report/${tr.trainId}`),
  });
}
