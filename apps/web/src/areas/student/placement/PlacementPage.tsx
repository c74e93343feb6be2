// student/eventutor (docs/lessons.md "Placement test"): the student picks their grade from the agency's placement
// tests, starts (or continues) its paper on the training page, and reads their results: per grade the latest, with
// the level it falls in and the recommended tutoring class. No test in the agency: an empty state.
import { Alert, Button, Card, Col, Empty, Row, Space, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PlacementResult, PlacementTest } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useAppConfig, useCall } from '../../../app/session-context';
import { LevelTag, PlacementResultList } from '../../../components/placement/PlacementResultList';
import { PLACEMENT_TEXTS } from '../../../components/placement/texts';
import { LoginGate } from '../train/LoginGate';
import { RetryButton } from '../../../components/training/LoadFailed';
import { PLACEMENT_PAGE_TEXTS as T } from './texts';

const placementKeys = {
  tests: (agencyId: string) => ['placement', 'tests', agencyId] as const,
  results: (agencyId: string) => ['placement', 'results', agencyId] as const,
};

function TestCard({ test, result }: { test: PlacementTest; result: PlacementResult | undefined }) {
  const call = useCall();
  const navigate = useNavigate();
  const start = useApiMutation({
    mutationFn: () => call(API.studentPlacementStart, { body: { request: { gradeId: test.gradeId } } }),
    onSuccess: (tr) =>
      navigate(tr.status === 'running' ? `/student/train/${tr.trainId}/do` : `/student/train/report/${tr.trainId}`),
  });
  const label = test.runningTrainId ? T.continue : result ? T.retake : T.start;
  return (
    <Card
      title={test.gradeName}
      actions={[
        <Button key="start" type="primary" loading={start.isPending} onClick={() => void start.run()}>
          {label}
        </Button>,
      ]}
    >
      <Space orientation="vertical" size={2}>
        <Typography.Text strong>{test.title}</Typography.Text>
        <Typography.Text type="secondary">
          {`${T.questions(test.questionCount)} · ${T.timeLimit(test.timeLimit)}`}
        </Typography.Text>
        <Typography.Text type="secondary">{T.levels(test.bandNames)}</Typography.Text>
        {result && (
          <Space size={4}>
            <Typography.Text>{T.last}</Typography.Text>
            <LevelTag band={result.band} />
          </Space>
        )}
      </Space>
    </Card>
  );
}

function Placement() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const tests = useQuery({
    queryKey: placementKeys.tests(agencyId),
    queryFn: () => call(API.studentPlacementTests),
  });
  const results = useQuery({
    queryKey: placementKeys.results(agencyId),
    queryFn: () => call(API.studentPlacementResults),
  });
  if (tests.isPending || results.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  const failed = tests.isError ? tests.error : results.isError ? results.error : null;
  if (failed !== null || !tests.data || !results.data)
    return (
      <Alert
        type="error"
        showIcon
        title={T.loadFailed}
        description={errorText(failed)}
        action={
          <RetryButton
            onRetry={() => {
              void tests.refetch();
              void results.refetch();
            }}
          />
        }
      />
    );
  const byGrade = new Map(results.data.map((r) => [r.gradeId, r]));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={T.title}>
        {tests.data.length === 0 ? (
          <Empty description={T.empty} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
            <Row gutter={[16, 16]}>
              {tests.data.map((t) => (
                <Col key={t.gradeId} xs={24} sm={12} lg={8}>
                  <TestCard test={t} result={byGrade.get(t.gradeId)} />
                </Col>
              ))}
            </Row>
          </>
        )}
      </Card>
      {(tests.data.length > 0 || results.data.length > 0) && (
        <Card title={PLACEMENT_TEXTS.resultsTitle}>
          <PlacementResultList results={results.data} reportPath={(id) => `/student/train/report/${id}`} />
        </Card>
      )}
    </Space>
  );
}

export default function PlacementPage() {
  return (
    <LoginGate>
      <Placement />
    </LoginGate>
  );
}
