// student/train/{trainId}/do: the training as GET /v1/train/{id} has it (so a reload resumes exactly there): a
// running paper all at once under its exam bar; anything else with the header's progress and countdowns — a general
// scheme question by question (a reading question step by step), an ended training as its summary — by a part of
// its own (parts.ts).
import { lazy, Suspense, useCallback } from 'react';
import { Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Training } from '@edu/contract';
import { useAppConfig } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { LoginGate } from './LoginGate';
import { PaperTraining } from './PaperTraining';
import { isRunningPaper, TrainingOther } from './parts';
import { storeTraining, useTraining } from './queries';
import { TrainTitleCard } from './TrainHeader';

// Shown only when the read fails: antd's Result is not part of the exam page's first load.
const LoadFailed = lazy(() =>
  import('../../../components/training/LoadFailed').then((m) => ({ default: m.LoadFailed })),
);

function TrainDo() {
  const { trainId = '' } = useParams();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const query = useTraining(trainId);
  const { refetch } = query;
  const onTraining = useCallback((t: Training) => storeTraining(queryClient, agencyId, t), [queryClient, agencyId]);
  const onStale = useCallback(() => void refetch(), [refetch]);
  const paper = query.data !== undefined && isRunningPaper(query.data);

  if (query.isPending) return <PageSpinner />;
  if (query.isError && !query.data)
    return (
      <Suspense fallback={null}>
        <LoadFailed error={query.error} onRetry={onStale} />
      </Suspense>
    );
  const t = query.data;
  // A running paper keeps its time, progress and 交卷 in its own bar that stays in view (PaperTraining).
  if (paper)
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <TrainTitleCard training={t} />
        <PaperTraining
          key={t.trainId}
          training={t}
          onTraining={onTraining}
          onStale={onStale}
          receivedAt={query.dataUpdatedAt}
          onTimeUp={onStale}
        />
      </Space>
    );
  // Loaded with the training by the route's prefetch (parts.ts); after another navigation it may still be on its way.
  return (
    <Suspense fallback={<PageSpinner />}>
      <TrainingOther training={t} receivedAt={query.dataUpdatedAt} onTraining={onTraining} onStale={onStale} />
    </Suspense>
  );
}

export default function TrainDoPage() {
  return (
    <LoginGate>
      <TrainDo />
    </LoginGate>
  );
}
