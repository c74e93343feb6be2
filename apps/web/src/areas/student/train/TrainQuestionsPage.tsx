// student/train/{trainId}/questions: every answer of the training (GET /v1/train/{id}/questions).
import { Alert, Card, Space } from 'antd';
import { Link, useParams } from 'react-router';
import { errorText } from '../../../api/client';
import { LoginGate } from './LoginGate';
import { useTrainingRecords } from './queries';
import { RecordsTable } from './RecordsTable';
import { TRAIN_TEXTS } from './texts';

function TrainQuestions() {
  const { trainId = '' } = useParams();
  const query = useTrainingRecords(trainId);
  return (
    <Card
      title={TRAIN_TEXTS.recordsPage.title}
      extra={
        <Space>
          <Link to={`/student/train/${trainId}/do`}>{TRAIN_TEXTS.doing.backToTraining}</Link>
          <Link to={`/student/train/report/${trainId}`}>{TRAIN_TEXTS.report}</Link>
          <Link to="/student/train/history">{TRAIN_TEXTS.history}</Link>
        </Space>
      }
    >
      {query.isError && <Alert type="error" showIcon title={errorText(query.error)} style={{ marginBottom: 16 }} />}
      <RecordsTable records={query.data ?? []} loading={query.isPending} />
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
