// student/train/history: the student's trainings, newest first and paged; a running one links to its do-page,
// an ended one to its report; on a phone one card per training (docs/web.md "Small screens"). Below it, the
// student's export of their own records and leaving the agency.
import { lazy, Suspense, useState } from 'react';
import { Alert, Card, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { TrainingSummary } from '@edu/contract';
import { errorText } from '../../../api/client';
import { ResponsiveTable, type CardFace } from '../../../components/CardList';
import { Duration } from '../../../components/Duration';
import { formatScore, formatTime, spanSeconds } from '../../../components/training/format';
import { RetryButton } from '../../../components/training/LoadFailed';
import { CorrectionsTag } from '../../../components/training/CorrectionsNote';
import { PendingTag, ScoreWithPending } from '../../../components/training/PendingMarks';
import { LoginGate } from './LoginGate';
import { totalOf, useTrainingHistory } from './queries';
import { StatusTag, TypeTag } from '../../../components/training/StatusTag';
import { TRAIN_TEXTS } from '../../../components/training/texts';

// Lazily: the student's first load stays within its budget (docs/performance.md "Bundle").
const MyRecordsCard = lazy(() => import('./MyRecordsCard'));

const T = TRAIN_TEXTS.historyPage;
const PAGE_SIZE = 20;

/** 得分 as text: none while the paper's corrections hide it. */
const scoreText = (r: TrainingSummary) =>
  TRAIN_TEXTS.score(r.corrections?.scoreHidden ? TRAIN_TEXTS.none : formatScore(r.score), formatScore(r.maxScore));

/** 得分 as the row has it: none while the paper's corrections hide it, and a tag when answers wait for marking. */
function Score({ r }: { r: TrainingSummary }) {
  return (
    <Space orientation="vertical" size={2}>
      <ScoreWithPending score={scoreText(r)} pending={r.pending} />
      <CorrectionsTag corrections={r.corrections} />
    </Space>
  );
}

const answeredOf = (r: TrainingSummary) =>
  `${r.corrections?.scoreHidden ? TRAIN_TEXTS.none : r.correct} / ${r.answered}`;

/**
 * A training on a phone: its title; type, state and what waits as tags; the score; 答对 / 答题, when and how long,
 * and the whole sentence of corrections that wait (no hover on a phone); 继续训练 or 查看报告.
 */
const cardOf = (r: TrainingSummary): CardFace => ({
  title: r.title,
  state: (
    <Space size={4} wrap>
      <TypeTag type={r.type} />
      <StatusTag status={r.status} />
      <PendingTag pending={r.pending} />
      <CorrectionsTag corrections={r.corrections} />
    </Space>
  ),
  score: `${T.score} ${scoreText(r)}`,
  meta: (
    <>
      {r.corrections && <div>{r.corrections.message}</div>}
      {T.answered} {answeredOf(r)} · {T.startedAt(formatTime(r.startTime))} · {T.duration}{' '}
      <Duration seconds={spanSeconds(r.startTime, r.endTime)} />
    </>
  ),
  action:
    r.status === 'running'
      ? { label: TRAIN_TEXTS.resume, to: `/student/train/${r.trainId}/do` }
      : { label: TRAIN_TEXTS.report, to: `/student/train/report/${r.trainId}` },
});

const columns: TableColumnsType<TrainingSummary> = [
  {
    title: T.scheme,
    dataIndex: 'title',
    // The other columns are fixed: without its own width the name got what was left of scroll.x (20 px on a phone).
    width: 220,
    render: (title: string, r) => (
      <Link to={r.status === 'running' ? `/student/train/${r.trainId}/do` : `/student/train/report/${r.trainId}`}>
        {title}
      </Link>
    ),
  },
  { title: T.type, dataIndex: 'type', width: 100, render: (type: TrainingSummary['type']) => <TypeTag type={type} /> },
  {
    title: T.status,
    dataIndex: 'status',
    width: 100,
    render: (s: TrainingSummary['status']) => <StatusTag status={s} />,
  },
  {
    title: T.score,
    key: 'score',
    width: 110,
    render: (_, r) => <Score r={r} />,
  },
  { title: T.answered, key: 'answered', width: 110, render: (_, r) => answeredOf(r) },
  { title: T.started, dataIndex: 'startTime', width: 180, render: (ms: number) => formatTime(ms) },
  {
    title: T.duration,
    key: 'duration',
    width: 120,
    render: (_, r) => <Duration seconds={spanSeconds(r.startTime, r.endTime)} />,
  },
  {
    title: T.actions,
    key: 'actions',
    width: 220,
    render: (_, r) => (
      <Space size="middle">
        {r.status === 'running' ? (
          <Link to={`/student/train/${r.trainId}/do`}>{TRAIN_TEXTS.resume}</Link>
        ) : (
          <>
            <Link to={`/student/train/report/${r.trainId}`}>{TRAIN_TEXTS.report}</Link>
            <Link to={`/student/train/comment/${r.trainId}/history`}>{TRAIN_TEXTS.comment}</Link>
          </>
        )}
        <Link to={`/student/train/${r.trainId}/questions`}>{TRAIN_TEXTS.records}</Link>
      </Space>
    ),
  },
];

function TrainHistory() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const query = useTrainingHistory((page - 1) * size, size);
  const total = query.data?.total ?? 0;
  return (
    <Card title={T.title} extra={<Link to="/student/train">{TRAIN_TEXTS.backToList}</Link>}>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={errorText(query.error)}
          action={<RetryButton onRetry={() => void query.refetch()} />}
          style={{ marginBottom: 16 }}
        />
      )}
      <ResponsiveTable<TrainingSummary>
        rowKey="trainId"
        card={cardOf}
        cardsClassName="history-cards"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: query.isError ? TRAIN_TEXTS.loadFailed : T.empty }}
        scroll={{ x: 1160 }}
        pagination={{
          current: page,
          pageSize: size,
          total: totalOf(total),
          showSizeChanger: true,
          showTotal: () => T.total(total),
          onChange: (p, s) => {
            setPage(s !== size ? 1 : p);
            setSize(s);
          },
        }}
      />
    </Card>
  );
}

export default function TrainHistoryPage() {
  return (
    <LoginGate>
      <TrainHistory />
      <Suspense fallback={null}>
        <MyRecordsCard />
      </Suspense>
    </LoginGate>
  );
}
