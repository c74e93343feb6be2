// How a graph is fitted into its box (GraphCanvas, the editor).
import { NODE_HEIGHT, NODE_WIDTH } from './layout';

/**
 * Fitting a wide graph into a narrow box would shrink its names past reading: never below 60 % (the rest is a pan
 * away), never above full size for a small graph.
 */
export const FIT = { padding: 0.06, minZoom: 0.6, maxZoom: 1 } as const;

/**
 * Where a read-only graph opens: at the zoom that fits it (within FIT's bounds), centred across; a graph taller
 * than the box at that zoom starts at its top — its first prerequisites — instead of somewhere in its middle,
 * still centred across. Positions are the nodes' top-left corners.
 */
export function startViewport(
  positions: readonly { x: number; y: number }[],
  box: { width: number; height: number },
): { x: number; y: number; zoom: number } {
  if (!positions.length) return { x: 0, y: 0, zoom: 1 };
  const minX = Math.min(...positions.map((p) => p.x));
  const minY = Math.min(...positions.map((p) => p.y));
  const width = Math.max(...positions.map((p) => p.x)) + NODE_WIDTH - minX;
  const height = Math.max(...positions.map((p) => p.y)) + NODE_HEIGHT - minY;
  const padX = box.width * FIT.padding;
  const padY = box.height * FIT.padding;
  const fits = Math.min((box.width - 2 * padX) / width, (box.height - 2 * padY) / height);
  const zoom = Math.min(FIT.maxZoom, Math.max(FIT.minZoom, fits));
  const x = box.width / 2 - (minX + width / 2) * zoom;
  const y = height * zoom <= box.height - 2 * padY ? box.height / 2 - (minY + height / 2) * zoom : padY - minY * zoom;
  return { x, y, zoom };
}
