// /admin/store (docs/store.md): other agencies' shared question and scheme repositories — search by keyword,
// subject and grade, preview, subscribe (引用) and unsubscribe; the platform admin sees every shared one and
// withdraws (下架, with a reason) or restores it.
import { useState } from 'react';
import { Button, Card, Select, Space, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ROLE_SETS, satisfies, type StoreKind, type StoreRepo } from '@edu/contract';
import { useApiMutation } from '../../../api/mutation';
import { useAppConfig, useCall, useUser } from '../../../app/session-context';
import { timeColumn } from '../common/columns';
import { GradeSelect, SubjectSelect } from '../common/DictionarySelect';
import { ListToolbar } from '../common/ListToolbar';
import { SearchInput } from '../common/SearchInput';
import { useConfirmedMutation } from '../common/useConfirmedMutation';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { API } from '../../../api/routes';
import { STORE_KEY, SUBSCRIPTION_KEYS, subscription, useStoreList, type StoreFilter } from './queries';
import { StorePreviewDrawer } from './StorePreviewDrawer';
import { STORE_TEXTS as T } from './texts';
import { WithdrawModal } from './WithdrawModal';
import { WithdrawnTag } from '../../../components/store/WithdrawnTag';

type Withdrawn = StoreFilter['withdrawn'];

export default function StorePage() {
  const call = useCall();
  const user = useUser();
  const { agencyId } = useAppConfig();
  const platform = satisfies(user?.roles, ROLE_SETS.platformAdmin, agencyId);
  const [kind, setKind] = useState<StoreKind>('question');
  const mayUse = satisfies(user?.roles, kind === 'question' ? ROLE_SETS.questionAdmin : ROLE_SETS.trainStaff, agencyId);
  const paging = usePaging(20);
  const [keyword, setKeyword] = useState('');
  const [subjectId, setSubjectId] = useState<string>();
  const [gradeId, setGradeId] = useState<string>();
  const [withdrawn, setWithdrawn] = useState<Withdrawn>('all');
  const [previewing, setPreviewing] = useState<StoreRepo | null>(null);
  const [withdrawing, setWithdrawing] = useState<StoreRepo | null>(null);
  const { page, size } = paging;
  const filter = { kind, keyword, subjectId, gradeId, withdrawn, start: (page - 1) * size, size };
  const list = useStoreList(filter, platform);

  const subscribe = useApiMutation({
    mutationFn: (r: StoreRepo) => subscription(call, kind, r.id, true),
    success: T.subscribeDone,
    invalidates: SUBSCRIPTION_KEYS,
  });
  const unsubscribe = useConfirmedMutation(
    {
      mutationFn: (r: StoreRepo) => subscription(call, kind, r.id, false),
      success: T.unsubscribeDone,
      invalidates: SUBSCRIPTION_KEYS,
    },
    (r) => ({
      title: T.unsubscribeTitle(r.name),
      content: T.unsubscribeBody[kind],
      okText: T.unsubscribe,
      cancelText: T.cancel,
      danger: true,
    }),
  );
  const restore = useApiMutation({
    mutationFn: (r: StoreRepo) => call(API.storeRestore, { params: { kind, id: r.id } }),
    success: T.restoreDone,
    invalidates: [[STORE_KEY]],
  });

  const agencyActions = (r: StoreRepo) =>
    r.subscribed ? (
      <>
        <Tag color="green">{T.subscribed}</Tag>
        {mayUse && (
          <Button type="link" size="small" onClick={() => unsubscribe.ask(r)}>
            {T.unsubscribe}
          </Button>
        )}
      </>
    ) : (
      mayUse && (
        <Button type="link" size="small" loading={subscribe.isPending} onClick={() => void subscribe.run(r)}>
          {T.subscribe}
        </Button>
      )
    );
  const platformActions = (r: StoreRepo) =>
    r.withdrawal ? (
      <>
        <WithdrawnTag reason={r.withdrawal.reason} />
        <Button type="link" size="small" onClick={() => void restore.run(r)}>
          {T.restore}
        </Button>
      </>
    ) : (
      <Button type="link" size="small" danger onClick={() => setWithdrawing(r)}>
        {T.withdraw}
      </Button>
    );

  const columns: TableColumnsType<StoreRepo> = [
    {
      title: T.columns.name,
      dataIndex: 'name',
      render: (name: string, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{name}</Typography.Text>
          {r.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: r.description }} style={{ maxWidth: 320 }}>
              {r.description}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: T.columns.owner, dataIndex: 'agencyName', width: 120 },
    {
      title: T.columns.subjectGrade,
      key: 'subjectGrade',
      width: 120,
      render: (_, r) => `${r.subjectName ?? T.none} / ${r.gradeName ?? T.none}`,
    },
    { title: T.columns.count[kind], dataIndex: 'itemCount', width: 80 },
    timeColumn<StoreRepo>(T.columns.lastUpdate, 'lastUpdate', 150),
    {
      title: T.columns.actions,
      key: 'actions',
      width: 220,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setPreviewing(r)}>
            {T.preview}
          </Button>
          {platform ? platformActions(r) : agencyActions(r)}
        </Space>
      ),
    },
  ];

  const filters = (
    <>
      <SearchInput
        placeholder={T.search}
        style={{ width: 240, maxWidth: '100%' }}
        onSearch={paging.filtered(setKeyword)}
      />
      <SubjectSelect
        placeholder={T.subject}
        style={{ width: 120 }}
        value={subjectId}
        onChange={paging.filtered(setSubjectId)}
      />
      <GradeSelect
        placeholder={T.grade}
        style={{ width: 120 }}
        value={gradeId}
        onChange={paging.filtered(setGradeId)}
      />
      {platform && (
        <Select<Withdrawn>
          aria-label={T.withdrawn}
          style={{ width: 120 }}
          value={withdrawn}
          onChange={paging.filtered(setWithdrawn)}
          options={(['all', 'no', 'yes'] as const).map((v) => ({ value: v, label: T.withdrawnFilter[v] }))}
        />
      )}
    </>
  );

  return (
    <Card title={T.title}>
      <Typography.Paragraph type="secondary">{platform ? T.adminIntro : T.intro}</Typography.Paragraph>
      <Tabs
        activeKey={kind}
        onChange={paging.filtered((k: string) => setKind(k as StoreKind))}
        items={(['question', 'train'] as const).map((k) => ({ key: k, label: T.tabs[k] }))}
      />
      <ListToolbar filters={filters} actions={null} />
      <PagedTable<StoreRepo>
        rowKey="id"
        columns={columns}
        query={list}
        paging={paging}
        texts={{ empty: T.empty[kind], total: T.total }}
        scroll={{ x: 860 }}
        size="middle"
      />
      <StorePreviewDrawer
        key={`${kind}-${previewing?.id ?? ''}`}
        kind={kind}
        repo={previewing}
        platform={platform}
        onClose={() => setPreviewing(null)}
      />
      <WithdrawModal kind={kind} repo={withdrawing} onClose={() => setWithdrawing(null)} />
    </Card>
  );
}
