// student/train/{trainId}/questions: every answer of the training (GET /v1/train/{id}/questions).
import { Alert, Card, Space } from 'antd';
import { Link, useParams } from 'react-router';
import { errorText, isEnvelopeError } from '../../../api/client';
import { CorrectionsNote } from '../../../components/training/CorrectionsNote';
import { LoadFailed, RetryButton } from '../../../components/training/LoadFailed';
import { LoginGate } from './LoginGate';
import { useTraining, useTrainingRecords } from './queries';
import { RecordsTable } from '../../../components/training/RecordsTable';
import { TRAIN_TEXTS } from '../../../components/training/texts';

function TrainQuestions() {
  const { trainId = '' } = useParams();
  const query = useTrainingRecords(trainId);
  // Only to know whether the training still runs (返回训练) and is a paper (its answers are judged when handed in).
  const training = useTraining(trainId).data;
  const runningPaper = training?.type === 'paper' && training.status === 'running';
  // An ended paper whose corrections wait (docs/practice-engine.md "Review options").
  const waiting = training?.corrections;
  if (query.isError && isEnvelopeError(query.error, 404))
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Card
      title={TRAIN_TEXTS.recordsPage.title}
      extra={
        <Space>
          {training?.status === 'running' && (
            <Link to={`/student/train/${trainId}/do`}>{TRAIN_TEXTS.doing.backToTraining}</Link>
          )}
          <Link to={`/student/train/report/${trainId}`}>{TRAIN_TEXTS.report}</Link>
          <Link to="/student/train/history">{TRAIN_TEXTS.history}</Link>
        </Space>
      }
    >
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={errorText(query.error)}
          action={<RetryButton onRetry={() => void query.refetch()} />}
          style={{ marginBottom: 16 }}
        />
      )}
      {waiting && (
        <div style={{ marginBottom: 16 }}>
          <CorrectionsNote corrections={waiting} />
        </div>
      )}
      <RecordsTable
        records={query.data ?? []}
        loading={query.isPending}
        hideResults={runningPaper || waiting !== undefined}
        paper={training?.type === 'paper'}
        emptyText={query.isError ? TRAIN_TEXTS.loadFailed : undefined}
      />
    </Card>
  );
}

export default function TrainQuestionsPage() {
  return (
    <LoginGate>
      <TrainQuestions />
    </LoginGate>
  );
}
