// /admin/train/marking: an agency teacher's manual marking (docs/marking.md "Pages"): the queue, and with
// `?task={taskId}&train={trainId}` the marking of that training, with the homework teacher's components.
import { useSearchParams } from 'react-router';
import { MarkingQueue } from '../../../components/marking/MarkingQueue';
import { MarkingWorkbench } from '../../../components/marking/MarkingWorkbench';

export const MARKING_PAGE = '/admin/train/marking';
export const adminMarkingPath = (taskId: string, trainId: string) =>
  `${MARKING_PAGE}?task=${encodeURIComponent(taskId)}&train=${encodeURIComponent(trainId)}`;

export default function MarkingPage() {
  const [params] = useSearchParams();
  const train = params.get('train');
  if (train)
    return (
      <MarkingWorkbench
        key={`${params.get('task') ?? '0'}/${train}`}
        taskId={params.get('task') ?? '0'}
        trainId={train}
        backPath={MARKING_PAGE}
      />
    );
  return <MarkingQueue openPath={(r) => adminMarkingPath(r.taskId, r.trainId)} />;
}
