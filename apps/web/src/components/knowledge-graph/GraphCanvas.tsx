// A knowledge graph drawn read-only with React Flow (the admin preview, the student's graph): nodes coloured by
// their state, arrows from a prerequisite to what builds on it, fitted into view with names readable at the zoom it
// opens at (fit.ts). Loaded lazily (docs/web.md
// "Knowledge graph"): importing this file pulls in React Flow and dagre.
import { useId, useMemo, useRef } from 'react';
import { Background, Controls, MarkerType, ReactFlow, type Edge, type ReactFlowInstance } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { FIT, labelSize, startViewport } from './fit';
import { positionsOf } from './layout';
import { NODE_FRAME, NODE_TYPES, type GraphFlowNode, type GraphNodeData } from './GraphNode';
import type { GraphNodeState } from './states';

export interface CanvasNode {
  id: string;
  label: string;
  x: number | null;
  y: number | null;
  state?: GraphNodeState;
  progress?: GraphNodeData['progress'];
}
export interface CanvasEdge {
  id: string;
  /** The prerequisite. */
  from: string;
  to: string;
}

export { FIT };

/** React Flow's own edge colour, given to the arrowheads (a marker without a colour is drawn with none). */
export const EDGE_COLOR = '#b1b1b7';
export const ARROW = { type: MarkerType.ArrowClosed, width: 18, height: 18, color: EDGE_COLOR } as const;

/**
 * An id of its own for each React Flow on a page: arrowhead markers are named after the flow's id, and flows with
 * the default id would all point at the first one's markers — hidden with its tab, so the other tabs drew no arrows.
 */
export function useFlowId(): string {
  return `flow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

export function flowEdges(edges: readonly CanvasEdge[]): Edge[] {
  return edges.map((e) => ({ id: e.id, source: e.from, target: e.to, markerEnd: ARROW }));
}

export interface GraphCanvasProps {
  nodes: readonly CanvasNode[];
  edges: readonly CanvasEdge[];
  /** What the graph shows, for screen readers. */
  label: string;
  height?: number | string;
  selectedId?: string | null;
  /** The node a graph larger than its box opens around (the student's next thing to learn). */
  focusId?: string | null;
  onNodeClick?: (id: string) => void;
  /**
   * The items' states when they change without the graph (the preview's sample student), else each node's own:
   * a new colouring does not lay the graph out again.
   */
  states?: ReadonlyMap<string, GraphNodeState>;
}

export default function GraphCanvas({
  nodes,
  edges,
  label,
  height = 520,
  selectedId,
  focusId,
  onNodeClick,
  states,
}: GraphCanvasProps) {
  // Laid out once per graph (docs/knowledge-graph.md "Speed"): a selection or a new colouring keeps the positions.
  const at = useMemo(
    () =>
      positionsOf(
        nodes,
        edges.map((e) => ({ from: e.from, to: e.to })),
      ),
    [nodes, edges],
  );
  const flowNodes = useMemo<GraphFlowNode[]>(
    () =>
      nodes.map((n) => ({
        id: n.id,
        type: 'item',
        ...NODE_FRAME,
        position: at.get(n.id)!,
        data: { label: n.label, state: states?.get(n.id) ?? n.state, progress: n.progress },
        selected: n.id === selectedId,
        ariaLabel: n.label,
      })),
    [nodes, at, states, selectedId],
  );
  const flowEdges_ = useMemo(() => flowEdges(edges), [edges]);
  const box = useRef<HTMLDivElement>(null);
  const flowId = useFlowId();
  // The names' size follows the zoom without drawing the nodes again: a CSS variable on the box (GraphNode).
  const sizeLabels = (zoom: number) => {
    const { font, line } = labelSize(zoom);
    box.current?.style.setProperty('--graph-label-size', `${font}px`);
    box.current?.style.setProperty('--graph-label-line', `${line}px`);
  };
  // Opened where startViewport says (a tall graph at its top, centred across) once the box has its size.
  const start = (flow: ReactFlowInstance<GraphFlowNode>) => {
    const el = box.current;
    if (!el || el.clientWidth === 0 || el.clientHeight === 0) {
      void flow.fitView(FIT).then(() => sizeLabels(flow.getZoom()));
      return;
    }
    const viewport = startViewport(
      flowNodes.map((n) => n.position),
      { width: el.clientWidth, height: el.clientHeight },
      focusId ? at.get(focusId) : undefined,
    );
    sizeLabels(viewport.zoom);
    void flow.setViewport(viewport);
  };
  return (
    <div ref={box} role="figure" aria-label={label} className="graph-canvas" style={{ width: '100%', height }}>
      <ReactFlow<GraphFlowNode>
        id={flowId}
        nodes={flowNodes}
        edges={flowEdges_}
        nodeTypes={NODE_TYPES}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        deleteKeyCode={null}
        onlyRenderVisibleElements={nodes.length > 300}
        onNodeClick={(_, n) => onNodeClick?.(n.id)}
        onInit={start}
        onMove={(_, viewport) => sizeLabels(viewport.zoom)}
        minZoom={0.1}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={24} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
