// admin/knowledgraph/group/:id/items (docs/web.md "Knowledge graph"): the graph editor. The canvas (React Flow,
// lazy) draws items and prerequisites; an edge drawn or picked is PUT and a refusal (a cycle, a duplicate) is shown
// in place with the server's message while the graph stays as it was; a selected edge or item can be deleted (an
// item after a confirmation that says where it is used); positions are saved as they change.
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { GraphDetail, GraphEdge, GraphItem } from '@edu/contract';
import { errorText } from '../../../api/client';
import { API } from '../../../api/routes';
import { useApiMutation } from '../../../api/mutation';
import { GRAPH_KEY, useGraphDetail } from '../../../components/knowledge-graph/queries';
import { useCall } from '../../../app/session-context';
import { PageSpinner } from '../../../components/PageSpinner';
import { useUnsavedGuard } from '../../../components/useUnsavedGuard';
import { EdgeForm } from './EdgeForm';
import type { Selection } from './GraphEditor';
import { GraphPageCard } from './GraphPageCard';
import { LazyGraphEditor as GraphEditor, loadGraphEditor } from './load';
import { graphAddItemsPath, graphItemPath, graphPreviewPath, graphStatsPath } from './paths';
import { RemoveItemModal } from './RemoveItemModal';
import { GRAPH_TEXTS } from './texts';
import { useLayoutSaver } from './use-layout-saver';

const T = GRAPH_TEXTS.editor;

function SelectionPanel({
  detail,
  selected,
  onRemoveEdge,
  onRemoveItem,
}: {
  detail: GraphDetail;
  selected: Selection;
  onRemoveEdge: (e: GraphEdge) => void;
  onRemoveItem: (i: GraphItem) => void;
}) {
  const byId = useMemo(() => new Map(detail.items.map((i) => [i.id, i])), [detail.items]);
  const name = (id: string) => byId.get(id)?.knowledgeName ?? id;
  if (selected?.kind === 'edge') {
    const e = detail.edges.find((x) => x.id === selected.id);
    if (!e) return null;
    return (
      <Space orientation="vertical" className="graph-selection">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {T.selectedEdge}
        </Typography.Title>
        <Typography.Text>
          {name(e.fromItemId)} → {name(e.toItemId)}
        </Typography.Text>
        <Button danger onClick={() => onRemoveEdge(e)}>
          {T.removeEdge}
        </Button>
      </Space>
    );
  }
  if (selected?.kind === 'item') {
    const item = byId.get(selected.id);
    if (!item) return null;
    const before = detail.edges.filter((e) => e.toItemId === item.id).map((e) => name(e.fromItemId));
    const after = detail.edges.filter((e) => e.fromItemId === item.id).map((e) => name(e.toItemId));
    return (
      <Space orientation="vertical" className="graph-selection" style={{ width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {T.selectedItem}：{item.knowledgeName}
        </Typography.Title>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={T.prerequisites}>{before.join('、') || GRAPH_TEXTS.none}</Descriptions.Item>
          <Descriptions.Item label={T.dependants}>{after.join('、') || GRAPH_TEXTS.none}</Descriptions.Item>
        </Descriptions>
        {item.description && <Typography.Paragraph type="secondary">{item.description}</Typography.Paragraph>}
        <Space wrap>
          <Link to={graphItemPath(item.id)}>{T.modifyItem}</Link>
          <Button danger size="small" onClick={() => onRemoveItem(item)}>
            {T.removeItem}
          </Button>
        </Space>
      </Space>
    );
  }
  return null;
}

export default function ItemsEditorPage() {
  const { id = '' } = useParams();
  const call = useCall();
  const detail = useGraphDetail(id);
  const [selected, setSelected] = useState<Selection>(null);
  const [edgeError, setEdgeError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<GraphItem | null>(null);
  const saver = useLayoutSaver(id);
  // Edges and items are saved at once; positions still queued are saved when the page closes, so only closing the
  // tab asks (docs/web.md "Unsaved changes").
  useUnsavedGuard(saver.unsaved, { inApp: false });
  // The canvas loads while the graph is read (the route starts both sooner: docs/knowledge-graph.md "Speed").
  useEffect(() => void loadGraphEditor(), []);
  const d = detail.data;

  const addEdge = useApiMutation({
    mutationFn: (e: { fromItemId: string; toItemId: string }) =>
      call(API.graphEdgeCreate, { params: { id }, body: { request: e } }),
    success: T.edgeAdded,
    invalidates: [[GRAPH_KEY]],
    // The refusal names the cycle: shown above the graph, which keeps its edges (they are the server's).
    error: 'none',
    onMutate: () => setEdgeError(null),
    onError: (e) => setEdgeError(errorText(e)),
  });
  const removeEdge = useApiMutation({
    mutationFn: (e: GraphEdge) => call(API.graphEdgeDelete, { params: { id: e.id } }),
    success: T.edgeRemoved,
    invalidates: [[GRAPH_KEY]],
    onSuccess: () => setSelected(null),
  });
  const removeItem = useApiMutation({
    mutationFn: (i: GraphItem) => call(API.graphItemDelete, { params: { id: i.id } }),
    success: T.itemRemoved,
    invalidates: [[GRAPH_KEY]],
    onSuccess: () => {
      setRemoving(null);
      setSelected(null);
    },
  });

  const connect = (fromItemId: string, toItemId: string) => addEdge.mutate({ fromItemId, toItemId });

  return (
    <GraphPageCard
      title={T.title(d?.group.name ?? '')}
      query={detail}
      extra={
        <>
          <Link to={graphAddItemsPath(id)}>{T.addItems}</Link>
          <Link to={graphPreviewPath(id)}>{T.preview}</Link>
          <Link to={graphStatsPath(id)}>{T.stats}</Link>
        </>
      }
    >
      {d && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {T.counts(d.items.length, d.edges.length)}
            {saver.isSaving && ` · ${T.saving}`}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {T.hint}
          </Typography.Paragraph>
          {edgeError && (
            <Alert
              type="error"
              showIcon
              closable={{ onClose: () => setEdgeError(null) }}
              className="graph-edge-error"
              title={T.edgeRefused}
              description={edgeError}
            />
          )}
          {d.items.length === 0 ? (
            <Alert type="info" showIcon title={T.empty} action={<Link to={graphAddItemsPath(id)}>{T.addItems}</Link>} />
          ) : (
            <>
              <EdgeForm items={d.items} busy={addEdge.isPending} onAdd={connect} />
              <Flex wrap gap={16} align="flex-start">
                <div
                  role="region"
                  aria-label={T.canvas}
                  style={{
                    flex: '1 1 560px',
                    minWidth: 0,
                    height: '70vh',
                    minHeight: 420,
                    border: '1px solid #f0f0f0',
                    borderRadius: 8,
                  }}
                >
                  <Suspense fallback={<PageSpinner />}>
                    <GraphEditor
                      items={d.items}
                      edges={d.edges}
                      selected={selected}
                      onSelect={setSelected}
                      onConnect={connect}
                      onPositions={saver.queue}
                    />
                  </Suspense>
                </div>
                {selected && (
                  <div style={{ flex: '0 1 280px', minWidth: 0 }}>
                    <SelectionPanel
                      detail={d}
                      selected={selected}
                      onRemoveEdge={(e) => removeEdge.mutate(e)}
                      onRemoveItem={setRemoving}
                    />
                  </div>
                )}
              </Flex>
            </>
          )}
        </Space>
      )}
      <RemoveItemModal
        item={removing}
        busy={removeItem.isPending}
        onOk={(i) => removeItem.mutate(i)}
        onClose={() => setRemoving(null)}
      />
    </GraphPageCard>
  );
}
