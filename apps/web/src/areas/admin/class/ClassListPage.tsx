// class/ordinary/list and class/event/list (docs/classes.md): the agency's classes of one kind (a teacher: the
// classes they teach) with search, paging and the archived ones apart; agency admins create, edit, archive and
// manage members and teachers (a drawer); everyone else reads.
import { lazy, Suspense, useState } from 'react';
import { Button, Card, Space, Switch, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { GRADEBOOK_READERS, satisfies, type ClassKind, type ClassSummary, agencyRole } from '@edu/contract';
import { API } from '../../../api/routes';
import { useCall, useUser, useAppConfig } from '../../../app/session-context';
import { timeColumn } from '../common/columns';
import { SearchInput } from '../common/SearchInput';
import { useConfirmedMutation } from '../common/useConfirmedMutation';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { ClassFormModal } from './ClassFormModal';
import { ClassPeopleDrawer } from './ClassPeopleDrawer';
import { PLACEMENT_ADMIN_TEXTS } from './placement/texts';
import { classTasksPath } from '../task/paths';
import { LESSON_PATHS } from '../../../components/lessons/paths';
import { classGradebookPath, classStatsPath, classTodayPath } from './paths';
import { CLASS_KEY, useClassList } from './queries';
import { CLASS_TEXTS } from './texts';
import { TOOLBAR } from './toolbar';

// Loaded when opened: the list itself does without the placement forms.
const PlacementDrawer = lazy(() => import('./placement/PlacementDrawer').then((m) => ({ default: m.PlacementDrawer })));

const T = CLASS_TEXTS.list;
const PAGE_SIZE = 20;

function ClassListPage({ kind }: { kind: ClassKind }) {
  const call = useCall();
  const user = useUser();
  const { agencyId } = useAppConfig();
  const paging = usePaging(PAGE_SIZE);
  const { page, size } = paging;
  const [keyword, setKeyword] = useState('');
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<ClassSummary | null | undefined>(undefined);
  const [peopleOf, setPeopleOf] = useState<ClassSummary | null>(null);
  // The placement tests of the tutoring classes (docs/lessons.md "Placement test").
  const [placementOpen, setPlacementOpen] = useState(false);
  const list = useClassList({ kind, keyword, archived, start: (page - 1) * size, size });
  const canManage = (user?.roles ?? []).includes(agencyRole('admin', agencyId));
  // The gradebook is the agency admin's and the class's teachers' (docs/gradebook.md "Access"): other readers get no link.
  const readsGradebook = satisfies(user?.roles ?? [], GRADEBOOK_READERS, agencyId);

  const toggle = useConfirmedMutation(
    {
      mutationFn: (c: ClassSummary) =>
        call(c.archived ? API.classUnarchive : API.classArchive, { params: { id: c.id } }),
      success: (r) => (r.archived ? T.archived : T.unarchived),
      invalidates: [[CLASS_KEY]],
    },
    (c) => ({
      title: c.archived ? T.unarchiveTitle(c.name) : T.archiveTitle(c.name),
      content: c.archived ? undefined : T.archiveBody,
      okText: c.archived ? T.unarchive : T.archive,
      cancelText: CLASS_TEXTS.form.cancel,
      danger: !c.archived,
    }),
  );

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
    timeColumn(T.columns.lastUpdate, 'lastUpdate', 150),
    {
      title: T.columns.actions,
      key: 'actions',
      width: 300,
      render: (_, c) => (
        <Space size={8} wrap>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setPeopleOf(c)}>
            {T.people}
          </Button>
          <Link to={classStatsPath(c.id)}>{T.stats}</Link>
          <Link to={classTodayPath(c.id)}>{T.today}</Link>
          <Link to={classTasksPath(c.id)}>{T.tasks}</Link>
          {readsGradebook && <Link to={classGradebookPath(c.id)}>{T.gradebook}</Link>}
          {c.kind === 'event' && <Link to={LESSON_PATHS.classLessons(c.id)}>{T.lessons}</Link>}
          {c.canManage && !c.archived && (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setEditing(c)}>
              {T.edit}
            </Button>
          )}
          {c.canManage && (
            <Button type="link" size="small" danger={!c.archived} style={{ padding: 0 }} onClick={() => toggle.ask(c)}>
              {c.archived ? T.unarchive : T.archive}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={CLASS_TEXTS.kinds[kind]}
      extra={
        <Space>
          {kind === 'event' && <Button onClick={() => setPlacementOpen(true)}>{PLACEMENT_ADMIN_TEXTS.open}</Button>}
          {canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {T.create(kind)}
            </Button>
          )}
        </Space>
      }
    >
      <div style={TOOLBAR}>
        <SearchInput
          placeholder={T.search}
          style={{ flex: '0 1 240px', minWidth: 0 }}
          onSearch={paging.filtered(setKeyword)}
        />
        <Space size={6}>
          <Switch
            size="small"
            checked={archived}
            aria-label={T.archivedToggle}
            onChange={paging.filtered(setArchived)}
          />
          <Typography.Text>{T.archivedToggle}</Typography.Text>
        </Space>
        {!canManage && <Typography.Text type="secondary">{T.readOnly}</Typography.Text>}
      </div>
      <PagedTable<ClassSummary>
        rowKey="id"
        columns={columns}
        query={list}
        paging={paging}
        texts={{ empty: archived ? T.emptyArchived : T.empty, total: T.total }}
        scroll={{ x: 1000 }}
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
      <Suspense fallback={null}>
        {kind === 'event' && placementOpen && <PlacementDrawer open onClose={() => setPlacementOpen(false)} />}
      </Suspense>
    </Card>
  );
}

export function OrdinaryClassListPage() {
  return <ClassListPage key="ordinary" kind="ordinary" />;
}
export function EventClassListPage() {
  return <ClassListPage key="event" kind="event" />;
}
