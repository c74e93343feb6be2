// /WTPteacher/change/{taskId}/{homeworkId}: marking one homework (docs/routes.md): taskId is the task's id or 0
// for answers outside tasks, homeworkId the training's id.
import { useParams } from 'react-router';
import { MarkingWorkbench } from '../../components/marking/MarkingWorkbench';

export default function ChangePage() {
  const { taskId = '0', homeworkId = '' } = useParams();
  return (
    <MarkingWorkbench key={`${taskId}/${homeworkId}`} taskId={taskId} trainId={homeworkId} backPath="/WTPteacher/" />
  );
}
