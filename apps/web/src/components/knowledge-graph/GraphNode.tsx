// One item of a knowledge graph as a React Flow node: a box of NODE_WIDTH × NODE_HEIGHT, coloured by its state
// when it has one, with a bar along its foot for the student's progress towards mastering it; handles on top
// (dependants connect in) and bottom (drag from here to an item that needs it).
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { NODE_HEIGHT, NODE_WIDTH } from './layout';
import { STATE_STYLES, type GraphNodeState } from './states';
import { GRAPH_VIEW_TEXTS as T } from './texts';

export type GraphNodeData = {
  label: string;
  state?: GraphNodeState;
  /** The editor's nodes show their handles; read-only views keep them hidden. */
  editable?: boolean;
  /** A student's progress towards mastering the item (0–1) and its name, drawn as a bar along the foot. */
  progress?: { share: number; color: string; label: string };
};
export type GraphFlowNode = Node<GraphNodeData, 'item'>;

const HIDDEN = { opacity: 0, pointerEvents: 'none' as const };

export function GraphNode({ data, selected }: NodeProps<GraphFlowNode>) {
  const style = data.state ? STATE_STYLES[data.state] : { color: '#8c8c8c', background: '#fff', text: '#262626' };
  const ready = data.state === 'ready';
  return (
    <div
      className={`graph-node${data.state ? ` graph-node-${data.state}` : ''}`}
      title={T.nodeLabel(data.label, data.state && T.states[data.state], data.progress?.label)}
      style={{
        // Not overflow: hidden — the handles sit half outside the node and must stay there to be dragged from.
        position: 'relative',
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '0 8px',
        borderRadius: 8,
        border: `${ready || selected ? 3 : 2}px solid ${selected ? '#722ed1' : style.color}`,
        background: style.background,
        color: style.text,
        // The canvas and the editor set the names' size for their zoom (fit.ts labelSize, ReadableLabels).
        fontSize: 'var(--graph-label-size, 13px)',
        fontWeight: ready ? 600 : 400,
        boxShadow: ready ? `0 0 0 4px ${style.color}33` : undefined,
        cursor: 'pointer',
      }}
    >
      <Handle type="target" position={Position.Top} style={data.editable ? undefined : HIDDEN} />
      <span
        style={{
          overflow: 'hidden',
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          textAlign: 'center',
          lineHeight: 'var(--graph-label-line, 16px)',
          wordBreak: 'break-word',
        }}
      >
        {data.label}
      </span>
      {data.progress && <ProgressBar {...data.progress} />}
      <Handle type="source" position={Position.Bottom} style={data.editable ? undefined : HIDDEN} />
    </div>
  );
}

/** The progress bar: a grey track along the node's foot, filled to the share in the level's colour. */
function ProgressBar({ share, color }: { share: number; color: string }) {
  return (
    <span
      className="graph-node-progress"
      data-share={share}
      aria-hidden
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        height: 4,
        background: '#0000000f',
        borderRadius: '0 0 6px 6px',
        overflow: 'hidden',
      }}
    >
      <span style={{ display: 'block', height: '100%', width: `${Math.round(share * 100)}%`, background: color }} />
    </span>
  );
}

export const NODE_TYPES = { item: GraphNode };

/** React Flow's handle: a 6 px square centred on the node's edge (its stylesheet). */
const HANDLE = 6;
/**
 * The size and the two handles every node is drawn with, given to React Flow up front (docs/knowledge-graph.md
 * "Speed"): it shows the nodes and their edges in the first frame instead of after measuring them, and a node
 * outside the view is known to be outside without ever being drawn.
 */
export const NODE_FRAME = {
  width: NODE_WIDTH,
  height: NODE_HEIGHT,
  handles: [
    {
      type: 'target',
      position: Position.Top,
      x: (NODE_WIDTH - HANDLE) / 2,
      y: -HANDLE / 2,
      width: HANDLE,
      height: HANDLE,
    },
    {
      type: 'source',
      position: Position.Bottom,
      x: (NODE_WIDTH - HANDLE) / 2,
      y: NODE_HEIGHT - HANDLE / 2,
      width: HANDLE,
      height: HANDLE,
    },
  ],
} satisfies Pick<GraphFlowNode, 'width' | 'height' | 'handles'>;
