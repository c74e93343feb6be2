// admin/knowledgraph/groups (docs/web.md "Knowledge graph"): the platform's curated graphs with search, a subject
// filter and paging, in the order students see them (by subject, then each group's place: 上移 / 下移 move a group
// one place among its subject's groups); create, edit, delete after a confirmation naming the graph; links into
// each graph's pages.
import { useMemo, useState } from 'react';
import { App, Button, Card, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { GraphGroup } from '@edu/contract';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { GRAPH_KEY, useGraphGroups } from '../../../components/knowledge-graph/queries';
import { useGrades, useSubjects } from '../../../app/dictionaries';
import { useCall } from '../../../app/session-context';
import { timeColumn } from '../common/columns';
import { SubjectSelect } from '../common/DictionarySelect';
import { ListToolbar } from '../common/ListToolbar';
import { SearchInput } from '../common/SearchInput';
import { useConfirmedMutation } from '../common/useConfirmedMutation';
import { PagedTable } from '../../../components/PagedTable';
import { usePaging } from '../../../components/usePaging';
import { GroupFormModal } from './GroupFormModal';
import { graphAddItemsPath, graphItemsPath, graphPreviewPath, graphStatsPath } from './paths';
import { GRAPH_TEXTS } from './texts';

const T = GRAPH_TEXTS.groups;
const PAGE_SIZE = 20;

const nameMap = (list?: { id: string; name: string }[]) => new Map((list ?? []).map((d) => [d.id, d.name]));

export default function GroupListPage() {
  const call = useCall();
  const navigate = useNavigate();
  const paging = usePaging(PAGE_SIZE);
  const { page, size } = paging;
  const [keyword, setKeyword] = useState('');
  const [subjectId, setSubjectId] = useState<string | undefined>();
  const [editing, setEditing] = useState<GraphGroup | null | undefined>(undefined);
  const list = useGraphGroups({ keyword, subjectId, start: (page - 1) * size, size });
  const subjects = useSubjects();
  const grades = useGrades();
  const subjectNames = useMemo(() => nameMap(subjects.data), [subjects.data]);
  const gradeNames = useMemo(() => nameMap(grades.data), [grades.data]);

  const { message } = App.useApp();
  const move = useApiMutation({
    mutationFn: (v: { group: GraphGroup; direction: 'up' | 'down' }) =>
      call(API.graphGroupMove, { params: { id: v.group.id }, body: { request: { direction: v.direction } } }),
    invalidates: [[GRAPH_KEY]],
    onSuccess: (r, v) => {
      if (r.moved) void message.success(T.moved);
      else void message.info(v.direction === 'up' ? T.atTop : T.atBottom);
    },
  });
  const rows = list.data?.list ?? [];
  // The ends a page shows: the first of the list, or a row under another subject's (the list goes by subject).
  const firstOfSubject = (i: number) => (i === 0 ? page === 1 : rows[i - 1].subjectId !== rows[i].subjectId);
  const lastOfSubject = (i: number) =>
    i === rows.length - 1
      ? (page - 1) * size + rows.length >= Number(list.data?.total ?? 0)
      : rows[i + 1].subjectId !== rows[i].subjectId;

  /** ↑ or ↓: disabled at an end of its subject as far as the page shows one (a keyword hides neighbours). */
  const moveButton = (g: GraphGroup, direction: 'up' | 'down', atEnd: boolean) => (
    <Button
      type="text"
      size="small"
      icon={direction === 'up' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
      aria-label={(direction === 'up' ? T.moveUp : T.moveDown)(g.name)}
      disabled={keyword === '' && atEnd}
      loading={move.isPending && move.variables?.group.id === g.id && move.variables.direction === direction}
      onClick={() => move.mutate({ group: g, direction })}
    />
  );

  const remove = useConfirmedMutation(
    {
      mutationFn: (g: GraphGroup) => call(API.graphGroupDelete, { params: { id: g.id } }),
      success: T.removed,
      invalidates: [[GRAPH_KEY]],
    },
    (g) => ({
      title: T.removeTitle(g.name),
      content: T.removeBody(g.itemCount, g.edgeCount),
      okText: T.remove,
      cancelText: GRAPH_TEXTS.cancel,
      danger: true,
    }),
  );

  const columns: TableColumnsType<GraphGroup> = [
    {
      title: T.columns.order,
      key: 'order',
      width: 80,
      render: (_, g, i) => (
        <Space size={0}>
          {moveButton(g, 'up', firstOfSubject(i))}
          {moveButton(g, 'down', lastOfSubject(i))}
        </Space>
      ),
    },
    {
      title: T.columns.name,
      dataIndex: 'name',
      width: 200,
      render: (n: string, g) => (
        <Space orientation="vertical" size={0}>
          <Link to={graphItemsPath(g.id)}>
            <Typography.Text strong>{n}</Typography.Text>
          </Link>
          {g.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: g.description }} style={{ maxWidth: 260 }}>
              {g.description}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: T.columns.subject,
      dataIndex: 'subjectId',
      width: 90,
      render: (s: string) => subjectNames.get(s) ?? s,
    },
    {
      title: T.columns.grade,
      dataIndex: 'gradeId',
      width: 90,
      render: (g: string | null) => (g === null ? T.allGrades : (gradeNames.get(g) ?? g)),
    },
    { title: T.columns.items, dataIndex: 'itemCount', width: 90, align: 'right' },
    { title: T.columns.edges, dataIndex: 'edgeCount', width: 110, align: 'right' },
    timeColumn(T.columns.lastUpdate, 'lastUpdate', 150),
    {
      title: T.columns.actions,
      key: 'actions',
      width: 300,
      render: (_, g) => (
        <Space size={8} wrap>
          <Link to={graphItemsPath(g.id)}>{T.items}</Link>
          <Link to={graphAddItemsPath(g.id)}>{GRAPH_TEXTS.editor.addItems}</Link>
          <Link to={graphPreviewPath(g.id)}>{T.preview}</Link>
          <Link to={graphStatsPath(g.id)}>{T.stats}</Link>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setEditing(g)}>
            {T.edit}
          </Button>
          <Button type="link" size="small" danger style={{ padding: 0 }} onClick={() => remove.ask(g)}>
            {T.remove}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={T.title}>
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      <ListToolbar
        filters={
          <>
            <SearchInput
              placeholder={T.search}
              style={{ width: 240, maxWidth: '100%' }}
              onSearch={paging.filtered(setKeyword)}
            />
            <SubjectSelect
              aria-label={T.subject}
              placeholder={T.allSubjects}
              style={{ width: 160 }}
              value={subjectId}
              onChange={paging.filtered((v?: string) => setSubjectId(v ?? undefined))}
            />
          </>
        }
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {T.create}
          </Button>
        }
      />
      <PagedTable<GraphGroup>
        rowKey="id"
        columns={columns}
        query={list}
        paging={paging}
        texts={{ empty: T.empty, total: T.total }}
        scroll={{ x: 1000 }}
      />
      <GroupFormModal
        open={editing !== undefined}
        editing={editing ?? null}
        onClose={() => setEditing(undefined)}
        onCreated={(g) => void navigate(graphAddItemsPath(g.id))}
      />
    </Card>
  );
}
