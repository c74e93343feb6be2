// class/ordinary/list and class/event/list (docs/classes.md): the agency's classes of one kind (a teacher: the
// classes they teach) with search, paging and the archived ones apart; agency admins create, edit, archive and
// manage members and teachers (a drawer); everyone else reads.
import { useState } from 'react';
import { App as AntApp, Button, Card, Input, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { ClassKind, ClassSummary } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { totalNumber } from '../../../api/page-total';
import { useCall, useUser, useAppConfig } from '../../../app/session-context';
import { ClassFormModal } from './ClassFormModal';
import { ClassPeopleDrawer } from './ClassPeopleDrawer';
import { classTasksPath } from '../task/paths';
import { classStatsPath, classTodayPath } from './paths';
import { CLASS_KEY, useClassList } from './queries';
import { CLASS_TEXTS } from './texts';
import { TOOLBAR } from './toolbar';

const T = CLASS_TEXTS.list;
const PAGE_SIZE = 20;

function ClassListPage({ kind }: { kind: ClassKind }) {
  const call = useCall();
  const user = useUser();
  const { agencyId } = useAppConfig();
  const { modal } = AntApp.useApp();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const [keyword, setKeyword] = useState('');
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<ClassSummary | null | undefined>(undefined);
  const [peopleOf, setPeopleOf] = useState<ClassSummary | null>(null);
  const list = useClassList({ kind, keyword, archived, start: (page - 1) * size, size });
  const canManage = (user?.roles ?? []).includes(`edu:agency:${agencyId}:admin`);

  const toggle = useApiMutation({
    mutationFn: (c: ClassSummary) => call(c.archived ? API.classUnarchive : API.classArchive, { params: { id: c.id } }),
    success: (r) => (r.archived ? T.archived : T.unarchived),
    invalidates: [[CLASS_KEY]],
  });
  const confirmToggle = (c: ClassSummary) =>
    void modal.confirm({
      title: c.archived ? T.unarchiveTitle(c.name) : T.archiveTitle(c.name),
      content: c.archived ? undefined : T.archiveBody,
      okText: c.archived ? T.unarchive : T.archive,
      okButtonProps: { danger: !c.archived },
      cancelText: CLASS_TEXTS.form.cancel,
      onOk: () => toggle.run(c),
    });

  const columns: TableColumnsType<ClassSummary> = [
    {
      title: T.columns.name,
      dataIndex: 'name',
      width: 180,
      render: (n: string, c) => (
        <Space size={4} wrap>
          <Typography.Text strong>{n}</Typography.Text>
          {c.archived && <Tag>{T.archived}</Tag>}
        </Space>
      ),
    },
    { title: T.columns.grade, dataIndex: 'gradeName', width: 90, render: (g: string | null) => g ?? T.none },
    { title: T.columns.subject, dataIndex: 'subjectName', width: 90, render: (s: string | null) => s ?? T.none },
    { title: T.columns.members, dataIndex: 'memberCount', width: 80, align: 'right' },
    {
      title: T.columns.teachers,
      dataIndex: 'teachers',
      width: 160,
      render: (ts: ClassSummary['teachers']) => (ts.length ? ts.map((t) => t.name).join('、') : T.none),
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
      width: 260,
      render: (_, c) => (
        <Space size={8} wrap>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setPeopleOf(c)}>
            {T.people}
          </Button>
          <Link to={classStatsPath(c.id)}>{T.stats}</Link>
          <Link to={classTodayPath(c.id)}>{T.today}</Link>
          <Link to={classTasksPath(c.id)}>{T.tasks}</Link>
          {c.canManage && !c.archived && (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setEditing(c)}>
              {T.edit}
            </Button>
          )}
          {c.canManage && (
            <Button
              type="link"
              size="small"
              danger={!c.archived}
              style={{ padding: 0 }}
              onClick={() => confirmToggle(c)}
            >
              {c.archived ? T.unarchive : T.archive}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const total = list.data?.total ?? 0;
  return (
    <Card
      title={CLASS_TEXTS.kinds[kind]}
      extra={
        canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {T.create(kind)}
          </Button>
        )
      }
    >
      <div style={TOOLBAR}>
        <Input.Search
          allowClear
          placeholder={T.search}
          style={{ flex: '0 1 240px', minWidth: 0 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Space size={6}>
          <Switch
            size="small"
            checked={archived}
            aria-label={T.archivedToggle}
            onChange={(v) => {
              setArchived(v);
              setPage(1);
            }}
          />
          <Typography.Text>{T.archivedToggle}</Typography.Text>
        </Space>
        {!canManage && <Typography.Text type="secondary">{T.readOnly}</Typography.Text>}
      </div>
      {list.isError && <Typography.Paragraph type="danger">{errorText(list.error)}</Typography.Paragraph>}
      <Table<ClassSummary>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: archived ? T.emptyArchived : T.empty }}
        scroll={{ x: 1000 }}
        pagination={{
          current: page,
          pageSize: size,
          total: totalNumber(total),
          showSizeChanger: true,
          showTotal: () => T.total(total),
          onChange: (p, s) => {
            setPage(s !== size ? 1 : p);
            setSize(s);
          },
        }}
      />
      <ClassFormModal
        open={editing !== undefined}
        kind={kind}
        editing={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ClassPeopleDrawer
        cls={peopleOf && (list.data?.list.find((c) => c.id === peopleOf.id) ?? peopleOf)}
        onClose={() => setPeopleOf(null)}
      />
    </Card>
  );
}

export function OrdinaryClassListPage() {
  return <ClassListPage key="ordinary" kind="ordinary" />;
}
export function EventClassListPage() {
  return <ClassListPage key="event" kind="event" />;
}
