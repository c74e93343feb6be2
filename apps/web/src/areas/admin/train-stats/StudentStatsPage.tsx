// user/student/{id}/stats: a student's trainings in the agency — totals, the score rate over the trainings
// of the page as a chart, and the paged list linking to each report and scheme dashboard (a lesson's training: its
// lesson's replay).
import { Card, Col, Row, Statistic, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDuration, type StudentTrainingStats } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useViewedStudentGraphs } from '../../../components/knowledge-graph/queries';
import { EChart } from '../../../components/chart/EChart';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { trendOption } from './charts';
import { useStudentStats } from './queries';
import { percent, STATS_TEXTS } from './texts';
import { ViewedGraphs } from '../../../components/knowledge-graph/ViewedGraphs';
import { LESSON_PATHS } from '../../../components/lessons/paths';

const S = STATS_TEXTS.student;
const C = S.columns;
type Row = StudentTrainingStats['trainings']['list'][number];

/** The training table's columns; `studentId` leads 点评 back to this page. */
const columnsFor = (studentId: string) => [
  {
    title: C.title,
    dataIndex: 'title',
    ellipsis: true,
    // A lesson's training (docs/lessons.md "The engine in the lesson") is marked as such: it has no scheme.
    render: (t: string, r: Row) =>
      r.lessonId ? (
        <>
          {t} <Tag color="purple">{S.lessonTag}</Tag>
        </>
      ) : (
        t
      ),
  },
  { title: C.type, dataIndex: 'type', width: 90, render: (t: string) => <Tag>{STATS_TEXTS.typeLabels[t]}</Tag> },
  {
    title: C.status,
    dataIndex: 'status',
    width: 90,
    render: (s: string) => (
      <Tag color={s === 'running' ? 'processing' : s === 'expired' ? 'warning' : 'success'}>
        {STATS_TEXTS.statusLabels[s]}
      </Tag>
    ),
  },
  {
    title: C.score,
    key: 'score',
    width: 90,
    align: 'right' as const,
    render: (_: unknown, r: Row) => `${r.score} / ${r.maxScore}`,
  },
  {
    title: C.rate,
    key: 'rate',
    width: 80,
    align: 'right' as const,
    render: (_: unknown, r: Row) => percent(r.maxScore ? r.score / r.maxScore : null),
  },
  {
    title: C.duration,
    dataIndex: 'durationSeconds',
    width: 110,
    align: 'right' as const,
    render: (v: number) => formatDuration(v),
  },
  {
    title: C.startTime,
    dataIndex: 'startTime',
    width: 150,
    render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
  },
  {
    title: C.actions,
    key: 'actions',
    width: 150,
    render: (_: unknown, r: Row) => (
      <>
        <Link to={`/admin/train/report/${r.trainId}`}>{S.report}</Link>
        {' · '}
        {r.status !== 'running' && (
          <>
            <Link to={`/admin/train/comment/${r.trainId}/stats/${studentId}`}>{S.comment}</Link>
            {' · '}
          </>
        )}
        {r.lessonId ? (
          <Link to={LESSON_PATHS.adminReplay(r.lessonId)}>{S.lessonReplay}</Link>
        ) : (
          <Link to={`/admin/train/${r.schemeId}/dashboard`}>{S.dashboard}</Link>
        )}
      </>
    ),
  },
];

const PAGE = 20;

export default function StudentStatsPage() {
  const { id = '' } = useParams();
  const [start, setStart] = useState(0);
  const stats = useStudentStats(id, { start, size: PAGE });
  const graphs = useViewedStudentGraphs('agency', id);
  if (stats.isPending) return <PageSpinner />;
  if (stats.isError)
    return <ResultPage status="error" title={STATS_TEXTS.loadFailed} subTitle={errorText(stats.error)} />;
  const s = stats.data;
  const m = s.summary;
  return (
    <>
      <Card title={S.title(s.student.name || s.student.username)}>
        <Row gutter={[16, 16]}>
          {[
            { title: S.trainings, value: m.trainings },
            { title: S.ended, value: m.ended },
            { title: S.schemes, value: m.schemes },
            {
              title: S.accuracy,
              value: m.answered ? percent((m.credit ?? m.correct) / m.answered, 1) : STATS_TEXTS.none,
            },
            { title: S.meanScore, value: percent(m.meanScoreRate, 1) },
            { title: S.totalTime, value: formatDuration(m.totalSeconds) },
          ].map((k) => (
            <Col key={k.title} flex="1 1 140px">
              <Statistic title={k.title} value={k.value} />
            </Col>
          ))}
        </Row>
      </Card>
      {s.trainings.list.some((t) => t.status !== 'running' && t.maxScore > 0) && (
        <Card size="small" title={S.trend} style={{ marginTop: 16 }}>
          <EChart option={trendOption(s.trainings.list)} height={220} label={S.trend} />
        </Card>
      )}
      <Card size="small" title={S.list} style={{ marginTop: 16 }}>
        <Table<Row>
          rowKey="trainId"
          size="small"
          columns={columnsFor(id)}
          dataSource={s.trainings.list}
          pagination={{
            current: start / PAGE + 1,
            pageSize: PAGE,
            total: s.trainings.total,
            showSizeChanger: false,
            onChange: (p) => setStart((p - 1) * PAGE),
          }}
        />
      </Card>
      <div style={{ marginTop: 16 }}>
        <ViewedGraphs graphs={graphs} size="small" />
      </div>
    </>
  );
}
