// The answers of a training as a table (records page and report): question, type, answer, ✓/✗/待批改, score, time.
import { Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TrainingRecord } from '@edu/contract';
import { answerText } from '../../../components/question/AnswerText';
import { TYPE_LABELS } from '../../../components/texts';
import { formatScore, formatTime, isQuestionType } from './format';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.recordsPage;

export function Verdict({ isCorrect }: { isCorrect: boolean | null }) {
  if (isCorrect === null) return <Tag color="orange">{T.pending}</Tag>;
  return isCorrect ? <Tag color="green">{T.correct}</Tag> : <Tag color="red">{T.wrong}</Tag>;
}

const columns: TableColumnsType<TrainingRecord> = [
  { title: T.index, key: 'index', width: 64, render: (_, __, i) => i + 1 },
  {
    title: T.question,
    key: 'title',
    render: (_, r) => (
      <span>
        {r.title || T.questionOf(r.questionId)}
        {!r.first && (
          <Tag style={{ marginInlineStart: 8 }} color="default">
            {T.again}
          </Tag>
        )}
      </span>
    ),
  },
  {
    title: T.type,
    dataIndex: 'type',
    width: 100,
    render: (type: string) => (isQuestionType(type) ? TYPE_LABELS[type] : type),
  },
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
    render: (_, r) => (isQuestionType(r.type) ? answerText(r.type, r.answer, false) : r.answer.join(' ')),
  },
  { title: T.result, key: 'result', width: 100, render: (_, r) => <Verdict isCorrect={r.isCorrect} /> },
  { title: T.score, key: 'score', dataIndex: 'score', width: 80, render: (s: number) => formatScore(s) },
  { title: T.time, dataIndex: 'createTime', width: 180, render: (ms: number) => formatTime(ms) },
];

export interface RecordsTableProps {
  records: readonly TrainingRecord[];
  loading?: boolean;
  /** A paper still running is judged when it is handed in: its answers show no ✓/✗ and no score yet. */
  hideResults?: boolean;
  /** What an empty table says (a failed read is no empty training). */
  emptyText?: string;
}

const withoutResults = columns.filter((c) => c.key !== 'result' && c.key !== 'score');

export function RecordsTable({ records, loading, hideResults, emptyText = T.empty }: RecordsTableProps) {
  return (
    <Table<TrainingRecord>
      rowKey="recordId"
      size="small"
      columns={hideResults ? withoutResults : columns}
      dataSource={records}
      loading={loading}
      locale={{ emptyText }}
      pagination={records.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 900 }}
    />
  );
}
