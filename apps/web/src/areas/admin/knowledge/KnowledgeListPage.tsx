// admin/knowledge/list/{subject}: the subject's knowledge tree with counts; add, rename and delete points.
import { useMemo, useState } from 'react';
import { App as AntApp, Button, Card, Empty, Space, Spin, Tabs, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { type KnowledgePoint } from '@edu/contract';
import { API } from '../../../api/routes';
import { errorText } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { DICTIONARY_KEYS, invalidateKnowledge } from '../../../app/dictionaries';
import { useAppConfig, useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { ResultPage } from '../../../components/ResultPage';
import { KNOWLEDGE_TEXTS as T } from '../texts';
import { codesToDepth, countNodes, subtree, type KpNode } from './kp-tree';
import { KpNameModal } from './KpNameModal';
import { KpTitle, type KpActions } from './KpTitle';

type Editing =
  { mode: 'add'; parent: KnowledgePoint } | { mode: 'subject' } | { mode: 'rename'; point: KnowledgePoint };

const VIRTUAL_FROM = 400;

function toTreeData(node: KpNode, actions: KpActions): TreeDataNode {
  return {
    key: node.point.code,
    title: <KpTitle point={node.point} actions={actions} />,
    children: node.children.map((c) => toTreeData(c, actions)),
  };
}

export default function KnowledgeListPage() {
  const { subject = '' } = useParams();
  const navigate = useNavigate();
  const call = useCall();
  const { agencyId } = useAppConfig();
  const queryClient = useQueryClient();
  const { modal } = AntApp.useApp();
  const [editing, setEditing] = useState<Editing | null>(null);
  // null: the default expansion (first level). Back to null whenever the subject changes, adjusted
  // while rendering (https://react.dev/learn/you-might-not-need-an-effect) rather than in an effect.
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);
  const [expandedSubject, setExpandedSubject] = useState(subject);
  if (expandedSubject !== subject) {
    setExpandedSubject(subject);
    setExpanded(null);
  }

  // The subjects, then only the shown subject's subtree, both with this agency's counts (docs/web.md
  // "Server state"): the page never loads the whole tree.
  const subjects = useQuery({
    queryKey: [...DICTIONARY_KEYS.knowledgeCounts, 'subjects', agencyId],
    queryFn: () => call(API.kpSubjects),
  });
  const subjectPoint = subjects.data?.find((s) => s.code === subject);
  const descendants = useQuery({
    queryKey: [...DICTIONARY_KEYS.knowledgeCounts, 'descendants', agencyId, subject],
    queryFn: () => call(API.kpDescendants, { params: { id: subject } }),
    enabled: subjectPoint !== undefined,
  });
  const reloading = subjects.isFetching || descendants.isFetching;

  /** Loads the subjects, the subtree and the pickers' tree again (after a write or on 刷新). */
  const reload = () => invalidateKnowledge(queryClient);

  const tree = useMemo(
    () => (subjectPoint && descendants.data ? subtree([subjectPoint, ...descendants.data], subject) : null),
    [subjectPoint, descendants.data, subject],
  );

  const remove = useApiMutation({
    mutationFn: (point: KnowledgePoint) => call(API.kpDelete, { params: { id: point.code } }),
    // e.g. 409: the point still has children or questions; the shared error toast says which.
    success: T.removed,
    onSuccess: async (_, point) => {
      await reload();
      if (point.code === subject) await navigate('/admin/knowledge/list/first', { replace: true });
    },
  });

  const save = useApiMutation({
    mutationFn: ({ editing: e, name }: { editing: Editing; name: string }) =>
      e.mode === 'rename'
        ? call(API.kpRename, { params: { id: e.point.code }, body: { request: { name } } })
        : call(API.kpCreate, { body: { request: { parent: e.mode === 'add' ? e.parent.code : null, name } } }),
    success: (_, { editing: e }) => (e.mode === 'rename' ? T.saved : T.added),
    onSuccess: async (saved, { editing: e }) => {
      if (e.mode === 'add') setExpanded((keys) => [...(keys ?? codesToDepth(tree, 1)), e.parent.code]);
      if (e.mode === 'subject') await navigate(`/admin/knowledge/list/${saved.code}`);
      setEditing(null);
      await reload();
    },
  });

  const actions: KpActions = {
    onAdd: (parent) => setEditing({ mode: 'add', parent }),
    onRename: (point) => setEditing({ mode: 'rename', point }),
    onDelete: (point) =>
      void modal.confirm({
        title: T.removeTitle(point.name),
        content: T.removeBody,
        okText: T.removeOk,
        okButtonProps: { danger: true },
        cancelText: T.cancel,
        onOk: () => remove.run(point),
      }),
  };

  const list = subjects.data ?? [];
  const known = list.some((s) => s.code === subject);
  if (subjects.isPending) return <PageSpinner />;
  if (subjects.isError) {
    return (
      <ResultPage
        status="error"
        title={T.loadFailed}
        subTitle={errorText(subjects.error)}
        extra={<Button onClick={() => void subjects.refetch()}>{T.reload}</Button>}
      />
    );
  }
  if (list.length > 0 && !known) return <Navigate to={`/admin/knowledge/list/${list[0].code}`} replace />;

  const total = Math.max(countNodes(tree) - 1, 0);
  const modalTitle =
    editing?.mode === 'rename'
      ? T.renameTitle(editing.point.name)
      : editing?.mode === 'add'
        ? T.addChildTitle(editing.parent.name)
        : editing
          ? T.addSubjectTitle
          : '';

  return (
    <Card
      title={T.title}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} loading={reloading} onClick={() => void reload()}>
            {T.reload}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'subject' })}>
            {T.addSubject}
          </Button>
        </Space>
      }
    >
      {list.length === 0 ? (
        <Empty description={T.noSubjects} />
      ) : (
        <>
          <Tabs
            activeKey={subject}
            onChange={(code) => void navigate(`/admin/knowledge/list/${code}`)}
            items={list.map((s) => ({ key: s.code, label: s.name }))}
          />
          <Spin spinning={reloading}>
            {tree ? (
              <>
                <Typography.Paragraph type="secondary">{T.total(total)}</Typography.Paragraph>
                <Tree
                  blockNode
                  showLine
                  selectable={false}
                  treeData={[toTreeData(tree, actions)]}
                  expandedKeys={expanded ?? codesToDepth(tree, 1)}
                  onExpand={(keys) => setExpanded(keys)}
                  virtual={total >= VIRTUAL_FROM}
                  height={total >= VIRTUAL_FROM ? 640 : undefined}
                />
                {tree.children.length === 0 && (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.emptySubject} />
                )}
              </>
            ) : descendants.isPending || reloading ? (
              <PageSpinner />
            ) : (
              <Empty description={T.emptySubject} />
            )}
          </Spin>
        </>
      )}
      <KpNameModal
        open={editing !== null}
        title={modalTitle}
        initialName={editing?.mode === 'rename' ? editing.point.name : ''}
        confirmLoading={save.isPending}
        onSubmit={(name) => editing && save.mutate({ editing, name })}
        onCancel={() => setEditing(null)}
      />
    </Card>
  );
}
