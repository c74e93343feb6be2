// /WTPteacher/history: what this teacher marked in the agency, newest first, paged (docs/marking.md "Pages").
import { useState } from 'react';
import { Alert, Card, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { type MarkingHistoryItem, cstMinutes } from '@edu/contract';
import { errorText } from '../../api/client';
import { totalNumber } from '../../api/page-total';
import { AgencySwitcher } from '../../components/AgencySwitcher';
import { useMarkingHistory } from '../../components/marking/queries';
import { MARKING_TEXTS } from '../../components/marking/texts';

const T = MARKING_TEXTS.historyPage;
const PAGE = 20;

export interface MarkingHistoryProps {
  openPath: (row: MarkingHistoryItem) => string;
}

export function MarkingHistory({ openPath }: MarkingHistoryProps) {
  const [start, setStart] = useState(0);
  const q = useMarkingHistory(start, PAGE);
  return (
    <Card title={T.title} extra={<AgencySwitcher />}>
      {q.isError && <Alert type="error" showIcon title={MARKING_TEXTS.loadFailed} description={errorText(q.error)} />}
      <Table<MarkingHistoryItem>
        rowKey="id"
        size="middle"
        scroll={{ x: 760 }}
        loading={q.isPending || q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: T.empty }}
        pagination={{
          current: Math.floor(start / PAGE) + 1,
          pageSize: PAGE,
          total: q.data ? totalNumber(q.data.total) : 0,
          showTotal: () => MARKING_TEXTS.total(q.data?.total ?? 0),
          showSizeChanger: false,
          onChange: (page) => setStart((page - 1) * PAGE),
        }}
        columns={[
          { title: T.time, dataIndex: 'markedAt', width: 150, render: (ms: number) => cstMinutes(ms) },
          { title: T.student, dataIndex: 'student', width: 110 },
          { title: T.scheme, dataIndex: 'schemeTitle', width: 150 },
          {
            title: T.question,
            dataIndex: 'title',
            render: (title: string) => <Typography.Text ellipsis>{title}</Typography.Text>,
          },
          {
            title: T.change,
            width: 120,
            render: (_, r) => `${r.oldScore === null ? '—' : r.oldScore} → ${r.newScore}`,
          },
          {
            title: T.comment,
            dataIndex: 'comment',
            width: 180,
            render: (c: string) => <Typography.Text ellipsis>{c}</Typography.Text>,
          },
          { title: '', width: 70, fixed: 'right', render: (_, r) => <Link to={openPath(r)}>{T.open}</Link> },
        ]}
      />
    </Card>
  );
}

export default function HistoryPage() {
  return <MarkingHistory openPath={(r) => `/WTPteacher/change/${r.taskId}/${r.trainId}`} />;
}
