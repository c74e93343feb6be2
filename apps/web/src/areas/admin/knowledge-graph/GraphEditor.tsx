// The editor's canvas (React Flow; loaded lazily with dagre): items as nodes, prerequisites as arrows. Dragging
// from a node's bottom handle to another node asks for an edge; dragging a node moves it (the page saves the
// position, debounced); 自动布局 lays the whole graph out in layers. Unplaced items (x/y null) are laid out when
// they arrive and their positions handed to the page to save. The edges drawn are always the server's. The names
// are drawn larger when zoomed out, as on the student's graph (ReadableLabels): at least 12 px on the screen.
import { useEffect, useMemo, useRef } from 'react';
import {
  Background,
  Controls,
  MiniMap,
  Panel,
  ReactFlow,
  useNodesState,
  useReactFlow,
  ReactFlowProvider,
  type Edge,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { App, Button } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import type { GraphEdge, GraphItem } from '@edu/contract';
import { ARROW, FIT, useFlowId } from '../../../components/knowledge-graph/GraphCanvas';
import { NODE_FRAME, NODE_TYPES, type GraphFlowNode } from '../../../components/knowledge-graph/GraphNode';
import { ReadableLabels } from '../../../components/knowledge-graph/ReadableLabels';
import { layeredLayout, placeUnplaced, type Point } from '../../../components/knowledge-graph/layout';
import { GRAPH_TEXTS } from './texts';

const T = GRAPH_TEXTS.editor;
/**
 * No minimap above this many items: it draws every node at every pan (2,000 rectangles for the benchmark's graph,
 * docs/knowledge-graph.md "Speed"), and a graph that large shows in it as a thin strip.
 */
const MINIMAP_MAX_ITEMS = 500;

export type Selection = { kind: 'item'; id: string } | { kind: 'edge'; id: string } | null;
export interface Position {
  itemId: string;
  x: number;
  y: number;
}

export interface GraphEditorProps {
  items: readonly GraphItem[];
  edges: readonly GraphEdge[];
  selected: Selection;
  onSelect: (s: Selection) => void;
  onConnect: (fromItemId: string, toItemId: string) => void;
  /** New positions to save: `now` for a layout (saved at once), else a drag (debounced by the page). */
  onPositions: (positions: Position[], now: boolean) => void;
}

const toPositions = (m: ReadonlyMap<string, Point>): Position[] =>
  [...m].map(([itemId, p]) => ({ itemId, x: Math.round(p.x), y: Math.round(p.y) }));

function LayoutButton({ onLayout }: { onLayout: () => void }) {
  return (
    <Button icon={<ApartmentOutlined />} onClick={onLayout}>
      {T.autoLayout}
    </Button>
  );
}

function Editor({ items, edges, selected, onSelect, onConnect, onPositions }: GraphEditorProps) {
  const [nodes, setNodes, onNodesChange] = useNodesState<GraphFlowNode>([]);
  /** Positions moved here and not necessarily in `items` yet (the save is debounced). */
  const local = useRef(new Map<string, Point>());
  const layoutEdges = useMemo(() => edges.map((e) => ({ from: e.fromItemId, to: e.toItemId })), [edges]);
  const flow = useReactFlow();
  const flowId = useFlowId();
  const { message } = App.useApp();
  /** Set by 自动布局: the view is fitted once React Flow has the nodes at their new places. */
  const fitPending = useRef(false);
  useEffect(() => {
    if (!fitPending.current) return;
    fitPending.current = false;
    // React Flow takes controlled nodes into its store in its own effects: fit on the frame after.
    requestAnimationFrame(() => void flow.fitView({ ...FIT, duration: 200 }));
  }, [nodes, flow]);

  useEffect(() => {
    const known = items.map((i) => {
      const p = local.current.get(i.id);
      return { id: i.id, x: p?.x ?? i.x, y: p?.y ?? i.y };
    });
    const added = placeUnplaced(known, layoutEdges);
    for (const [id, p] of added) local.current.set(id, p);
    if (added.size > 0) onPositions(toPositions(added), true);
    setNodes((prev) => {
      const selectedIds = new Set(prev.filter((n) => n.selected).map((n) => n.id));
      return known.map((k, index) => ({
        id: k.id,
        type: 'item' as const,
        ...NODE_FRAME,
        position: added.get(k.id) ?? { x: k.x!, y: k.y! },
        data: { label: items[index].knowledgeName, editable: true },
        selected: selectedIds.has(k.id),
        ariaLabel: items[index].knowledgeName,
      }));
    });
    // onPositions is the page's; a new function each render must not lay out again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, layoutEdges, setNodes]);

  const flowEdges = useMemo<Edge[]>(
    () =>
      edges.map((e) => {
        const on = selected?.kind === 'edge' && selected.id === e.id;
        return {
          id: e.id,
          source: e.fromItemId,
          target: e.toItemId,
          markerEnd: on ? { ...ARROW, color: '#722ed1' } : ARROW,
          style: on ? { stroke: '#722ed1', strokeWidth: 3 } : { strokeWidth: 1.5 },
          selected: on,
        };
      }),
    [edges, selected],
  );

  const layoutAll = () => {
    const at = layeredLayout(
      items.map((i) => i.id),
      layoutEdges,
    );
    for (const [id, p] of at) local.current.set(id, p);
    fitPending.current = true;
    setNodes((prev) => prev.map((n) => ({ ...n, position: at.get(n.id) ?? n.position })));
    onPositions(toPositions(at), true);
    void message.success(T.laidOut);
  };

  return (
    <ReactFlow<GraphFlowNode>
      id={flowId}
      nodes={nodes}
      edges={flowEdges}
      nodeTypes={NODE_TYPES}
      onNodesChange={onNodesChange}
      onNodeClick={(_, n) => onSelect({ kind: 'item', id: n.id })}
      onEdgeClick={(_, e) => onSelect({ kind: 'edge', id: e.id })}
      onPaneClick={() => onSelect(null)}
      onConnect={(c) => {
        if (c.source && c.target && c.source !== c.target) onConnect(c.source, c.target);
      }}
      isValidConnection={(c) => c.source !== c.target}
      onNodeDragStop={(_, _node, moved) => {
        const at = new Map(moved.map((n) => [n.id, n.position]));
        for (const [id, p] of at) local.current.set(id, p);
        onPositions(toPositions(at), false);
      }}
      deleteKeyCode={null}
      onlyRenderVisibleElements={items.length > 300}
      fitView
      fitViewOptions={FIT}
      minZoom={0.1}
      proOptions={{ hideAttribution: true }}
    >
      <Panel position="top-left">
        <LayoutButton onLayout={layoutAll} />
      </Panel>
      <ReadableLabels />
      <Background gap={24} />
      <Controls showInteractive={false} />
      {items.length > 30 && items.length <= MINIMAP_MAX_ITEMS && <MiniMap pannable zoomable />}
    </ReactFlow>
  );
}

export default function GraphEditor(props: GraphEditorProps) {
  return (
    <ReactFlowProvider>
      <Editor {...props} />
    </ReactFlowProvider>
  );
}
