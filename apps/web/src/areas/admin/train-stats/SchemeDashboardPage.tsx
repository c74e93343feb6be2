// train/{id}/dashboard (full screen): participation over time, score distribution, and per question the
// facility (and for papers discrimination and efficiency) with the questions to review highlighted.
import { Alert, Card, Col, Empty, Row, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDuration, type SchemeQuestionStats } from '@edu/contract';
import { errorText } from '../../../api/client';
import { EChart } from '../../../components/chart/EChart';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { TYPE_LABELS } from '../question/texts';
import { questionOption, scoreDistributionOption, timelineOption } from './charts';
import { SimulationButton } from '../train/simulation/SimulationPanel';
import { CalibrationCell } from './CalibrationCell';
import { DashboardFrame } from './DashboardFrame';
import { questionPreviewPath } from './paths';
import { useAnswerStats, useUserStats, type StatsRange } from './queries';
import { fixed, percent, STATS_TEXTS } from './texts';

const T = STATS_TEXTS.dashboard;
const C = STATS_TEXTS.columns;

function questionColumns(paper: boolean) {
  return [
    {
      title: C.position,
      key: 'position',
      width: 64,
      render: (_: unknown, q: SchemeQuestionStats, i: number) => q.position ?? i + 1,
    },
    {
      title: C.title,
      dataIndex: 'title',
      ellipsis: true,
      render: (t: string, q: SchemeQuestionStats) => (
        <Link to={questionPreviewPath(q.questionId)}>{t || STATS_TEXTS.report.questionN(q.questionId)}</Link>
      ),
    },
    {
      title: C.type,
      dataIndex: 'type',
      width: 100,
      render: (t: string) => TYPE_LABELS[t as keyof typeof TYPE_LABELS] ?? t,
    },
    { title: C.attempts, dataIndex: 'attempts', width: 90, align: 'right' as const },
    ...(paper ? [{ title: C.seen, dataIndex: 'seen', width: 90, align: 'right' as const }] : []),
    {
      title: C.facility,
      dataIndex: 'facility',
      width: 100,
      align: 'right' as const,
      render: (v: number | null) => percent(v, 1),
    },
    { title: C.sd, dataIndex: 'sd', width: 80, align: 'right' as const, render: (v: number | null) => fixed(v) },
    ...(paper
      ? [
          {
            title: C.discrimination,
            dataIndex: 'discrimination',
            width: 90,
            align: 'right' as const,
            render: (v: number | null) => fixed(v, 1),
          },
          {
            title: C.efficiency,
            dataIndex: 'efficiency',
            width: 90,
            align: 'right' as const,
            render: (v: number | null) => fixed(v, 1),
          },
        ]
      : []),
    {
      title: <Tooltip title={C.calibrationHelp}>{C.calibration}</Tooltip>,
      key: 'calibration',
      width: 260,
      render: (_: unknown, q: SchemeQuestionStats) => <CalibrationCell calibration={q.calibration} />,
    },
    {
      title: C.flagged,
      dataIndex: 'flagged',
      width: 110,
      render: (f: SchemeQuestionStats['flagged']) => (f ? <Tag color="red">{STATS_TEXTS.flags[f]}</Tag> : null),
    },
  ];
}

export default function SchemeDashboardPage() {
  const { id = '' } = useParams();
  const [range, setRange] = useState<StatsRange>({});
  const users = useUserStats(id, range, { start: 0, size: 1 });
  const answers = useAnswerStats(id, range);
  if (users.isPending || answers.isPending) return <PageSpinner />;
  if (users.isError || answers.isError)
    return (
      <ResultPage
        fullPage
        status="error"
        title={STATS_TEXTS.loadFailed}
        subTitle={errorText(users.error ?? answers.error)}
      />
    );
  const u = users.data;
  const a = answers.data;
  const s = u.summary;
  const paper = a.type === 'paper';
  const flagged = a.questions.filter((q) => q.flagged).length;
  const refresh = () => {
    void users.refetch();
    void answers.refetch();
  };
  return (
    <DashboardFrame
      schemeId={id}
      title={T.title(u.title)}
      type={u.type}
      view="overview"
      onRange={setRange}
      onRefresh={refresh}
      actions={<SimulationButton schemeId={id} title={u.title} />}
    >
      <Row gutter={[16, 16]}>
        {[
          { title: T.users, value: s.users },
          { title: T.started, value: s.started },
          { title: T.finished, value: s.finished + s.expired },
          { title: T.running, value: s.running },
          {
            title: T.meanTime,
            value: s.meanSeconds === null ? STATS_TEXTS.none : formatDuration(Math.round(s.meanSeconds)),
          },
          { title: T.meanScore, value: percent(s.meanScoreRate, 1) },
          { title: T.medianScore, value: percent(s.medianScoreRate, 1) },
        ].map((k) => (
          <Col key={k.title} flex="1 1 150px">
            <Card size="small">
              <Statistic title={k.title} value={k.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <Card size="small" title={T.timeline}>
            {u.timeline.length ? (
              <EChart option={timelineOption(u)} height={280} label={T.timeline} />
            ) : (
              <Empty description={T.noData} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={T.scores}>
            <EChart option={scoreDistributionOption(u)} height={280} label={T.scores} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={T.questions} style={{ marginTop: 16 }} extra={T.questionsHint(a.trainings)}>
        {flagged > 0 && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={T.flaggedCount(flagged)} />
        )}
        {a.questions.length > 0 && <EChart option={questionOption(a)} height={260} label={T.questions} />}
        <Table<SchemeQuestionStats>
          rowKey="questionId"
          size="small"
          columns={questionColumns(paper)}
          dataSource={a.questions}
          pagination={a.questions.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          onRow={(q) => (q.flagged ? { style: { background: '#fff1f0' } } : {})}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {STATS_TEXTS.thresholds(a.thresholds)}
        </Typography.Paragraph>
      </Card>
    </DashboardFrame>
  );
}
