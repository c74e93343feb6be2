// The answers of a training (records page and report): the question (excerpt, whole text on 展开), type, the
// answer in words, ✓/✗/待批改, score, time. A table on wide screens; on a phone (xs) a list, one card per answer,
// so nothing scrolls sideways (docs/web.md "Small screens").
import { List, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { TrainingRecord } from '@edu/contract';
import { usePhone } from '../AreaHeader';
import { RecordAnswer, RecordStem } from '../question/RecordView';
import { TYPE_LABELS } from '../texts';
import { formatTime, isQuestionType, recordVerdict, scoreOutOf } from './format';
import { MarkComment } from './PendingMarks';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.recordsPage;

/** ✓ 正确, 部分正确 (some of the mark, docs/practice-engine.md "Marks"), ✗ 错误, or 待批改. */
export function Verdict({ record }: { record: Pick<TrainingRecord, 'isCorrect' | 'verdict' | 'score' | 'mark'> }) {
  const verdict = recordVerdict(record);
  if (verdict === null) return <Tag color="orange">{T.pending}</Tag>;
  if (verdict === 'partial') return <Tag color="gold">{T.partial}</Tag>;
  return verdict === 'correct' ? <Tag color="green">{T.correct}</Tag> : <Tag color="red">{T.wrong}</Tag>;
}

const typeLabel = (type: string) => (isQuestionType(type) ? TYPE_LABELS[type] : type);

function Again({ r }: { r: TrainingRecord }) {
  return r.first ? null : <Tag color="default">{T.again}</Tag>;
}

/** The stem, linked to the answer's detail page once results may be seen. */
function Stem({ r, hideResults }: { r: TrainingRecord; hideResults?: boolean }) {
  if (hideResults) return <RecordStem record={r} />;
  return (
    <RecordStem
      record={r}
      link={(excerpt) => <Link to={`/student/question/answer/record/${r.recordId}`}>{excerpt}</Link>}
    />
  );
}

const columnsOf = (hideResults?: boolean): TableColumnsType<TrainingRecord> => [
  { title: T.index, key: 'index', width: 64, render: (_, __, i) => i + 1 },
  {
    title: T.question,
    key: 'title',
    render: (_, r) => (
      <Space orientation="vertical" size={0}>
        <Stem r={r} hideResults={hideResults} />
        <Again r={r} />
      </Space>
    ),
  },
  { title: T.type, dataIndex: 'type', width: 100, render: typeLabel },
  {
    title: T.phase,
    key: 'phase',
    width: 160,
    render: (_, r) => (
      <Typography.Text type="secondary">{[r.phase, r.point].filter(Boolean).join(' / ')}</Typography.Text>
    ),
  },
  {
    title: T.answer,
    key: 'answer',
    width: 220,
    render: (_, r) => (
      <>
        <RecordAnswer record={r} />
        <MarkComment record={r} />
      </>
    ),
  },
  { title: T.result, key: 'result', width: 100, render: (_, r) => <Verdict record={r} /> },
  { title: T.score, key: 'score', width: 90, render: (_, r) => scoreOutOf(r.score, r.mark) },
  { title: T.time, dataIndex: 'createTime', width: 180, render: (ms: number) => formatTime(ms) },
];

export interface RecordsTableProps {
  records: readonly TrainingRecord[];
  loading?: boolean;
  /** A paper still running is judged when it is handed in: its answers show no ✓/✗ and no score yet. */
  hideResults?: boolean;
  /** What an empty table says (a failed read is no empty training). */
  emptyText?: string;
  /** A paper's answers: its one phase and point (试卷 / 作答) say nothing, so they are left out. */
  paper?: boolean;
}

const columns = columnsOf(false);
const withoutResults = columnsOf(true).filter((c) => c.key !== 'result' && c.key !== 'score');
const withoutPhase = (cols: TableColumnsType<TrainingRecord>) => cols.filter((c) => c.key !== 'phase');
const paperColumns = withoutPhase(columns);
const paperWithoutResults = withoutPhase(withoutResults);

function columnsFor(hideResults: boolean | undefined, paper: boolean | undefined) {
  if (paper) return hideResults ? paperWithoutResults : paperColumns;
  return hideResults ? withoutResults : columns;
}

/** One answer as a list item (phones). */
interface RecordItemProps {
  r: TrainingRecord;
  index: number;
  hideResults?: boolean;
  paper?: boolean;
}

function RecordItem({ r, index, hideResults, paper }: RecordItemProps) {
  return (
    <List.Item className="record-item" style={{ display: 'block' }}>
      <Space wrap size={4} style={{ marginBottom: 4 }}>
        <Typography.Text strong>{T.indexOf(index + 1)}</Typography.Text>
        <Tag>{typeLabel(r.type)}</Tag>
        {!hideResults && <Verdict record={r} />}
        <Again r={r} />
      </Space>
      <Stem r={r} hideResults={hideResults} />
      <div style={{ marginTop: 4 }}>
        <Typography.Text type="secondary">{T.answerLabel}</Typography.Text>
        <RecordAnswer record={r} />
      </div>
      <MarkComment record={r} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {[
          paper ? '' : [r.phase, r.point].filter(Boolean).join(' / '),
          hideResults ? '' : `${T.score} ${scoreOutOf(r.score, r.mark)}`,
          formatTime(r.createTime),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Text>
    </List.Item>
  );
}

export function RecordsTable({ records, loading, hideResults, emptyText = T.empty, paper }: RecordsTableProps) {
  const phone = usePhone();
  if (phone)
    return (
      <List<TrainingRecord>
        className="records-list"
        rowKey="recordId"
        dataSource={[...records]}
        loading={loading}
        locale={{ emptyText }}
        pagination={records.length > 50 ? { pageSize: 50, size: 'small' } : false}
        renderItem={(r, i) => <RecordItem r={r} index={i} hideResults={hideResults} paper={paper} />}
      />
    );
  return (
    <Table<TrainingRecord>
      rowKey="recordId"
      size="small"
      columns={columnsFor(hideResults, paper)}
      dataSource={records}
      loading={loading}
      locale={{ emptyText }}
      pagination={records.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: paper ? 800 : 960 }}
    />
  );
}
