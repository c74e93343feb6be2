// Pieces shared by the scheme list and the scheme page: the time limit and the start / resume button.
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import type { OpenScheme } from '@edu/contract';
import { Duration } from '../../../components/Duration';
import { useStartTraining } from './queries';
import { TRAIN_TEXTS } from '../../../components/training/texts';

export function TimeLimit({ seconds }: { seconds: number }) {
  return seconds > 0 ? <Duration seconds={seconds} /> : <>{TRAIN_TEXTS.noLimit}</>;
}

export function StartButton({ scheme, block }: { scheme: OpenScheme; block?: boolean }) {
  const navigate = useNavigate();
  const start = useStartTraining();
  if (scheme.runningTrainId) {
    const id = scheme.runningTrainId;
    return (
      <Button type="primary" block={block} onClick={() => void navigate(`/student/train/${id}/do`)}>
        {TRAIN_TEXTS.resume}
      </Button>
    );
  }
  return (
    <Button type="primary" block={block} loading={start.isPending} onClick={() => start.mutate(scheme.schemeId)}>
      {TRAIN_TEXTS.start}
    </Button>
  );
}
