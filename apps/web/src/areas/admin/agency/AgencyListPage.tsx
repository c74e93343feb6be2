// admin/agency/list: agencies with paging and keyword search, each with its admins; create and edit in a modal, and
// the platform admin gives an agency its admins (docs/users.md "An agency's first admin") and reads each agency's FSRS
// fit (docs/practice-engine.md "FSRS fitted to each agency").
import { useState } from 'react';
import { Button, Card, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_SETS, satisfies, type AgencyListItem } from '@edu/contract';
import { API } from '../../../api/routes';
import { useRefreshLoginInfo } from '../../../app/auth-actions';
import { useAppConfig, useCall, useUser } from '../../../app/session-context';
import { timeColumn } from '../common/columns';
import { SearchInput } from '../common/SearchInput';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { AGENCY_TEXTS as T } from '../texts';
import { PasswordOnceModal, type ShownPassword } from '../user/PasswordOnceModal';
import { AgencyAdminModal } from './AgencyAdminModal';
import { AgencyFormModal } from './AgencyFormModal';
import { FsrsFitsCard } from './FsrsFitsCard';
import { fileUrl } from './LogoUpload';

const PAGE_SIZE = 20;

export default function AgencyListPage() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const refreshLoginInfo = useRefreshLoginInfo();
  const paging = usePaging(PAGE_SIZE);
  const { page, size } = paging;
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<AgencyListItem | null | undefined>(undefined);
  const [givingAdmin, setGivingAdmin] = useState<AgencyListItem | null>(null);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  // Only the platform admin gives agencies their admins (the calls' rule); an agency manager sees who they are.
  const mayGiveAdmins = satisfies(useUser()?.roles, ROLE_SETS.platformAdmin, agencyId);

  const query = useQuery({
    queryKey: ['agencies', agencyId, page, size, keyword],
    queryFn: () => call(API.agencyList, { query: { start: (page - 1) * size, size, keyword: keyword || undefined } }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<AgencyListItem> = [
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
    {
      title: T.admins.column,
      dataIndex: 'admins',
      width: 200,
      render: (admins: AgencyListItem['admins']) =>
        admins.length ? (
          <Space size={[0, 4]} wrap>
            {admins.map((a) => (
              <Tag key={a.id}>
                {a.name}（{a.username}）
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="warning">{T.admins.none}</Typography.Text>
        ),
    },
    { title: T.columns.domain, dataIndex: 'domain', width: 200, render: (d: string | null) => d || T.none },
    { title: T.columns.profile, dataIndex: 'profile', ellipsis: true, render: (p: string) => p || T.none },
    timeColumn(T.columns.lastUpdate, 'lastUpdate', 170),
    {
      title: T.columns.actions,
      key: 'actions',
      width: mayGiveAdmins ? 170 : 90,
      render: (_, a) => (
        <Space size="middle">
          <Button type="link" onClick={() => setEditing(a)} style={{ padding: 0 }}>
            {T.edit}
          </Button>
          {mayGiveAdmins && (
            <Button type="link" onClick={() => setGivingAdmin(a)} style={{ padding: 0 }}>
              {a.admins.length ? T.admins.add : T.admins.set}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Card
        title={T.title}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {T.create}
          </Button>
        }
      >
        <Space style={{ marginBottom: 16 }}>
          <SearchInput placeholder={T.search} style={{ width: 280 }} onSearch={paging.filtered(setKeyword)} />
        </Space>
        <PagedTable<AgencyListItem>
          rowKey="id"
          columns={columns}
          query={query}
          paging={paging}
          texts={T}
          scroll={{ x: 1100 }}
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
        <AgencyAdminModal
          agency={givingAdmin}
          onClose={() => setGivingAdmin(null)}
          onCreated={(created) => {
            setGivingAdmin(null);
            setShown({ ...created.admin, password: created.password });
          }}
        />
        <PasswordOnceModal shown={shown} onClose={() => setShown(null)} />
      </Card>
      {/* FSRS fitted to each agency: the platform admin's only (its call's rule). */}
      {mayGiveAdmins && <FsrsFitsCard />}
    </>
  );
}
