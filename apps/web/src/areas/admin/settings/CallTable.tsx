// The recent provider calls (newest first): tokens, cost, outcome and its reason (what the server answered, for a
// failure); the platform page adds the agency.
import { Table, Tag, Tooltip, Typography, type TableColumnType } from 'antd';
import type { ReadingCall } from '@edu/contract';
import { useReadingCalls, type SettingsScope } from '../question/reading/queries';
import { errorText } from '../../../api/client';
import { timeColumn } from '../common/columns';
import { usePaging } from '../../../components/usePaging';
import { AI_SETTINGS_TEXTS } from './texts';

const C = AI_SETTINGS_TEXTS.calls;
const OUTCOME_COLORS: Record<ReadingCall['outcome'], string> = {
  ok: 'green',
  error: 'red',
  refused: 'orange',
  timeout: 'orange',
  invalid: 'volcano',
};

export function CallTable({ scope }: { scope: SettingsScope }) {
  const paging = usePaging(20);
  const calls = useReadingCalls(scope, (paging.page - 1) * paging.size, paging.size);
  const columns: TableColumnType<ReadingCall>[] = [
    timeColumn<ReadingCall>(C.at, 'at', 150),
    ...(scope === 'platform' ? [{ title: C.agency, dataIndex: 'agencyId', width: 100 }] : []),
    { title: C.purpose, dataIndex: 'purpose', width: 90, render: (p: ReadingCall['purpose']) => C.purposes[p] },
    {
      title: C.model,
      key: 'model',
      width: 180,
      render: (_: unknown, r) =>
        r.provider === 'openai' && r.model
          ? `${AI_SETTINGS_TEXTS.providerShort.openai} / ${r.model}`
          : AI_SETTINGS_TEXTS.providerShort[r.provider],
    },
    { title: C.promptTokens, dataIndex: 'promptTokens', width: 100, align: 'right' },
    { title: C.completionTokens, dataIndex: 'completionTokens', width: 100, align: 'right' },
    { title: C.cost, dataIndex: 'cost', width: 90, align: 'right', render: (c: number) => c.toFixed(4) },
    {
      title: C.outcome,
      key: 'outcome',
      width: 100,
      render: (_: unknown, r) => <Tag color={OUTCOME_COLORS[r.outcome]}>{C.outcomes[r.outcome]}</Tag>,
    },
    {
      title: C.message,
      dataIndex: 'message',
      width: 320,
      ellipsis: { showTitle: false },
      render: (m: string) => (
        <Tooltip title={m || undefined} placement="topLeft">
          <Typography.Text type={m ? undefined : 'secondary'}>{m || '—'}</Typography.Text>
        </Tooltip>
      ),
    },
  ];
  return (
    <section aria-label={C.title}>
      {calls.isError && <Typography.Paragraph type="danger">{errorText(calls.error)}</Typography.Paragraph>}
      <Table<ReadingCall>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={calls.data?.list ?? []}
        loading={calls.isFetching}
        locale={{ emptyText: C.empty }}
        scroll={{ x: 1220 }}
        pagination={paging.pagination(calls.data?.total ?? 0, C.total)}
      />
    </section>
  );
}
