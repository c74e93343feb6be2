// /parent/train/report/{id}/{annoId}/{showQuestion}: a child's training report (id = training id, annoId = the
// child's user id, showQuestion = 1 with each answer, 0 the figures and the chart only). The server answers as it
// would the child: a running paper shows no results (docs/parents.md "What a parent reads").
import { useMemo } from 'react';
import { Card, Descriptions, Empty, List, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { TrainingRecord, TrainingReport } from '@edu/contract';
import { EChart } from '../../components/chart/EChart';
import { PageSpinner } from '../../components/PageSpinner';
import { RecordAnswer, RecordStem } from '../../components/question/RecordView';
import { VisitorNotice } from '../../components/VisitorNotice';
import { TYPE_LABELS } from '../../components/texts';
import { useUser } from '../../app/session-context';
import { formatTime, isQuestionType, scoreOutOf } from '../../components/training/format';
import { kpChartOption } from '../../components/training/kp-chart';
import { LoadFailed } from '../../components/training/LoadFailed';
import { Verdict } from '../../components/training/RecordsTable';
import { StatusTag, TypeTag } from '../../components/training/StatusTag';
import { ReportTrainingStats } from '../../components/training/TrainingStats';
import { MarkComment } from '../../components/training/PendingMarks';
import { reportPath } from './ChildHistory';
import { useChildReport } from './queries';
import { PARENT_PAGE_TEXTS } from './page-texts';
import { PARENT_TEXTS } from './texts';

const T = PARENT_PAGE_TEXTS.report;

function KpChart({ points }: { points: TrainingReport['knowledgePoints'] }) {
  const option = useMemo(() => kpChartOption(points), [points]);
  if (points.length === 0) return <Empty description={T.kpEmpty} />;
  return <EChart option={option} label={T.kpChart} height={Math.max(280, Math.min(420, 200 + points.length * 8))} />;
}

function Records({ records, sealed }: { records: readonly TrainingRecord[]; sealed: boolean }) {
  if (records.length === 0) return <Empty description={T.recordsEmpty} />;
  return (
    <List<TrainingRecord>
      dataSource={[...records]}
      rowKey="recordId"
      renderItem={(r, i) => (
        <List.Item style={{ display: 'block' }}>
          <Space wrap size={4} style={{ marginBottom: 4 }}>
            <Typography.Text strong>{T.index(i + 1)}</Typography.Text>
            <Tag>{isQuestionType(r.type) ? TYPE_LABELS[r.type] : r.type}</Tag>
            {!sealed && <Verdict record={r} />}
            {!sealed && <Typography.Text type="secondary">{T.scoreOf(scoreOutOf(r.score, r.mark))}</Typography.Text>}
          </Space>
          <RecordStem record={r} />
          <div style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">{T.answer}</Typography.Text>
            <RecordAnswer record={r} />
          </div>
          <MarkComment record={r} />
        </List.Item>
      )}
    />
  );
}

function Report({
  report,
  childId,
  withQuestions,
}: {
  report: TrainingReport;
  childId: string;
  withQuestions: boolean;
}) {
  const t = report.training;
  const sealed = t.type === 'paper' && t.status === 'running';
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
        // The title wraps and the links sit in the body: on a phone a long scheme name would hide them.
        styles={{ title: { whiteSpace: 'normal' } }}
      >
        <Space wrap size="middle" style={{ marginBottom: 16 }}>
          <Link to={reportPath(t.trainId, childId, !withQuestions)}>
            {withQuestions ? T.withoutQuestions : T.withQuestions}
          </Link>
          <Link to={`/parent/history/${childId}`}>{PARENT_PAGE_TEXTS.history.back}</Link>
        </Space>
        {sealed ? (
          <Typography.Paragraph type="secondary">{T.paperRunning}</Typography.Paragraph>
        ) : (
          <ReportTrainingStats training={t} />
        )}
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 16 }}>
          <Descriptions.Item label={T.student}>{t.student}</Descriptions.Item>
          <Descriptions.Item label={T.started}>{formatTime(t.startTime)}</Descriptions.Item>
          <Descriptions.Item label={T.ended}>{t.endTime === null ? '--' : formatTime(t.endTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      {!sealed && !waiting && (
        <Card title={T.kpChart}>
          <KpChart points={report.knowledgePoints} />
        </Card>
      )}
      <Card title={T.records}>
        {withQuestions ? (
          <Records records={report.records} sealed={sealed || waiting} />
        ) : (
          <Typography.Text type="secondary">
            {T.recordsHidden} <Link to={reportPath(t.trainId, childId, true)}>{T.withQuestions}</Link>
          </Typography.Text>
        )}
      </Card>
    </Space>
  );
}

function ReportLoader() {
  const { id = '', annoId = '', showQuestion = '1' } = useParams();
  const withQuestions = showQuestion !== '0';
  const query = useChildReport(annoId, id, withQuestions ? '1' : '0');
  if (query.isPending) return <PageSpinner />;
  if (query.isError)
    return (
      <LoadFailed
        error={query.error}
        onRetry={() => void query.refetch()}
        missing={T.notFound}
        back={{ to: `/parent/history/${annoId}`, label: PARENT_PAGE_TEXTS.history.back }}
      />
    );
  return <Report report={query.data} childId={annoId} withQuestions={withQuestions} />;
}

export default function ParentReportPage() {
  const user = useUser();
  if (!user) return <VisitorNotice text={PARENT_TEXTS.home.visitor} action={PARENT_TEXTS.home.login} />;
  return <ReportLoader />;
}
