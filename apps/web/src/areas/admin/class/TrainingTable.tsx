// A student's trainings (the class pages' shared table), each linking to its report where the user may open it.
import { Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { TrainingSummary } from '@edu/contract';
import { AllowedLink } from '../../../components/AllowedLink';
import { trainingReportPath } from './paths';
import { CLASS_TEXTS } from './texts';

const S = CLASS_TEXTS.student;
const C = S.columns;

const columns: TableColumnsType<TrainingSummary> = [
  { title: C.title, dataIndex: 'title', ellipsis: true },
  { title: C.type, dataIndex: 'type', width: 70, render: (t: string) => <Tag>{S.types[t]}</Tag> },
  {
    title: C.status,
    dataIndex: 'status',
    width: 90,
    render: (s: string) => (
      <Tag color={s === 'running' ? 'processing' : s === 'expired' ? 'warning' : 'success'}>{S.statuses[s]}</Tag>
    ),
  },
  {
    title: C.score,
    key: 'score',
    width: 90,
    align: 'right',
    render: (_, r) => (r.status === 'running' && r.type === 'paper' ? '--' : `${r.score} / ${r.maxScore}`),
  },
  { title: C.correct, key: 'correct', width: 90, align: 'right', render: (_, r) => `${r.correct}/${r.answered}` },
  { title: C.start, dataIndex: 'startTime', width: 150, render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
  {
    title: C.action,
    key: 'action',
    width: 70,
    render: (_, r) => <AllowedLink to={trainingReportPath(r.trainId)}>{S.report}</AllowedLink>,
  },
];

export function TrainingTable({ trainings }: { trainings: TrainingSummary[] }) {
  return (
    <Table<TrainingSummary>
      rowKey="trainId"
      size="small"
      columns={columns}
      dataSource={trainings}
      locale={{ emptyText: S.noTrainings }}
      scroll={{ x: 700 }}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
    />
  );
}
