// The scheme table with filters (repository, type, knowledge range), 全部/我创建的, paging and the on/off switch;
// used by train/list and the train repository detail page.
import { useState } from 'react';
import { App as AntApp, Button, Card, Dropdown, Space, Switch, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { SCHEME_TYPES, type Scheme, type SchemeType } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { useAppConfig, useCall } from '../../../app/session-context';
import { useKnowledgePoints } from '../../../app/dictionaries';
import { FilterSelect, KpTreeFilter, RepoFilter } from '../question/ListFilters';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { useTypeFilter } from '../question/useTypeFilter';
import { kpNames } from './KpMultiPicker';
import { useTrainRepos } from './queries';
import { TRAIN_TEXTS } from './texts';

const T = TRAIN_TEXTS.list;
const PAGE_SIZE = 20;

/** Where a scheme opens for editing: the editor, or the paper builder for papers. */
export const editPath = (s: Pick<Scheme, 'schemeId' | 'type'>) =>
  s.type === 'paper' ? `/admin/train/create/paper/edit/${s.schemeId}` : `/admin/train/edit/${s.schemeId}/general`;

export function CreateSchemeButton({ trainRepoId }: { trainRepoId?: string }) {
  const navigate = useNavigate();
  const query = trainRepoId ? `?repo=${trainRepoId}` : '';
  return (
    <Dropdown
      trigger={['hover', 'click']}
      menu={{
        items: [
          { key: 'general', label: T.createGeneral },
          { key: 'paper', label: T.createPaper },
        ],
        onClick: ({ key }) =>
          void navigate(
            key === 'paper'
              ? `/admin/train/create/paper/new/${trainRepoId ?? '0'}`
              : `/admin/train/create/general${query}`,
          ),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />}>
        {T.create} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

export interface SchemeTableProps {
  title: React.ReactNode;
  extra?: React.ReactNode;
  /** Fixed repository (repository detail): the repository filter is hidden. */
  trainRepoId?: string;
  type?: SchemeType;
  /** Called when the type filter changes (repository detail keeps it in the path). */
  onTypeChange?: (type: SchemeType | undefined) => void;
}

export function SchemeTable({ title, extra, trainRepoId, type: fixedType, onTypeChange }: SchemeTableProps) {
  const call = useCall();
  const navigate = useNavigate();
  const { agencyId } = useAppConfig();
  const { points: knowledgePoints } = useKnowledgePoints();
  const { modal } = AntApp.useApp();
  const repos = useTrainRepos();
  const [mine, setMine] = useState(false);
  const [repo, setRepo] = useState<string | undefined>(trainRepoId);
  const [type, setType] = useTypeFilter(fixedType, onTypeChange);
  const [kp, setKp] = useState<string | undefined>();
  const paging = usePaging(PAGE_SIZE);
  const { page, size, filtered } = paging;
  const effectiveRepo = trainRepoId ?? repo;

  const query = useQuery({
    queryKey: ['schemes', agencyId, mine, effectiveRepo, type, kp, page, size],
    queryFn: () =>
      call(mine ? API.schemeListByMe : API.schemeList, {
        query: { start: (page - 1) * size, size, trainRepoId: effectiveRepo, type, kpRange: kp ? [kp] : undefined },
      }),
    placeholderData: keepPreviousData,
  });
  const repoById = new Map((repos.data?.list ?? []).map((r) => [r.id, r]));
  // Until the repositories arrive, nothing is offered for writing.
  const writable = (s: Scheme) => repoById.get(s.trainRepoId)?.owned === true;

  const switchOn = useApiMutation({
    mutationFn: ({ s, on }: { s: Scheme; on: boolean }) =>
      call(on ? API.schemeOn : API.schemeOff, { params: { id: s.schemeId } }),
    success: (_, { on }) => (on ? T.switchedOn : T.switchedOff),
    invalidates: [['schemes']],
  });

  const toggle = (s: Scheme, on: boolean) =>
    void modal.confirm({
      title: on ? T.onTitle(s.title) : T.offTitle(s.title),
      content: on ? T.onBody : T.offBody,
      okText: on ? T.on : T.off,
      okButtonProps: on ? undefined : { danger: true },
      cancelText: TRAIN_TEXTS.cancel,
      onOk: () => switchOn.run({ s, on }),
    });

  const columns: TableColumnsType<Scheme> = [
    {
      title: T.columns.title,
      key: 'title',
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          <Link to={editPath(s)}>{s.title}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.type === 'paper'
              ? T.questions(s.phases[0]?.points[0]?.selectors.questionIds?.length ?? 0)
              : T.phases(s.phases.length)}
            {' · '}
            {s.timeLimit > 0 ? `${Math.round(s.timeLimit / 60)} 分钟` : T.noLimit}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: T.columns.type,
      dataIndex: 'type',
      width: 96,
      render: (t: SchemeType) => <Tag color={t === 'paper' ? 'purple' : 'blue'}>{TRAIN_TEXTS.typeLabels[t]}</Tag>,
    },
    ...(trainRepoId
      ? []
      : [
          {
            title: T.columns.repo,
            key: 'repo',
            width: 150,
            render: (_: unknown, s: Scheme) => {
              const r = repoById.get(s.trainRepoId);
              return (
                <Space size={4} wrap>
                  {r?.name ?? TRAIN_TEXTS.none}
                  {r && !r.owned && <Tag title={T.readOnlyHint}>{T.readOnly}</Tag>}
                </Space>
              );
            },
          },
        ]),
    {
      title: T.columns.kpRange,
      key: 'kp',
      width: 180,
      render: (_, s) =>
        s.kpRange.length ? kpNames(knowledgePoints, s.kpRange).map((n) => <Tag key={n}>{n}</Tag>) : TRAIN_TEXTS.none,
    },
    { title: T.columns.creator, dataIndex: 'creator', width: 110, render: (c: string) => c || TRAIN_TEXTS.none },
    {
      title: T.columns.status,
      key: 'status',
      width: 70,
      render: (_, s) => (
        <Switch
          aria-label={`${T.columns.status} ${s.title}`}
          checked={s.status === 'on'}
          disabled={!writable(s)}
          onChange={(on) => toggle(s, on)}
        />
      ),
    },
    {
      title: T.columns.lastUpdate,
      dataIndex: 'lastUpdate',
      width: 150,
      render: (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: T.columns.actions,
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(editPath(s))}>
            {writable(s) ? T.edit : T.view}
          </Button>
          <Button type="link" size="small" onClick={() => void navigate(`/admin/train/${s.schemeId}/dashboard`)}>
            {T.dashboard}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={title} extra={extra}>
      <Tabs
        activeKey={mine ? 'mine' : 'all'}
        onChange={(k) => filtered(setMine)(k === 'mine')}
        items={[
          { key: 'all', label: T.allTab },
          { key: 'mine', label: T.mineTab },
        ]}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        {trainRepoId === undefined && (
          <RepoFilter label={T.repo} width={180} repos={repos.data?.list} value={repo} onChange={filtered(setRepo)} />
        )}
        <FilterSelect
          label={T.type}
          placeholder={T.allTypes}
          width={130}
          value={type}
          options={SCHEME_TYPES.map((t) => ({ value: t, label: TRAIN_TEXTS.typeLabels[t] }))}
          onChange={filtered(setType)}
        />
        <KpTreeFilter label={T.kp} placeholder={T.allKps} width={240} value={kp} onChange={filtered(setKp)} />
      </Space>
      <PagedTable<Scheme>
        query={query}
        paging={paging}
        texts={T}
        rowKey="schemeId"
        columns={columns}
        scroll={{ x: 960 }}
      />
    </Card>
  );
}
