// One child's trainings in the current agency, newest first and paged, with a switcher when there are several
// children; each training links to its report with and without the answers (docs/routes.md "Parent"); on a phone
// one card per training with 查看报告 (docs/web.md "Small screens").
import { useState } from 'react';
import { Alert, Card, Select, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { ParentChild, TrainingSummary } from '@edu/contract';
import { errorText } from '../../api/client';
import { useViewedStudentGraphs } from '../../components/knowledge-graph/queries';
import { totalNumber } from '../../api/page-total';
import { useAppConfig } from '../../app/session-context';
import { Duration } from '../../components/Duration';
import { ResponsiveTable, type CardFace } from '../../components/CardList';
import { formatScore, formatTime, spanSeconds } from '../../components/training/format';
import { StatusTag, TypeTag } from '../../components/training/StatusTag';
import { CorrectionsTag } from '../../components/training/CorrectionsNote';
import { PendingTag, ScoreWithPending } from '../../components/training/PendingMarks';
import { ViewedGraphs } from '../../components/knowledge-graph/ViewedGraphs';
import { ChildPlacement } from './ChildPlacement';
import { useChildHistory } from './queries';
import { PARENT_PAGE_TEXTS } from './page-texts';

const T = PARENT_PAGE_TEXTS.history;
const PAGE_SIZE = 20;

export const reportPath = (trainId: string, childId: string, withQuestions: boolean) =>
  `/parent/train/report/${trainId}/${childId}/${withQuestions ? 1 : 0}`;

/** A running paper shows nothing of its results (docs/parents.md "What a parent reads"). */
const runningPaper = (r: TrainingSummary) => r.type === 'paper' && r.status === 'running';
const scoreText = (r: TrainingSummary) =>
  `${r.corrections?.scoreHidden ? '--' : formatScore(r.score)} / ${formatScore(r.maxScore)}`;
const answeredOf = (r: TrainingSummary) =>
  runningPaper(r) || r.corrections?.scoreHidden ? `-- / ${r.answered}` : `${r.correct} / ${r.answered}`;

/** A training on a phone: title, type and state, score, when, and 查看报告 (简要报告 is a link on the report). */
const cardFor =
  (childId: string) =>
  (r: TrainingSummary): CardFace => ({
    title: r.title,
    state: (
      <Space size={4} wrap>
        <TypeTag type={r.type} />
        <StatusTag status={r.status} />
        <PendingTag pending={r.pending} />
        <CorrectionsTag corrections={r.corrections} />
      </Space>
    ),
    score: `${T.score} ${runningPaper(r) ? '--' : scoreText(r)}`,
    meta: (
      <>
        {r.corrections && <div>{r.corrections.message}</div>}
        {T.answered} {answeredOf(r)} · {T.startedAt(formatTime(r.startTime))} · {T.duration}{' '}
        <Duration seconds={spanSeconds(r.startTime, r.endTime)} />
      </>
    ),
    action: { label: T.report, to: reportPath(r.trainId, childId, true) },
  });

const columnsFor = (childId: string): TableColumnsType<TrainingSummary> => [
  {
    title: T.scheme,
    dataIndex: 'title',
    width: 200,
    render: (title: string, r) => <Link to={reportPath(r.trainId, childId, true)}>{title}</Link>,
  },
  { title: T.type, dataIndex: 'type', width: 90, render: (type: TrainingSummary['type']) => <TypeTag type={type} /> },
  {
    title: T.status,
    dataIndex: 'status',
    width: 90,
    render: (s: TrainingSummary['status']) => <StatusTag status={s} />,
  },
  {
    title: T.score,
    key: 'score',
    width: 100,
    render: (_, r) =>
      runningPaper(r) ? (
        '--'
      ) : (
        <Space orientation="vertical" size={2}>
          <ScoreWithPending score={scoreText(r)} pending={r.pending} />
          <CorrectionsTag corrections={r.corrections} />
        </Space>
      ),
  },
  { title: T.answered, key: 'answered', width: 110, render: (_, r) => answeredOf(r) },
  { title: T.started, dataIndex: 'startTime', width: 170, render: (ms: number) => formatTime(ms) },
  {
    title: T.duration,
    key: 'duration',
    width: 110,
    render: (_, r) => <Duration seconds={spanSeconds(r.startTime, r.endTime)} />,
  },
  {
    title: T.actions,
    key: 'actions',
    width: 170,
    render: (_, r) => (
      <Space size="middle">
        <Link to={reportPath(r.trainId, childId, true)}>{T.report}</Link>
        <Link to={reportPath(r.trainId, childId, false)}>{T.brief}</Link>
      </Space>
    ),
  },
];

export interface ChildHistoryProps {
  kids: readonly ParentChild[];
  child: ParentChild;
  onSelect: (id: string) => void;
}

export function ChildHistory({ kids, child, onSelect }: ChildHistoryProps) {
  const { agencyId } = useAppConfig();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const here = child.agencies.some((a) => a.id === agencyId);
  const query = useChildHistory(here ? child.id : '', (page - 1) * size, size);
  const graphs = useViewedStudentGraphs('parent', here ? child.id : '');
  const total = query.data?.total ?? 0;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={T.title(child.name)}
        extra={
          kids.length > 1 && (
            <Select
              aria-label={PARENT_PAGE_TEXTS.children.switcher}
              value={child.id}
              style={{ minWidth: 140 }}
              options={kids.map((k) => ({ value: k.id, label: k.name }))}
              onChange={(id) => {
                setPage(1);
                onSelect(id);
              }}
            />
          )
        }
      >
        {!here ? (
          <Alert
            type="info"
            showIcon
            title={PARENT_PAGE_TEXTS.children.otherAgency(
              child.name,
              child.agencies.map((a) => a.name).join('、') || '—',
            )}
          />
        ) : (
          <>
            {query.isError && (
              <Alert type="error" showIcon title={errorText(query.error)} style={{ marginBottom: 16 }} />
            )}
            <ResponsiveTable<TrainingSummary>
              rowKey="trainId"
              card={cardFor(child.id)}
              cardsClassName="history-cards"
              columns={columnsFor(child.id)}
              dataSource={query.data?.list ?? []}
              loading={query.isFetching}
              locale={{ emptyText: T.empty }}
              scroll={{ x: 1040 }}
              pagination={{
                current: page,
                pageSize: size,
                total: totalNumber(total),
                showSizeChanger: true,
                showTotal: () => T.total(total),
                onChange: (p, s) => {
                  setPage(s !== size ? 1 : p);
                  setSize(s);
                },
              }}
            />
          </>
        )}
      </Card>
      {here && <ViewedGraphs graphs={graphs} />}
      {here && <ChildPlacement childId={child.id} />}
    </Space>
  );
}
