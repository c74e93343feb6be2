// student/train/{trainId}/do: the training as GET /v1/train/{id} has it (so a reload resumes exactly there),
// with the header's progress and countdowns; a general scheme question by question (a reading question step by
// step), a paper all at once under its exam bar, an ended training as its summary.
import { useCallback } from 'react';
import { Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Training } from '@edu/contract';
import { useAppConfig } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { GeneralTraining } from './GeneralTraining';
import { LoadFailed } from '../../../components/training/LoadFailed';
import { LoginGate } from './LoginGate';
import { PaperTraining } from './PaperTraining';
import { storeTraining, useTraining } from './queries';
import { TrainHeader, TrainTitleCard } from './TrainHeader';
import { TrainingSummaryView } from './TrainingSummaryView';

function TrainDo() {
  const { trainId = '' } = useParams();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const query = useTraining(trainId);
  const { refetch } = query;
  const onTraining = useCallback((t: Training) => storeTraining(queryClient, agencyId, t), [queryClient, agencyId]);
  const onStale = useCallback(() => void refetch(), [refetch]);

  if (query.isPending) return <PageSpinner />;
  if (query.isError && !query.data) return <LoadFailed error={query.error} onRetry={onStale} />;
  const t = query.data;
  const parts = { training: t, onTraining, onStale };
  // A running paper keeps its time, progress and 交卷 in its own bar that stays in view (PaperTraining).
  if (t.type === 'paper' && t.status === 'running' && t.paper)
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <TrainTitleCard training={t} />
        <PaperTraining key={t.trainId} {...parts} receivedAt={query.dataUpdatedAt} onTimeUp={onStale} />
      </Space>
    );
  const body =
    t.type === 'general' ? <GeneralTraining key={t.trainId} {...parts} /> : <TrainingSummaryView training={t} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <TrainHeader
        training={t}
        receivedAt={query.dataUpdatedAt}
        total={t.type === 'paper' && t.paper ? t.paper.questions.length : t.bound}
        onTimeUp={onStale}
      />
      {body}
    </Space>
  );
}

export default function TrainDoPage() {
  return (
    <LoginGate>
      <TrainDo />
    </LoginGate>
  );
}
