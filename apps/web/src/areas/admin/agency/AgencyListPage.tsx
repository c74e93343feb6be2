// admin/agency/list: agencies with paging and keyword search; create and edit in a modal.
import { useState } from 'react';
import { Button, Card, Input, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type Agency } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useRefreshLoginInfo } from '../../../app/auth-actions';
import { useAppConfig, useCall } from '../../../app/session-context';
import { AGENCY_TEXTS as T } from '../texts';
import { AgencyFormModal } from './AgencyFormModal';
import { fileUrl } from './LogoUpload';

const PAGE_SIZE = 20;

export default function AgencyListPage() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const refreshLoginInfo = useRefreshLoginInfo();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Agency | null | undefined>(undefined);

  const query = useQuery({
    queryKey: ['agencies', agencyId, page, size, keyword],
    queryFn: () => call(API.agencyList, { query: { start: (page - 1) * size, size, keyword: keyword || undefined } }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<Agency> = [
    {
      title: T.columns.logo,
      dataIndex: 'logo',
      width: 72,
      render: (logo: string | null, a) =>
        logo ? (
          <img src={fileUrl(logo)} alt={a.name} style={{ width: 40, height: 40, objectFit: 'contain' }} />
        ) : (
          T.none
        ),
    },
    {
      title: T.columns.id,
      dataIndex: 'id',
      width: 140,
      render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
    },
    { title: T.columns.name, dataIndex: 'name', width: 180 },
    { title: T.columns.domain, dataIndex: 'domain', width: 200, render: (d: string | null) => d || T.none },
    { title: T.columns.profile, dataIndex: 'profile', ellipsis: true, render: (p: string) => p || T.none },
    {
      title: T.columns.lastUpdate,
      dataIndex: 'lastUpdate',
      width: 170,
      render: (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: T.columns.actions,
      key: 'actions',
      width: 90,
      render: (_, a) => (
        <Button type="link" onClick={() => setEditing(a)} style={{ padding: 0 }}>
          {T.edit}
        </Button>
      ),
    },
  ];

  const total = query.data?.total ?? 0;
  return (
    <Card
      title={T.title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {T.create}
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={T.search}
          style={{ width: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      </Space>
      {query.isError && <Typography.Paragraph type="danger">{errorText(query.error)}</Typography.Paragraph>}
      <Table<Agency>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: T.empty }}
        scroll={{ x: 900 }}
        pagination={{
          current: page,
          pageSize: size,
          // A capped total ("10000+") still pages: antd needs a number.
          total: typeof total === 'number' ? total : Number.parseInt(total, 10) || 0,
          showSizeChanger: true,
          showTotal: () => T.total(total),
          onChange: (p, s) => {
            setPage(s !== size ? 1 : p);
            setSize(s);
          },
        }}
      />
      <AgencyFormModal
        open={editing !== undefined}
        agency={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          const created = editing === null;
          setEditing(undefined);
          void queryClient.invalidateQueries({ queryKey: ['agencies'] });
          // A new agency joins a platform admin's agencies (and the agency switcher).
          if (created) void refreshLoginInfo().catch(() => undefined);
        }}
      />
    </Card>
  );
}
