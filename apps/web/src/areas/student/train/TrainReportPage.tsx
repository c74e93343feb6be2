// student/train/report/{id}: a training's report — score, correct rate, time, a chart per knowledge point
// (answered vs correct) and every answer.
import { useMemo } from 'react';
import { Card, Descriptions, Empty, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { TrainingReport } from '@edu/contract';
import { EChart } from '../../../components/chart/EChart';
import { PageSpinner } from '../../../components/PageSpinner';
import { CommentNote } from '../../../components/training-comment/CommentNote';
import { useTrainingComments } from '../../../components/training-comment/queries';
import { ResultPage } from '../../../components/ResultPage';
import { formatTime } from '../../../components/training/format';
import { kpChartOption } from '../../../components/training/kp-chart';
import { LoadFailed } from '../../../components/training/LoadFailed';
import { LoginGate } from './LoginGate';
import { useTrainingReport } from './queries';
import { RecordsTable } from '../../../components/training/RecordsTable';
import { StatusTag, TypeTag } from '../../../components/training/StatusTag';
import { TRAIN_TEXTS } from '../../../components/training/texts';
import { ReportTrainingStats } from '../../../components/training/TrainingStats';

const T = TRAIN_TEXTS.reportPage;

function KpChart({ points }: { points: TrainingReport['knowledgePoints'] }) {
  const option = useMemo(() => kpChartOption(points), [points]);
  if (points.length === 0) return <Empty description={T.kpEmpty} />;
  return <EChart option={option} label={T.kpChart} height={Math.max(280, Math.min(420, 200 + points.length * 8))} />;
}

/** The teachers' comments in short: the overall one, how many answers have one, a link to them all. */
function ReportComments({ trainId }: { trainId: string }) {
  const comments = useTrainingComments(trainId);
  if (!comments.data) return null;
  const { overall, records } = comments.data;
  return (
    <Card title={T.comments} extra={<Link to={`/student/train/comment/${trainId}/report`}>{T.allComments}</Link>}>
      {overall ? <CommentNote comment={overall} /> : <Empty description={T.noComment} />}
      {records.length > 0 && <Typography.Text type="secondary">{T.questionComments(records.length)}</Typography.Text>}
    </Card>
  );
}

function ReportView({ report }: { report: TrainingReport }) {
  const t = report.training;
  // An ended paper whose corrections wait (docs/practice-engine.md "Review options"): the answers without ✓/✗.
  const waiting = t.corrections !== undefined;
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
        <ReportTrainingStats training={t} />
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 16 }}>
          <Descriptions.Item label={T.student}>{t.student}</Descriptions.Item>
          <Descriptions.Item label={T.started}>{formatTime(t.startTime)}</Descriptions.Item>
          <Descriptions.Item label={T.ended}>
            {t.endTime === null ? TRAIN_TEXTS.none : formatTime(t.endTime)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {!waiting && (
        <Card title={T.kpChart}>
          <KpChart points={report.knowledgePoints} />
        </Card>
      )}
      {t.status !== 'running' && <ReportComments trainId={t.trainId} />}
      <Card title={T.recordsTitle}>
        <RecordsTable records={report.records} paper={t.type === 'paper'} hideResults={waiting} />
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
      <LoadFailed
        error={query.error}
        onRetry={() => void query.refetch()}
        back={{ to: '/student/train/history', label: TRAIN_TEXTS.history }}
      />
    );
  const t = query.data.training;
  // A paper is judged when it is handed in: until then its report would give the results away.
  if (t.type === 'paper' && t.status === 'running')
    return (
      <ResultPage
        status="info"
        title={T.paperRunning}
        extra={
          <Space>
            <Link to={`/student/train/${t.trainId}/do`}>{TRAIN_TEXTS.resume}</Link>
            <Link to="/student/train/history">{TRAIN_TEXTS.history}</Link>
          </Space>
        }
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
