// admin/train/repository: 本机构方案库 (owned and referenced) and 方案库商店 (shared repositories of other agencies).
import { useState } from 'react';
import { App as AntApp, Button, Card, Space, Switch, Table, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { API, type TrainRepo } from '@edu/contract';
import { errorText } from '../../../api/client';
import { useAppConfig, useCall } from '../../../app/session-context';
import { TRAIN_REPO_PAGE, useTrainRepos } from './queries';
import { RepoFormModal } from '../question/RepoFormModal';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.repo;

export default function TrainRepositoryPage() {
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const { message, modal } = AntApp.useApp();
  const repos = useTrainRepos();
  const [tab, setTab] = useState('own');
  const [editing, setEditing] = useState<TrainRepo | null | undefined>(undefined);
  const store = useQuery({
    queryKey: ['train-repo-store', agencyId],
    queryFn: () => call(API.trainRepoStore, { query: { start: 0, size: TRAIN_REPO_PAGE } }),
    enabled: tab === 'store',
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['train-repos'] }),
      queryClient.invalidateQueries({ queryKey: ['train-repo-store'] }),
      queryClient.invalidateQueries({ queryKey: ['schemes'] }),
    ]);
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      void message.success(done);
      await refresh();
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  const confirm = (title: string, content: string, okText: string, run: () => Promise<unknown>, done: string) =>
    void modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger: true },
      cancelText: TRAIN_TEXTS.cancel,
      onOk: () => act(run, done),
    });
  const unsubscribeButton = (r: TrainRepo) => (
    <Button
      type="link"
      size="small"
      onClick={() =>
        confirm(
          T.unsubscribeTitle(r.name),
          T.unsubscribeBody,
          T.unsubscribe,
          () => call(API.trainRepoUnsubscribe, { params: { id: r.id } }),
          T.saved,
        )
      }
    >
      {T.unsubscribe}
    </Button>
  );
  const subscribedIds = new Set((repos.data?.list ?? []).filter((r) => !r.owned).map((r) => r.id));

  const common: TableColumnsType<TrainRepo> = [
    {
      title: T.columns.name,
      dataIndex: 'name',
      render: (name: string, r) => <Link to={`/admin/train/repository/detail/${r.id}/all`}>{name}</Link>,
    },
    { title: T.columns.owner, dataIndex: 'agencyName', width: 140 },
    { title: T.columns.count, dataIndex: 'schemeCount', width: 90 },
    {
      title: T.columns.lastUpdate,
      dataIndex: 'lastUpdate',
      width: 150,
      render: (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm'),
    },
  ];
  const ownColumns: TableColumnsType<TrainRepo> = [
    ...common.slice(0, 1),
    {
      title: '',
      key: 'kind',
      width: 70,
      render: (_, r) => (r.owned ? <Tag color="blue">{T.owned}</Tag> : <Tag>{T.referenced}</Tag>),
    },
    ...common.slice(1),
    {
      title: T.columns.shared,
      key: 'shared',
      width: 80,
      render: (_, r) =>
        r.owned ? (
          <Switch
            aria-label={`${T.shared} ${r.name}`}
            checked={r.shared}
            onChange={(shared) =>
              void act(
                () =>
                  call(API.trainRepoUpdate, {
                    params: { id: r.id },
                    body: { request: { name: r.name, description: r.description, shared } },
                  }),
                T.saved,
              )
            }
          />
        ) : null,
    },
    {
      title: T.columns.actions,
      key: 'actions',
      width: 160,
      render: (_, r) =>
        r.owned ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              {T.edit}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              disabled={r.schemeCount > 0}
              title={r.schemeCount > 0 ? T.notEmpty : undefined}
              onClick={() =>
                confirm(
                  T.removeTitle(r.name),
                  T.removeBody,
                  T.remove,
                  () => call(API.trainRepoDelete, { params: { id: r.id } }),
                  T.removed,
                )
              }
            >
              {T.remove}
            </Button>
          </Space>
        ) : (
          unsubscribeButton(r)
        ),
    },
  ];
  const storeColumns: TableColumnsType<TrainRepo> = [
    ...common,
    { title: T.description, dataIndex: 'description', ellipsis: true },
    {
      title: T.columns.actions,
      key: 'actions',
      width: 180,
      render: (_, r) =>
        subscribedIds.has(r.id) || r.subscribed ? (
          <Space size={0}>
            <Tag color="green">{T.subscribed}</Tag>
            {unsubscribeButton(r)}
          </Space>
        ) : (
          <Button
            type="link"
            size="small"
            onClick={() => void act(() => call(API.trainRepoSubscribe, { params: { id: r.id } }), T.subscribed)}
          >
            {T.subscribe}
          </Button>
        ),
    },
  ];

  return (
    <Card
      title={T.title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {T.create}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'own',
            label: T.ownTab,
            children: (
              <Table<TrainRepo>
                rowKey="id"
                columns={ownColumns}
                dataSource={repos.data?.list ?? []}
                loading={repos.isFetching}
                locale={{ emptyText: repos.isError ? errorText(repos.error) : T.empty }}
                pagination={false}
                scroll={{ x: 800 }}
              />
            ),
          },
          {
            key: 'store',
            label: T.storeTab,
            children: (
              <Table<TrainRepo>
                rowKey="id"
                columns={storeColumns}
                dataSource={store.data?.list ?? []}
                loading={store.isFetching}
                locale={{ emptyText: store.isError ? errorText(store.error) : T.storeEmpty }}
                pagination={false}
                scroll={{ x: 800 }}
              />
            ),
          },
        ]}
      />
      <RepoFormModal
        kind="train"
        open={editing !== undefined}
        repo={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void refresh();
        }}
      />
    </Card>
  );
}
