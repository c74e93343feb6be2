// The repository list of either kind: admin/question/repository (本机构题库 and 题库商店) and
// admin/train/repository (本机构方案库 and 方案库商店) — owned and referenced repositories, and the shared
// repositories of other agencies. What differs between the kinds is in REPO_KINDS.
import { useState } from 'react';
import { App as AntApp, Button, Card, Space, Switch, Table, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { type QuestionRepo, type TrainRepo } from '@edu/contract';
import { API } from '../../../api/routes';
import type { Call } from '../../../api/call';
import { errorText } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useAppConfig, useCall } from '../../../app/session-context';
import { TRAIN_REPO_TEXTS } from '../train-repo-texts';
import { WithdrawnTag } from '../../../components/store/WithdrawnTag';
import { STORE_SHARED_TEXTS } from '../../../components/store/texts';
import { RepoFormModal } from './RepoFormModal';
import { QUESTION_TEXTS } from './texts';

type Repo = QuestionRepo | TrainRepo;
type Page = Promise<{ list: Repo[] }>;
/** Both kinds list at most this many repositories on one page. */
const PAGE = 200;
const page = { query: { start: 0, size: PAGE } };
const byId = (id: string) => ({ params: { id } });
const update = (r: Repo, shared: boolean) => ({
  params: { id: r.id },
  body: { request: { name: r.name, description: r.description, shared } },
});

export const REPO_KINDS = {
  question: {
    texts: QUESTION_TEXTS,
    /** The query keys of the lists (the question pages read `repos` too). */
    listKey: 'repos',
    storeKey: 'repo-store',
    alsoRefresh: [] as string[],
    count: (r: Repo) => (r as QuestionRepo).questionCount,
    countField: 'questionCount',
    detail: (id: string) => `/admin/question/repository/detail/${id}/all`,
    storeActionsWidth: 120,
    list: (call: Call): Page => call(API.repoList, page),
    store: (call: Call): Page => call(API.repoStore, page),
    update: (call: Call, r: Repo, shared: boolean) => call(API.repoUpdate, update(r, shared)),
    remove: (call: Call, id: string) => call(API.repoDelete, byId(id)),
    subscribe: (call: Call, id: string) => call(API.repoSubscribe, byId(id)),
    unsubscribe: (call: Call, id: string) => call(API.repoUnsubscribe, byId(id)),
  },
  train: {
    texts: TRAIN_REPO_TEXTS,
    listKey: 'train-repos',
    storeKey: 'train-repo-store',
    /** A scheme list shows its repository's name. */
    alsoRefresh: ['schemes'],
    count: (r: Repo) => (r as TrainRepo).schemeCount,
    countField: 'schemeCount',
    detail: (id: string) => `/admin/train/repository/detail/${id}/all`,
    storeActionsWidth: 180,
    list: (call: Call): Page => call(API.trainRepoList, page),
    store: (call: Call): Page => call(API.trainRepoStore, page),
    update: (call: Call, r: Repo, shared: boolean) => call(API.trainRepoUpdate, update(r, shared)),
    remove: (call: Call, id: string) => call(API.trainRepoDelete, byId(id)),
    subscribe: (call: Call, id: string) => call(API.trainRepoSubscribe, byId(id)),
    unsubscribe: (call: Call, id: string) => call(API.trainRepoUnsubscribe, byId(id)),
  },
};

export function RepositoryListPage({ kind }: { kind: keyof typeof REPO_KINDS }) {
  const K = REPO_KINDS[kind];
  const T = K.texts.repo;
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const { modal } = AntApp.useApp();
  const [tab, setTab] = useState('own');
  const [editing, setEditing] = useState<Repo | null | undefined>(undefined);
  const repos = useQuery({ queryKey: [K.listKey, agencyId], queryFn: () => K.list(call) });
  const store = useQuery({
    queryKey: [K.storeKey, agencyId],
    queryFn: () => K.store(call),
    enabled: tab === 'store',
  });
  const refresh = () =>
    Promise.all(
      [K.listKey, K.storeKey, ...K.alsoRefresh].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
  /** Every write of the page: the call and what to say when it worked; the lists and their users refetch. */
  const write = useApiMutation({
    mutationFn: (w: { run: () => Promise<unknown>; done: string }) => w.run(),
    success: (_, w) => w.done,
    invalidates: [[K.listKey], [K.storeKey], ...K.alsoRefresh.map((key) => [key])],
  });
  const act = (run: () => Promise<unknown>, done: string) => write.run({ run, done });
  const confirm = (title: string, content: string, okText: string, run: () => Promise<unknown>, done: string) =>
    void modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger: true },
      cancelText: K.texts.cancel,
      onOk: () => act(run, done),
    });
  const unsubscribeButton = (r: Repo) => (
    <Button
      type="link"
      size="small"
      onClick={() =>
        confirm(T.unsubscribeTitle(r.name), T.unsubscribeBody, T.unsubscribe, () => K.unsubscribe(call, r.id), T.saved)
      }
    >
      {T.unsubscribe}
    </Button>
  );
  const subscribedIds = new Set((repos.data?.list ?? []).filter((r) => !r.owned).map((r) => r.id));

  const common: TableColumnsType<Repo> = [
    {
      title: T.columns.name,
      dataIndex: 'name',
      render: (name: string, r) => <Link to={K.detail(r.id)}>{name}</Link>,
    },
    { title: T.columns.owner, dataIndex: 'agencyName', width: 140 },
    { title: T.columns.count, dataIndex: K.countField, width: 90 },
    {
      title: T.columns.lastUpdate,
      dataIndex: 'lastUpdate',
      width: 150,
      render: (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm'),
    },
  ];
  const ownColumns: TableColumnsType<Repo> = [
    ...common.slice(0, 1),
    {
      title: '',
      key: 'kind',
      width: 70,
      render: (_, r) => (r.owned ? <Tag color="blue">{T.owned}</Tag> : <Tag>{T.referenced}</Tag>),
    },
    {
      // A platform admin withdrew it from the store: its owner sees why (docs/store.md "Withdrawal").
      title: '',
      key: 'withdrawal',
      width: 150,
      render: (_, r) =>
        r.withdrawal ? (
          <WithdrawnTag reason={r.withdrawal.reason} label={STORE_SHARED_TEXTS.withdrawnByPlatform} showReason />
        ) : null,
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
            onChange={(shared) => void act(() => K.update(call, r, shared), T.saved)}
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
              disabled={K.count(r) > 0}
              title={K.count(r) > 0 ? T.notEmpty : undefined}
              onClick={() =>
                confirm(T.removeTitle(r.name), T.removeBody, T.remove, () => K.remove(call, r.id), T.removed)
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
  const storeColumns: TableColumnsType<Repo> = [
    ...common,
    { title: T.description, dataIndex: 'description', ellipsis: true },
    {
      title: T.columns.actions,
      key: 'actions',
      width: K.storeActionsWidth,
      render: (_, r) =>
        subscribedIds.has(r.id) || r.subscribed ? (
          <Space size={0}>
            <Tag color="green">{T.subscribed}</Tag>
            {unsubscribeButton(r)}
          </Space>
        ) : (
          <Button type="link" size="small" onClick={() => void act(() => K.subscribe(call, r.id), T.subscribed)}>
            {T.subscribe}
          </Button>
        ),
    },
  ];

  const table = (
    columns: TableColumnsType<Repo>,
    q: { data?: { list: Repo[] }; isFetching: boolean; isError: boolean; error: unknown },
    empty: string,
  ) => (
    <Table<Repo>
      rowKey="id"
      columns={columns}
      dataSource={q.data?.list ?? []}
      loading={q.isFetching}
      locale={{ emptyText: q.isError ? errorText(q.error) : empty }}
      pagination={false}
      scroll={{ x: 800 }}
    />
  );

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
            children: table(ownColumns, repos, T.empty),
          },
          {
            key: 'store',
            label: T.storeTab,
            children: table(storeColumns, store, T.storeEmpty),
          },
        ]}
      />
      <RepoFormModal
        kind={kind}
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
