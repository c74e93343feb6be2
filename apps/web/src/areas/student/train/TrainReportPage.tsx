// student/train/report/{id}: a training's report — score, correct rate, time, a chart per knowledge point
// (answered vs correct) and every answer.
import { useMemo } from 'react';
import { Card, Col, Descriptions, Empty, Row, Space, Statistic } from 'antd';
import { Link, useParams } from 'react-router';
import type { TrainingReport } from '@edu/contract';
import { errorText } from '../../../api/client';
import { EChart } from '../../../components/chart/EChart';
import { Duration } from '../../../components/Duration';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { correctRate, formatScore, formatTime } from './format';
import { kpChartOption } from './kp-chart';
import { LoginGate } from './LoginGate';
import { useTrainingReport } from './queries';
import { RecordsTable } from './RecordsTable';
import { StatusTag, TypeTag } from './StatusTag';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.reportPage;
const S = TRAIN_TEXTS.summary;

function KpChart({ points }: { points: TrainingReport['knowledgePoints'] }) {
  const option = useMemo(() => kpChartOption(points), [points]);
  if (points.length === 0) return <Empty description={T.kpEmpty} />;
  return <EChart option={option} label={T.kpChart} height={Math.max(280, Math.min(420, 200 + points.length * 8))} />;
}

function ReportView({ report }: { report: TrainingReport }) {
  const t = report.training;
  const rate = correctRate(t.correct, t.answered);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space wrap>
            {T.title(t.title)}
            <TypeTag type={t.type} />
            <StatusTag status={t.status} />
          </Space>
        }
        extra={
          <Space>
            {t.status === 'running' && <Link to={`/student/train/${t.trainId}/do`}>{TRAIN_TEXTS.resume}</Link>}
            <Link to="/student/train/history">{TRAIN_TEXTS.history}</Link>
          </Space>
        }
      >
        <Row gutter={[16, 16]} className="report-stats">
          <Col xs={12} md={6}>
            <Statistic title={S.score} value={formatScore(t.score)} suffix={`/ ${formatScore(t.maxScore)}`} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={S.correctRate}
              value={rate ?? TRAIN_TEXTS.none}
              suffix={rate === null ? undefined : '%'}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={S.answered} value={t.answered} suffix={`（${S.correct} ${t.correct}）`} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={S.duration} valueRender={() => <Duration seconds={t.durationSeconds} />} />
          </Col>
        </Row>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 16 }}>
          <Descriptions.Item label={T.student}>{t.student}</Descriptions.Item>
          <Descriptions.Item label={T.started}>{formatTime(t.startTime)}</Descriptions.Item>
          <Descriptions.Item label={T.ended}>
            {t.endTime === null ? TRAIN_TEXTS.none : formatTime(t.endTime)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={T.kpChart}>
        <KpChart points={report.knowledgePoints} />
      </Card>
      <Card title={T.recordsTitle}>
        <RecordsTable records={report.records} />
      </Card>
    </Space>
  );
}

function TrainReport() {
  const { id = '' } = useParams();
  const query = useTrainingReport(id);
  if (query.isPending) return <PageSpinner />;
  if (query.isError)
    return (
      <ResultPage
        status="error"
        title={TRAIN_TEXTS.loadFailed}
        subTitle={errorText(query.error)}
        extra={<Link to="/student/train/history">{TRAIN_TEXTS.history}</Link>}
      />
    );
  return <ReportView report={query.data} />;
}

export default function TrainReportPage() {
  return (
    <LoginGate>
      <TrainReport />
    </LoginGate>
  );
}
