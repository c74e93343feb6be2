// student/train/scheme/{schemeId}: one open scheme (found through the open list) with 开始训练 / 继续训练.
import { Alert, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { KnowledgePointBrief, OpenScheme } from '@edu/contract';
import { useKnowledgePoints } from '../../../app/dictionaries';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { formatTime } from '../../../components/training/format';
import { LoadFailed } from '../../../components/training/LoadFailed';
import { LoginGate } from './LoginGate';
import { useOpenScheme } from './queries';
import { StartButton, TimeLimit } from './SchemeParts';
import { TypeTag } from '../../../components/training/StatusTag';
import { TRAIN_TEXTS } from '../../../components/training/texts';

const T = TRAIN_TEXTS.scheme;

function KpRange({ codes, points }: { codes: readonly string[]; points: readonly KnowledgePointBrief[] }) {
  if (codes.length === 0) return <>{T.allKps}</>;
  const names = new Map(points.map((p) => [p.code, p.name]));
  return (
    <Space wrap size={4}>
      {codes.map((c) => (
        <Tag key={c}>{names.get(c) ?? c}</Tag>
      ))}
    </Space>
  );
}

function SchemeView({ scheme: s }: { scheme: OpenScheme }) {
  const { points: knowledgePoints } = useKnowledgePoints();
  return (
    <Card
      title={
        <Space>
          {s.title}
          <TypeTag type={s.type} />
        </Space>
      }
      extra={<Link to="/student/train">{TRAIN_TEXTS.backToList}</Link>}
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {s.type === 'paper' ? T.paperHint : T.generalHint}
        </Typography.Paragraph>
        <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small">
          <Descriptions.Item label={T.type}>{TRAIN_TEXTS.types[s.type]}</Descriptions.Item>
          <Descriptions.Item label={T.timeLimit}>
            <TimeLimit seconds={s.timeLimit} />
          </Descriptions.Item>
          <Descriptions.Item label={T.phaseCount}>{s.phaseCount}</Descriptions.Item>
          <Descriptions.Item label={T.questionBound}>{s.questionBound}</Descriptions.Item>
          <Descriptions.Item label={T.finishedCount}>{s.finishedCount}</Descriptions.Item>
          <Descriptions.Item label={T.lastUpdate}>{formatTime(s.lastUpdate)}</Descriptions.Item>
          <Descriptions.Item label={T.kpRange} span={2}>
            <KpRange codes={s.kpRange} points={knowledgePoints} />
          </Descriptions.Item>
        </Descriptions>
        {s.runningTrainId && <Alert type="info" showIcon title={T.running} />}
        <Space>
          <StartButton scheme={s} />
          <Link to="/student/train/history">{TRAIN_TEXTS.history}</Link>
        </Space>
      </Space>
    </Card>
  );
}

function SchemeDetail() {
  const { schemeId = '' } = useParams();
  const query = useOpenScheme(schemeId);
  if (query.isPending) return <PageSpinner />;
  if (query.isError)
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} missing={T.notFound} />;
  if (!query.data)
    return (
      <ResultPage status={404} title={T.notFound} extra={<Link to="/student/train">{TRAIN_TEXTS.backToList}</Link>} />
    );
  return <SchemeView scheme={query.data} />;
}

export default function SchemeDetailPage() {
  return (
    <LoginGate>
      <SchemeDetail />
    </LoginGate>
  );
}
